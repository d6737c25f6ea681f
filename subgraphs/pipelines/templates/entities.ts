import { randomUUID } from 'node:crypto';
import { Entity, Index, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { TenantEntity } from '../../../kernel/tenancy.js';
import { nowDate } from '../../../kernel/clock.js';
import type { HealthConfig, PipelineConfig, Stage } from '../common/definition.js';
import type { TemplateStatus } from '../common/enums.js';

/** A pipeline template of a workspace: a definition that is DRAFT, PUBLISHED or DEPRECATED (docs/pipelines.md). */
@Entity({ tableName: 'template' })
@Unique({ properties: ['workspaceId', 'name', 'version'] })
@Index({ properties: ['workspaceId', 'createdAt'] })
export class TemplateRecord extends TenantEntity {
  @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @Property({ type: 'text' }) name!: string;
  @Property({ type: 'text', nullable: true }) description?: string | null;
  /** A semantic version (semver.org 2.0.0), unique per name within the workspace. */
  @Property({ length: 100 }) version!: string;
  @Property({ length: 20 }) status: TemplateStatus = 'DRAFT';
  @Property({ type: 'json' }) stages!: Stage[];
  @Property({ type: 'json' }) config!: PipelineConfig;
  @Property({ type: 'json' }) health!: HealthConfig;
  @Property({ type: 'json', nullable: true }) metadata?: Record<string, unknown> | null;
  @Property({ type: 'datetime' }) createdAt: Date = nowDate();
  /** Who created it: the API key's id. */
  @Property({ type: 'text' }) createdBy!: string;
  @Property({ type: 'datetime' }) updatedAt: Date = nowDate();
  @Property({ type: 'text' }) updatedBy!: string;
  @Property({ type: 'datetime', nullable: true }) publishedAt?: Date | null;
  @Property({ type: 'datetime', nullable: true }) deprecatedAt?: Date | null;
}
