import { randomUUID } from 'node:crypto';
import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { TenantEntity } from '../../../kernel/tenancy.js';
import { nowDate } from '../../../kernel/clock.js';
import type { ExecutionStatus, LogLevel, Priority, StageStatus } from '../common/enums.js';

/** One stage of an execution as the engine keeps it (spec "StageExecution"). */
export interface StageRun {
  name: string;
  status: StageStatus;
  /** Runs of the stage so far (a RETRY or a stage retry adds one). */
  attempts: number;
  startedAt?: number | null;
  completedAt?: number | null;
  duration?: number | null;
  /** When a WAIT stage is due (DURATION) or gives up (CONDITION), epoch ms. */
  dueAt?: number | null;
  error?: { code: string; message: string } | null;
}

/**
 * An execution of a pipeline (docs/pipelines.md "Executions"). `step` counts the engine's state changes: each durable
 * job carries the step it was enqueued for, and a job whose step is not the execution's current one does nothing
 * (a duplicate, or overtaken by a cancel, a retry or a timeout).
 */
@Entity({ tableName: 'execution' })
@Index({ properties: ['workspaceId', 'pipelineId', 'createdAt'] })
@Index({ properties: ['pipelineId', 'status'] })
export class ExecutionRecord extends TenantEntity {
  @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @Property({ type: 'uuid' }) pipelineId!: string;
  @Property({ length: 20 }) status: ExecutionStatus = 'PENDING';
  @Property({ type: 'integer' }) currentStageIndex: number = 0;
  @Property({ type: 'json' }) stages!: StageRun[];
  @Property({ type: 'json' }) context!: Record<string, unknown>;
  @Property({ type: 'json' }) metadata!: Record<string, unknown>;
  @Property({ type: 'json' }) results: Record<string, unknown> = {};
  @Property({ type: 'json', nullable: true }) error?: { code: string; message: string; stage?: string } | null;
  @Property({ length: 10 }) priority: Priority = 'NORMAL';
  @Property({ type: 'json' }) tags: string[] = [];
  @Property() debug: boolean = false;
  /** A scheduled simulation of the health worker (a dry run); not counted in health or analytics. */
  @Property() simulation: boolean = false;
  @Property({ type: 'datetime' }) createdAt: Date = nowDate();
  @Property({ type: 'datetime' }) startedAt: Date = nowDate();
  @Property({ type: 'datetime', nullable: true }) completedAt?: Date | null;
  @Property({ type: 'integer', nullable: true }) duration?: number | null;
  @Property({ type: 'integer' }) retryAttempts: number = 0;
  @Property({ type: 'integer' }) step: number = 0;
  /** Stage runs so far: bounds a loop of `next` transitions (PIPELINE_MAX_STAGE_RUNS). */
  @Property({ type: 'integer' }) stageRuns: number = 0;
  @Property({ type: 'datetime', nullable: true }) deadlineAt?: Date | null;
}

/** A log line of an execution. */
@Entity({ tableName: 'execution_log' })
@Index({ properties: ['executionId', 'id'] })
export class ExecutionLogRecord extends TenantEntity {
  @PrimaryKey({ type: 'bigint', autoincrement: true }) id!: string;
  @Property({ type: 'uuid' }) executionId!: string;
  @Property({ type: 'datetime' }) at: Date = nowDate();
  @Property({ length: 10 }) level!: LogLevel;
  @Property({ type: 'text', nullable: true }) stage?: string | null;
  @Property({ type: 'text' }) message!: string;
  @Property({ type: 'json', nullable: true }) data?: Record<string, unknown> | null;
}

/** A QUERY stage's answer kept for its `cacheDuration`. */
@Entity({ tableName: 'query_cache' })
export class QueryCacheRecord extends TenantEntity {
  @PrimaryKey({ type: 'text' }) key!: string;
  @Property({ type: 'json' }) result!: Record<string, unknown>;
  @Property({ type: 'datetime' }) expiresAt!: Date;
}
