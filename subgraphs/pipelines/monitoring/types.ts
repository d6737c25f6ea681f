import { IsOptional } from 'class-validator';
import { ArgsType, Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { PageOf } from '../../../kernel/graphql-types.js';
import { DateTimeScalar } from '../../../kernel/scalars.js';
import { AlertSeverity, EscalationSeverity, EscalationStatus, GroupBy, HealthStatus, QueryResource } from '../common/enums.js';

/**
 * The monitoring area's answers and arguments (spec group 16 `/:pipelineId/health`, `/:pipelineId/analytics`,
 * `/escalations`; docs/pipelines.md "Health", "Analytics", "Escalations").
 */

@ObjectType('PipelineHealthMetrics', { description: "A pipeline's figures over its executions (simulations excluded) that ended in the last 24 hours." })
export class PipelineHealthMetrics {
  @Field(() => Int, { description: 'Executions that ended (SUCCESS, FAILED or TIMEOUT) in the last 24 hours.' }) totalExecutions!: number;
  @Field(() => Float, { description: 'Share of them that succeeded, 0 to 1 (0 when none ended).' }) successRate!: number;
  @Field(() => Float, { description: 'Share of them that ended FAILED or TIMEOUT, 0 to 1 (0 when none ended).' }) errorRate!: number;
  @Field(() => Float, { description: 'Their mean duration in milliseconds (0 when none ended).' }) avgDuration!: number;
  @Field(() => Float, { description: 'The 95th percentile of their durations in milliseconds (continuous percentile; 0 when none ended).' }) p95Duration!: number;
  @Field(() => Float, { description: 'The 99th percentile of their durations in milliseconds (continuous percentile; 0 when none ended).' }) p99Duration!: number;
  @Field(() => Int, { description: 'Executions PENDING or RUNNING now.' }) activeExecutions!: number;
}

@ObjectType('PipelineAlert', { description: 'A health alert: raised by the health worker when the health status changes (the pipeline keeps the last 50).' })
export class PipelineAlert {
  @Field(() => AlertSeverity, { description: 'WARNING when the health became DEGRADED, CRITICAL when it became CRITICAL, INFO when it became HEALTHY again.' }) severity!: AlertSeverity;
  @Field({ description: 'What changed, in words (the new status, the score, the status before).' }) message!: string;
  @Field(() => DateTimeScalar, { description: 'When it was raised (REST: epoch milliseconds).' }) timestamp!: Date;
  @Field({ description: 'Whether someone acknowledged it (alerts are raised unacknowledged).' }) acknowledged!: boolean;
}

@ObjectType('PipelineSimulationResult', { description: 'The outcome of the last scheduled simulation (a dry run with the health `testData`).' })
export class PipelineSimulationResult {
  @Field({ description: 'Whether the dry run predicted the execution to succeed.' }) success!: boolean;
  @Field(() => Int, { description: 'How long the dry run took, in milliseconds.' }) duration!: number;
  @Field(() => DateTimeScalar, { description: 'When it ended (REST: epoch milliseconds).' }) completedAt!: Date;
}

@ObjectType('PipelineHealth', { description: 'A pipeline\'s health (docs/pipelines.md "Health"), computed when asked.' })
export class PipelineHealth {
  @Field(() => ID, { description: 'The pipeline.' }) pipelineId!: string;
  @Field(() => HealthStatus, { description: 'UNKNOWN under 5 ended executions in 24 hours; else CRITICAL, DEGRADED or HEALTHY by the alert thresholds, with hysteresis (docs/pipelines.md "Health").' })
  status!: HealthStatus;
  @Field(() => Float, {
    description: '0 to 100 (one decimal): 100 × successRate, minus up to 50 points when avgDuration is past its threshold (50 × (avgDuration / threshold − 1)); 100 when no execution ended.',
  })
  healthScore!: number;
  @Field(() => DateTimeScalar, { description: 'When these figures were computed (now; REST: epoch milliseconds).' }) lastCheck!: Date;
  @Field(() => DateTimeScalar, { nullable: true, description: 'When the health worker last scored the pipeline (null: never; REST: epoch milliseconds).' })
  lastWorkerCheck?: Date | null;
  @Field(() => PipelineHealthMetrics, { description: 'The figures the status and score come from.' }) metrics!: PipelineHealthMetrics;
  @Field(() => [PipelineAlert], { description: 'The stored alerts, newest first (at most 50).' }) alerts!: PipelineAlert[];
  @Field(() => PipelineSimulationResult, { nullable: true, description: 'The last scheduled simulation (null: none ran yet).' }) lastSimulation?: PipelineSimulationResult | null;
}

@ObjectType('PipelineAnalyticsPoint', { description: 'One bucket of the time series: the executions (simulations excluded) that started in it.' })
export class PipelineAnalyticsPoint {
  @Field(() => DateTimeScalar, { description: 'Start of the bucket in UTC (an hour, a day from 00:00, a week from Monday 00:00; REST: epoch milliseconds).' }) timestamp!: Date;
  @Field(() => Int, { description: 'Executions started in the bucket.' }) executions!: number;
  @Field(() => Int, { description: 'Of those, the ones that ended SUCCESS.' }) successes!: number;
  @Field(() => Int, { description: 'Of those, the ones that ended FAILED or TIMEOUT.' }) failures!: number;
  @Field(() => Float, { description: 'Mean duration of those that ended, in milliseconds (0 when none ended).' }) avgDuration!: number;
}

@ObjectType('PipelineStageMetric', { description: 'How one stage fared over the executions of the period (stage runs that ended SUCCESS, FAILED or TIMEOUT).' })
export class PipelineStageMetric {
  @Field({ description: 'The stage name.' }) stage!: string;
  @Field(() => Int, { description: 'Executions in which the stage ended (SUCCESS, FAILED or TIMEOUT; skipped and unreached stages do not count).' }) executions!: number;
  @Field(() => Float, { description: 'Share of those in which it succeeded, 0 to 1.' }) successRate!: number;
  @Field(() => Float, { description: 'Mean duration of the stage in milliseconds (0 when none recorded).' }) avgDuration!: number;
  @Field(() => [String], { description: 'Distinct error messages of its failures, at most 5.' }) errors!: string[];
}

@ObjectType('PipelineResourceUsage', { description: 'How often a resource was selected by the QUERY stages of the period.' })
export class PipelineResourceUsage {
  @Field({ description: 'The selected resource: its id.' }) resource!: string;
  @Field(() => QueryResource, { nullable: true, description: 'What kind of resource it is, as its QUERY stage selected it (null when not recorded).' })
  resourceType?: QueryResource | null;
  @Field(() => Int, { description: 'How many times it was selected.' }) selections!: number;
  @Field(() => Float, { description: 'Mean score it was selected with (0 to 100 as the strategy scores; 0 when no score was recorded).' }) avgScore!: number;
}

@ObjectType('PipelineAnalytics', { description: 'A pipeline\'s executions over a period, in SQL buckets (docs/pipelines.md "Analytics"); simulations excluded.' })
export class PipelineAnalytics {
  @Field(() => ID, { description: 'The pipeline.' }) pipelineId!: string;
  @Field(() => DateTimeScalar, { description: 'Start of the period (inclusive; REST: epoch milliseconds).' }) startDate!: Date;
  @Field(() => DateTimeScalar, { description: 'End of the period (exclusive; REST: epoch milliseconds).' }) endDate!: Date;
  @Field(() => GroupBy, { description: 'The bucket of the time series.' }) groupBy!: GroupBy;
  @Field(() => [PipelineAnalyticsPoint], { description: 'One point per bucket from the bucket of startDate to that of endDate, oldest first; empty buckets are zeros.' })
  timeSeries!: PipelineAnalyticsPoint[];
  @Field(() => [PipelineStageMetric], { description: 'One entry per stage that ended at least once, in the order of the pipeline.' }) stageMetrics!: PipelineStageMetric[];
  @Field(() => [PipelineResourceUsage], { description: 'Resources selected by QUERY stages, most selected first (at most 100).' }) resourceUsage!: PipelineResourceUsage[];
}

@ArgsType()
export class AnalyticsArgs {
  @Field(() => DateTimeScalar, { nullable: true, description: 'Start of the period (ISO-8601; default: endDate − 7 days).' }) @IsOptional() startDate?: Date;
  @Field(() => DateTimeScalar, { nullable: true, description: 'End of the period (ISO-8601; default: now). Must be after startDate; at most 1,000 buckets.' }) @IsOptional() endDate?: Date;
  @Field(() => GroupBy, { nullable: true, description: 'hour, day (default) or week.' }) @IsOptional() groupBy?: GroupBy;
}

@ObjectType('PipelineEscalation', { description: 'An escalation: an execution failed or timed out, or a stage timed out past its retries (docs/pipelines.md "Escalations").' })
export class PipelineEscalation {
  @Field(() => ID, { description: 'The escalation.' }) id!: string;
  @Field(() => ID, { description: 'The execution it is about.' }) executionId!: string;
  @Field(() => ID, { description: "The execution's pipeline." }) pipelineId!: string;
  @Field(() => EscalationSeverity, {
    description:
      'How serious: LOW a stage timeout the execution went on from; MEDIUM a failure; HIGH a failure on a WEBHOOK stage or an execution timeout; CRITICAL the third or later failure or timeout of the pipeline within an hour.',
  })
  severity!: EscalationSeverity;
  @Field({ description: 'What went wrong, in words.' }) reason!: string;
  @Field(() => String, { nullable: true, description: 'The stage it happened in (null: none, e.g. the execution timed out between stages).' }) stage?: string | null;
  @Field(() => EscalationStatus, { description: 'OPEN, ACKNOWLEDGED or RESOLVED (a later execution of the pipeline succeeded).' }) status!: EscalationStatus;
  @Field(() => DateTimeScalar, { description: 'When it was opened (REST: epoch milliseconds).' }) createdAt!: Date;
  @Field(() => DateTimeScalar, { nullable: true, description: 'When it was resolved (null while OPEN or ACKNOWLEDGED; REST: epoch milliseconds).' }) resolvedAt?: Date | null;
}

export const PipelineEscalationPage = PageOf(PipelineEscalation, 'PipelineEscalation');

@ArgsType()
export class EscalationArgs {
  @Field(() => EscalationSeverity, { nullable: true, description: 'Only escalations of this severity.' }) @IsOptional() severity?: EscalationSeverity;
  @Field(() => EscalationStatus, { nullable: true, description: 'Only escalations in this status.' }) @IsOptional() status?: EscalationStatus;
  @Field(() => ID, { nullable: true, description: 'Only escalations of this pipeline.' }) @IsOptional() pipelineId?: string;
}
