import { ArrayMaxSize, IsOptional, Length, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { GraphQLJSONObject } from 'graphql-scalars';
import { ArgsType, Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';
import { PageArgs, PageOf } from '../../../kernel/graphql-types.js';
import { DateTimeScalar } from '../../../kernel/scalars.js';
import { FallbackOption } from '../common/definition.js';
import { ExecutionStatus, LogLevel, PipelineQueryOutcome, Priority, QueryResource, QueryStrategy, StageStatus } from '../common/enums.js';

@ObjectType('ExecutionError', { description: 'Why an execution ended FAILED or TIMEOUT.' })
export class ExecutionError {
  @Field({
    description:
      'A pipeline code: EXECUTION_FAILED, STAGE_TIMEOUT, QUERY_NO_RESULTS, WEBHOOK_FAILED, PIPELINE_NOT_FOUND, VALIDATION_ERROR, SERVICE_UNAVAILABLE (a QUERY whose queries family did not answer).',
  })
  code!: string;
  @Field({ description: 'What happened, in words.' }) message!: string;
  @Field({ nullable: true, description: 'The stage it happened in.' }) stage?: string;
}

@ObjectType('StageErrorInfo', { description: 'Why a stage run did not succeed.' })
export class StageErrorInfo {
  @Field({ description: 'A pipeline code (STAGE_TIMEOUT, QUERY_NO_RESULTS, WEBHOOK_FAILED …).' }) code!: string;
  @Field({ description: 'What happened, in words.' }) message!: string;
}

@ObjectType('StageExecution', { description: 'One stage of an execution.' })
export class StageExecution {
  @Field({ description: 'The stage name.' }) name!: string;
  @Field(() => StageStatus, { description: 'Where the stage is.' }) status!: StageStatus;
  @Field(() => Int, { description: 'Runs so far (a retry adds one).' }) attempts!: number;
  @Field(() => DateTimeScalar, { nullable: true, description: 'When its last run started.' }) startedAt?: Date | null;
  @Field(() => DateTimeScalar, { nullable: true, description: 'When its last run ended.' }) completedAt?: Date | null;
  @Field(() => Int, { nullable: true, description: 'Milliseconds its last run took.' }) duration?: number | null;
  @Field(() => StageErrorInfo, { nullable: true, description: 'Why its last run did not succeed.' }) error?: StageErrorInfo | null;
}

@ObjectType('PipelineExecution', { description: 'An execution of a pipeline (docs/pipelines.md "Executions").' })
export class PipelineExecution {
  @Field(() => ID, { description: "The execution's identifier." }) id!: string;
  @Field(() => ID, { description: 'The pipeline it runs.' }) pipelineId!: string;
  @Field(() => ExecutionStatus, { description: 'Where it is.' }) status!: ExecutionStatus;
  @Field(() => Int, { description: 'The index (from 0) of the stage it is at, or ended at.' }) currentStageIndex!: number;
  @Field(() => [StageExecution], { description: "Its stages, in the pipeline's order." }) stages!: StageExecution[];
  @Field(() => GraphQLJSONObject, { description: 'What it runs with besides its metadata: `priority`, `debug`, `timeout` (ms), `simulation`.' }) context!: Record<string, unknown>;
  @Field(() => GraphQLJSONObject, { description: 'The metadata it was started with.' }) metadata!: Record<string, unknown>;
  @Field(() => GraphQLJSONObject, {
    description: "The stages' results by stage name (QUERY: {resource, score, strategy, alternatives}; WEBHOOK: {statusCode, body, deliveryId, attempts}; WAIT: {waitedMs}).",
  })
  results!: Record<string, unknown>;
  @Field(() => ExecutionError, { nullable: true, description: 'Why it ended FAILED or TIMEOUT.' }) error?: ExecutionError | null;
  @Field(() => DateTimeScalar, { description: 'When it started (accepted, for a PENDING one).' }) startedAt!: Date;
  @Field(() => DateTimeScalar, { nullable: true, description: 'When it ended.' }) completedAt?: Date | null;
  @Field(() => Int, { nullable: true, description: 'Milliseconds from start to end.' }) duration?: number | null;
  @Field(() => Int, { description: 'How many times it was retried (POST …/retry).' }) retryAttempts!: number;
  @Field(() => [String], { description: 'Its tags.' }) tags!: string[];
}

export const ExecutionPage = PageOf(PipelineExecution, 'PipelineExecution');

@InputType('ExecutionConfigInput', { description: 'How one execution runs.' })
export class ExecutionConfigInput {
  @Field(() => Int, { nullable: true, description: "Milliseconds it may run before it ends TIMEOUT, 1 to 86,400,000 (default: the pipeline's `config.timeout`)." })
  @IsOptional()
  @Min(1)
  @Max(86_400_000)
  timeout?: number;
  @Field(() => Priority, { nullable: true, description: 'NORMAL by default.' }) @IsOptional() priority?: Priority;
}

@InputType('ExecutePipelineInput', { description: 'An execution to start.' })
export class ExecutePipelineInput {
  @Field(() => GraphQLJSONObject, { description: 'The data it runs with (read by conditions and `${execution.metadata.<field>}` templates), at most 64 KB.' }) metadata!: Record<string, unknown>;
  @Field(() => ExecutionConfigInput, { nullable: true, description: 'Timeout and priority.' }) @IsOptional() @ValidateNested() config?: ExecutionConfigInput;
  @Field(() => [String], { nullable: true, description: 'Tags to find it by, at most 20 of 1 to 50 characters.' })
  @IsOptional()
  @ArrayMaxSize(20)
  @Length(1, 50, { each: true })
  tags?: string[];
  @Field({ nullable: true, description: 'Write DEBUG lines to its log (default false).' }) @IsOptional() debug?: boolean;
}

@ArgsType()
export class ExecutionListArgs extends PageArgs {
  @Field(() => ExecutionStatus, { nullable: true, description: 'Only executions in this status.' }) @IsOptional() status?: ExecutionStatus;
  @Field(() => [String], { nullable: true, description: 'Only executions carrying all these tags.' }) @IsOptional() @ArrayMaxSize(20) tags?: string[];
  @Field(() => DateTimeScalar, { nullable: true, description: 'Only executions started at or after this instant.' }) @IsOptional() startDate?: Date;
  @Field(() => DateTimeScalar, { nullable: true, description: 'Only executions started before this instant.' }) @IsOptional() endDate?: Date;
}

@ObjectType('ExecutionLogLine', { description: 'A line of an execution log.' })
export class ExecutionLogLine {
  @Field(() => DateTimeScalar, { description: 'When.' }) timestamp!: Date;
  @Field(() => LogLevel, { description: 'How important.' }) level!: LogLevel;
  @Field({ nullable: true, description: 'The stage it is about.' }) stage?: string;
  @Field({ description: 'What happened.' }) message!: string;
  @Field(() => GraphQLJSONObject, { nullable: true, description: 'Details (ids, the transition taken; results with `debug`).' }) data?: Record<string, unknown>;
}

@ObjectType('ExecutionLogs', { description: "An execution's log, oldest first (at most the last 5,000 lines)." })
export class ExecutionLogs {
  @Field(() => ID, { description: 'The execution.' }) executionId!: string;
  @Field(() => [ExecutionLogLine], { description: 'Its lines.' }) logs!: ExecutionLogLine[];
}

@ObjectType('DryRunStage', { description: 'What a stage would do.' })
export class DryRunStage {
  @Field({ description: 'The stage name.' }) name!: string;
  @Field({
    description:
      'SUCCESS (a query found a resource; a condition holds; a wait), NO_RESULTS (a query found nothing), WOULD_CALL (a webhook, not sent), REFUSED (a webhook target the guard refuses), WOULD_WAIT (a condition that does not hold yet).',
  })
  predictedResult!: string;
  @Field(() => Int, { description: 'Milliseconds it would take: a wait its duration (a condition its timeout when it does not hold), a query what it took now, a webhook its timeout.' })
  estimatedDuration!: number;
}

@ObjectType('DryRunResult', { description: 'A dry run: the path the execution would take with this metadata, with no side effects.' })
export class DryRunResult {
  @Field(() => [DryRunStage], { description: 'The stages it would run, in order.' }) stages!: DryRunStage[];
  @Field(() => Int, { description: 'Their estimated durations added up (ms).' }) estimatedDuration!: number;
  @Field(() => [String], { description: 'What would go wrong or is worth knowing.' }) warnings!: string[];
}

@InputType('PipelineQueryInput', { description: 'A query to run alone, as a QUERY stage would.' })
export class PipelineQueryInput {
  @Field(() => QueryResource, { description: 'The kind of resource.' }) resource!: QueryResource;
  @Field(() => GraphQLJSONObject, { description: 'Filters, as a QUERY stage takes them.' }) filters!: Record<string, unknown>;
  @Field(() => QueryStrategy, { description: 'How to pick.' }) strategy!: QueryStrategy;
  @Field(() => [FallbackOption], { nullable: true, description: 'Tried in order when nothing matches, at most 5.' })
  @IsOptional()
  @ArrayMaxSize(5)
  @ValidateNested({ each: true })
  fallbackOptions?: FallbackOption[];
  @Field(() => GraphQLJSONObject, { nullable: true, description: 'What `${execution.<path>}` templates read (e.g. `{"metadata": {…}}`).' }) @IsOptional() context?: Record<string, unknown>;
}

@ObjectType('PipelineQueryResult', { description: "A query's answer." })
export class PipelineQueryResult {
  @Field(() => PipelineQueryOutcome, { description: 'SUCCESS, or QUERY_NO_RESULTS when nothing matched (an answer: HTTP 200).' }) status!: PipelineQueryOutcome;
  @Field(() => GraphQLJSONObject, { nullable: true, description: 'The selected resource: id, type, name, lsp, location … (docs/pipelines.md "QUERY"); null when nothing matched.' })
  resource!: Record<string, unknown> | null;
  @Field(() => Float, { nullable: true, description: 'Its score, 0–100, under the strategy; null when nothing matched.' }) score!: number | null;
  @Field(() => QueryStrategy, { description: "The strategy that picked it (a fallback option's, when one was used)." }) strategy!: QueryStrategy;
  @Field(() => [GraphQLJSONObject], { description: 'Up to 4 runners-up, best first.' }) alternatives!: Record<string, unknown>[];
}

@InputType('RetryExecutionInput', { description: 'Where a retry starts.' })
export class RetryExecutionInput {
  @Field({ nullable: true, description: 'The stage to start from (default: the one it failed at).' }) @IsOptional() @MaxLength(100) fromStage?: string;
}
