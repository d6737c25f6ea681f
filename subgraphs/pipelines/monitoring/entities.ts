import { randomUUID } from 'node:crypto';
import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { TenantEntity } from '../../../kernel/tenancy.js';
import { nowDate } from '../../../kernel/clock.js';
import type { EscalationSeverity, EscalationStatus } from '../common/enums.js';

/** An escalation: an execution failed terminally, or a stage timed out past its retries (docs/pipelines.md "Escalations"). */
@Entity({ tableName: 'escalation' })
@Index({ properties: ['workspaceId', 'createdAt'] })
export class EscalationRecord extends TenantEntity {
  @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @Property({ type: 'uuid' }) executionId!: string;
  @Property({ type: 'uuid' }) pipelineId!: string;
  @Property({ length: 20 }) severity!: EscalationSeverity;
  @Property({ type: 'text' }) reason!: string;
  @Property({ type: 'text', nullable: true }) stage?: string | null;
  @Property({ length: 20 }) status: EscalationStatus = 'OPEN';
  @Property({ type: 'datetime' }) createdAt: Date = nowDate();
  @Property({ type: 'datetime', nullable: true }) resolvedAt?: Date | null;
}
