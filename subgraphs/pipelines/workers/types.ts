import { Field, Int, ObjectType } from 'type-graphql';
import { closedList } from '../../../kernel/graphql-types.js';
import { DateTimeScalar } from '../../../kernel/scalars.js';

/** The workers area's answers (spec group 16 `/workers/*`; docs/pipelines.md "Workers"). */

export const PipelineWorkerName = closedList('PipelineWorkerName', 'One of the five workers of the pipelines family; each is switched on or off per workspace.', {
  execution: "Takes the steps of the workspace's executions (stopped: they wait, PENDING or between stages, and go on when started).",
  health: "Scores the workspace's pipelines and runs their scheduled simulations.",
  webhook: "Delivers the workspace's webhook calls (stopped: attempts wait).",
  transition: 'Applies the transitions after a stage ends (part of taking steps: it follows the execution switch).',
  escalation: 'Opens and resolves escalations (part of taking steps: it follows the execution switch).',
});

@ObjectType('PipelineWorkerCounters', { description: 'What a worker did for the workspace; "today" is since 00:00 UTC. Each worker fills the counters that apply to it, the others are null.' })
export class PipelineWorkerCounters {
  @Field(() => Int, { nullable: true, description: 'execution: executions PENDING or RUNNING now (simulations excluded).' }) activeExecutions?: number;
  @Field(() => Int, {
    nullable: true,
    description:
      'execution: RUNNING executions whose current stage started longer ago than its allowance + 60 s (allowance: the stage timeout, default PIPELINE_STAGE_TIMEOUT_MS, or for a WAIT stage the longer of that, its duration and its timeout).',
  })
  stalledStages?: number;
  @Field(() => Int, { nullable: true, description: 'execution: stage runs that ended TIMEOUT today.' }) timedOutStages?: number;
  @Field(() => Int, { nullable: true, description: 'execution: executions that ended SUCCESS today.' }) completedToday?: number;
  @Field(() => Int, { nullable: true, description: 'execution: executions that ended FAILED or TIMEOUT today.' }) failedToday?: number;
  @Field(() => Int, { nullable: true, description: 'health: pipelines the health worker scored today.' }) pipelinesChecked?: number;
  @Field(() => Int, { nullable: true, description: 'health: of those, the ones with enough executions for a score that counts (status not UNKNOWN).' }) healthScoresCalculated?: number;
  @Field(() => Int, { nullable: true, description: 'health: health status changes today (each raises one alert).' }) statusChanges?: number;
  @Field(() => Int, { nullable: true, description: 'health: alerts of severity WARNING or CRITICAL raised today.' }) alertsGenerated?: number;
  @Field(() => Int, { nullable: true, description: 'transition: stage runs that ended today (SUCCESS, FAILED, TIMEOUT or SKIPPED), each followed by a transition.' }) transitionsProcessed?: number;
  @Field(() => Int, { nullable: true, description: 'transition: of those, the ones that ended FAILED or TIMEOUT (their failure or timeout transition was taken).' }) transitionErrors?: number;
  @Field(() => Int, { nullable: true, description: 'webhook: deliveries that got a 2xx answer today.' }) webhooksDelivered?: number;
  @Field(() => Int, { nullable: true, description: 'webhook: attempts after the first (attempts − 1, summed) of deliveries attempted today.' }) webhookRetries?: number;
  @Field(() => Int, { nullable: true, description: 'webhook: deliveries that failed for good today.' }) webhookFailures?: number;
  @Field(() => Int, { nullable: true, description: 'escalation: escalations opened today.' }) escalationsToday?: number;
  @Field(() => Int, { nullable: true, description: 'escalation: escalations OPEN or ACKNOWLEDGED now.' }) openEscalations?: number;
}

@ObjectType('PipelineWorker', { description: "One worker's switch, interval and counters for the caller's workspace." })
export class PipelineWorker {
  @Field(() => PipelineWorkerName, { description: 'Which worker.' }) name!: string;
  @Field({ description: 'Whether it works for the workspace (stopped: its work for the workspace waits; other workspaces go on).' }) enabled!: boolean;
  @Field(() => Int, {
    description: 'How often it looks for work, in milliseconds: PIPELINE_HEALTH_INTERVAL_MS for health, the job queue polling interval for the others (operator settings, not settable by API).',
  })
  intervalMs!: number;
  @Field(() => PipelineWorkerCounters, { description: 'What it did for the workspace.' }) stats!: PipelineWorkerCounters;
  @Field(() => DateTimeScalar, { nullable: true, description: 'When it last did something for the workspace (null: never; REST: epoch milliseconds).' }) lastRun?: Date | null;
}

@ObjectType('PipelineWorkers', { description: "The five workers of the caller's workspace." })
export class PipelineWorkers {
  @Field(() => [PipelineWorker], { description: 'execution, health, webhook, transition, escalation, in that order.' }) workers!: PipelineWorker[];
}

@ObjectType('PipelineWorkersInitialized', { description: 'The answer of initializing the workers.' })
export class PipelineWorkersInitialized {
  @Field({ description: 'Always true.' }) success!: boolean;
  @Field(() => Int, { description: 'Workers that have a switch for the workspace now (5).' }) workersInitialized!: number;
}

@ObjectType('PipelineWorkersSwitched', { description: 'The answer of starting or stopping the workers.' })
export class PipelineWorkersSwitched {
  @Field({ description: 'Always true.' }) success!: boolean;
}
