import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { TenantEntity } from '../../../kernel/tenancy.js';
import { nowDate } from '../../../kernel/clock.js';

/** A workspace's switch for one of the five workers (docs/pipelines.md "Workers"): stopped, its work for the workspace waits. */
@Entity({ tableName: 'worker_switch' })
export class WorkerSwitchRecord extends TenantEntity {
  /** `<workspace id>:<worker name>`. */
  @PrimaryKey({ type: 'text' }) id!: string;
  @Property({ length: 20 }) name!: string;
  @Property() enabled: boolean = true;
  @Property({ type: 'datetime' }) updatedAt: Date = nowDate();
}
