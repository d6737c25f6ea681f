import { randomUUID } from 'node:crypto';
import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { TenantEntity } from '../../../kernel/tenancy.js';
import { nowDate } from '../../../kernel/clock.js';
import type { HealthConfig, PipelineConfig, Stage } from '../common/definition.js';
import type { AlertSeverity, HealthStatus, PipelineStatus } from '../common/enums.js';

/** A health alert as the health worker keeps it on the pipeline (the last 50). */
export interface StoredAlert {
  severity: AlertSeverity;
  message: string;
  timestamp: number;
  acknowledged: boolean;
}

/**
 * A pipeline deployed from a PUBLISHED template: a snapshot of the template's stages, config and health (with the
 * deploy's overrides), so later template changes never reach it or its executions.
 */
@Entity({ tableName: 'pipeline' })
@Index({ properties: ['workspaceId', 'createdAt'] })
export class PipelineRecord extends TenantEntity {
  @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @Property({ type: 'uuid' }) templateId!: string;
  @Property({ length: 100 }) templateVersion!: string;
  @Property({ type: 'text' }) name!: string;
  @Property({ type: 'text', nullable: true }) description?: string | null;
  @Property({ length: 20 }) status: PipelineStatus = 'ACTIVE';
  @Property({ type: 'datetime' }) statusChangedAt: Date = nowDate();
  @Property({ type: 'text', nullable: true }) statusReason?: string | null;
  @Property({ type: 'json' }) stages!: Stage[];
  @Property({ type: 'json' }) config!: PipelineConfig;
  @Property({ type: 'json' }) health!: HealthConfig;
  @Property({ type: 'double' }) healthScore: number = 100;
  @Property({ length: 20 }) healthStatus: HealthStatus = 'UNKNOWN';
  @Property({ type: 'datetime', nullable: true }) healthCheckedAt?: Date | null;
  @Property({ type: 'json' }) alerts: StoredAlert[] = [];
  @Property({ type: 'json', nullable: true }) lastSimulation?: { success: boolean; duration: number; completedAt: number } | null;
  @Property({ type: 'datetime', nullable: true }) nextSimulationAt?: Date | null;
  @Property({ type: 'json' }) baseline: { duration: number; successRate: number } = { duration: 0, successRate: 0 };
  @Property({ type: 'datetime' }) createdAt: Date = nowDate();
  @Property({ type: 'text' }) createdBy!: string;
  @Property({ type: 'datetime' }) updatedAt: Date = nowDate();
  @Property({ type: 'text' }) updatedBy!: string;
}
