import { ArrayMaxSize, IsOptional, Length, Matches, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { GraphQLJSON, GraphQLJSONObject } from 'graphql-scalars';
import { Field, Float, InputType, Int, ObjectType } from 'type-graphql';
import { ConditionLogic, ConditionOperator, HttpMethod, QueryResource, QueryStrategy, StageAction, TransitionType, WaitType } from './enums.js';

/**
 * A pipeline's definition, as templates hold it and pipelines snapshot it (spec "Pipeline objects"): stages with their
 * query, webhook or wait, their transitions, and the pipeline's config and health settings. Each class is both the
 * object type (`PipelineStage`) and the input type (`PipelineStageInput`) of the same shape. The limits here are the shape's; the
 * graph's own rules (names, `next`, reachability, cycles, addresses) are templates/rules.ts `validateDefinition`.
 */

/** Limits of a definition (docs/pipelines.md "Limits"). */
export const LIMITS = {
  stages: 50,
  nameLength: 100,
  conditionDepth: 4,
  conditions: 20,
  retries: 10,
  /** ms: the longest delay, wait, timeout or interval a definition may name (one day). */
  maxMs: 86_400_000,
  headers: 30,
  fallbackOptions: 5,
} as const;

const STAGE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;
const STAGE_NAME_MSG = { message: 'must be letters, digits, _ . - (starting with a letter or digit)' };
const ms = (what: string) => `${what} in milliseconds, 0 to 86,400,000 (a day).`;

@ObjectType('TransitionCondition', { description: 'A test over the execution data (`field` is a dotted path: `metadata.x`, `results.<stage>.y`, `context.z`).' })
@InputType('TransitionConditionInput', { description: 'A test over the execution data.' })
export class TransitionCondition {
  @Field({ description: 'Dotted path into the execution data: `metadata.<field>`, `results.<stage>.<field>`, `context.<field>`, `status`.' })
  @Length(1, 200)
  field!: string;
  @Field(() => ConditionOperator, { description: 'How the value at `field` is compared with `value`.' }) operator!: ConditionOperator;
  @Field(() => GraphQLJSON, { nullable: true, description: 'What the value at `field` is compared with (any JSON value; for EXISTS, `false` means "absent").' })
  @IsOptional()
  value?: unknown;
  @Field(() => ConditionLogic, { nullable: true, description: 'How this test combines with `conditions` (default AND).' }) @IsOptional() logic?: ConditionLogic;
  @Field(() => [TransitionCondition], { nullable: true, description: 'Further tests combined with this one by `logic`; nested at most 4 levels, at most 20 tests in all.' })
  @IsOptional()
  @ArrayMaxSize(LIMITS.conditions)
  @ValidateNested({ each: true })
  conditions?: TransitionCondition[];
}

@ObjectType('Transition', { description: 'What happens after a stage ends one way (docs/pipelines.md "Transitions").' })
@InputType('TransitionInput', { description: 'What happens after a stage ends one way.' })
export class Transition {
  @Field(() => TransitionType, { description: 'What to do.' }) type!: TransitionType;
  @Field({ nullable: true, description: 'The stage to go to (CONTINUE and SKIP); default: the next stage in order.' })
  @IsOptional()
  @Length(1, LIMITS.nameLength)
  next?: string;
  @Field(() => TransitionCondition, { nullable: true, description: 'The transition applies only when this holds; otherwise the default for the outcome does (CONTINUE after success, FAIL after failure or timeout).' })
  @IsOptional()
  @ValidateNested()
  condition?: TransitionCondition;
  @Field(() => Int, { nullable: true, description: "RETRY: how many more times the stage runs once this transition applies, 0 to 10 (default: the pipeline retryPolicy's maxAttempts − 1, else 0)." })
  @IsOptional()
  @Min(0)
  @Max(LIMITS.retries)
  retries?: number;
  @Field(() => Int, { nullable: true, description: `RETRY: the wait before each run again, ${ms('')} Default: the stage's \`retryDelay\`, else the pipeline's retry policy.` })
  @IsOptional()
  @Min(0)
  @Max(LIMITS.maxMs)
  retryDelay?: number;
}

@ObjectType('StageTransitions', { description: 'What happens after a stage succeeds, fails or times out.' })
@InputType('StageTransitionsInput', { description: 'What happens after a stage succeeds, fails or times out.' })
export class StageTransitions {
  @Field(() => Transition, { nullable: true, description: 'After success (default CONTINUE).' }) @IsOptional() @ValidateNested() onSuccess?: Transition;
  @Field(() => Transition, { nullable: true, description: 'After failure, once its attempts are spent (default FAIL).' }) @IsOptional() @ValidateNested() onFailure?: Transition;
  @Field(() => Transition, { nullable: true, description: 'After its timeout passes (default FAIL).' }) @IsOptional() @ValidateNested() onTimeout?: Transition;
}

@ObjectType('FallbackOption', { description: 'What a QUERY stage tries when nothing matches: other filters, another strategy, or a fixed resource.' })
@InputType('FallbackOptionInput', { description: 'What a QUERY stage tries when nothing matches.' })
export class FallbackOption {
  @Field(() => GraphQLJSONObject, { nullable: true, description: 'Filters to use instead (same form as the query\'s; `${execution.metadata.<field>}` allowed).' })
  @IsOptional()
  filters?: Record<string, unknown>;
  @Field(() => QueryStrategy, { nullable: true, description: 'Strategy to use instead.' }) @IsOptional() strategy?: QueryStrategy;
  @Field(() => QueryResource, { nullable: true, description: 'Resource kind to look for instead.' }) @IsOptional() resource?: QueryResource;
}

@ObjectType('QueryConfig', { description: 'What a QUERY stage selects and how (docs/pipelines.md "QUERY").' })
@InputType('QueryConfigInput', { description: 'What a QUERY stage selects and how.' })
export class QueryConfig {
  @Field(() => QueryResource, { description: 'The kind of resource.' }) resource!: QueryResource;
  @Field(() => GraphQLJSONObject, {
    description:
      'Filters (docs/pipelines.md lists them): `location` {lat, lng}, `maxDistance` km, `country`, `city`, `tags`, `capabilities`, `capacityType`, `minCapacity`, `lsp`; a string value may be `${execution.metadata.<field>}`.',
  })
  filters!: Record<string, unknown>;
  @Field(() => QueryStrategy, { description: 'How to pick among the matches.' }) strategy!: QueryStrategy;
  @Field(() => [FallbackOption], { nullable: true, description: 'Tried in order when nothing matches, at most 5.' })
  @IsOptional()
  @ArrayMaxSize(LIMITS.fallbackOptions)
  @ValidateNested({ each: true })
  fallbackOptions?: FallbackOption[];
  @Field(() => Int, { nullable: true, description: 'Seconds the same query (same filters and strategy) answers from the last result, 0 to 86,400 (default 0: no reuse).' })
  @IsOptional()
  @Min(0)
  @Max(86_400)
  cacheDuration?: number;
}

@ObjectType('WebhookHeader', { description: 'One HTTP header of a webhook call.' })
@InputType('WebhookHeaderInput', { description: 'One HTTP header of a webhook call.' })
export class WebhookHeader {
  @Field({ description: 'Header name (token characters; the `webhook-*` signature headers are set by the platform and may not be given).' })
  @Matches(/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/, { message: 'must be an HTTP header name' })
  name!: string;
  @Field({ description: 'Header value (`${execution.metadata.<field>}` allowed), at most 2,000 characters.' }) @MaxLength(2000) value!: string;
}

@ObjectType('WebhookConfig', { description: 'The HTTP call of a WEBHOOK stage (docs/pipelines.md "WEBHOOK").' })
@InputType('WebhookConfigInput', { description: 'The HTTP call of a WEBHOOK stage.' })
export class WebhookConfig {
  @Field({ description: 'An http(s) URL; its host may not resolve to a private, loopback or link-local address unless the operator allows it (PIPELINE_WEBHOOK_ALLOW).' })
  @Length(1, 2048)
  url!: string;
  @Field(() => HttpMethod, { description: 'The HTTP method.' }) method!: HttpMethod;
  @Field(() => [WebhookHeader], { nullable: true, description: 'Extra headers, at most 30 (REST: an object of name → value).' })
  @IsOptional()
  @ArrayMaxSize(LIMITS.headers)
  @ValidateNested({ each: true })
  headers?: WebhookHeader[];
  @Field(() => GraphQLJSON, { nullable: true, description: 'The JSON body (POST, PUT, PATCH); strings inside may be `${execution.<path>}` templates. Default: `{executionId, pipelineId, stage, metadata, results}`.' })
  @IsOptional()
  body?: unknown;
  @Field(() => Int, { nullable: true, description: 'Milliseconds an attempt may take, 100 to 60,000 (default: the stage timeout, at most 30,000).' })
  @IsOptional()
  @Min(100)
  @Max(60_000)
  timeout?: number;
  @Field(() => Int, { nullable: true, description: 'HTTP attempts after the first within one run of the stage, when one fails (not 2xx, refused, timed out), 0 to 10 (default 0); the waits between them follow the pipeline retry policy.' })
  @IsOptional()
  @Min(0)
  @Max(LIMITS.retries)
  retries?: number;
}

@ObjectType('WaitConfig', { description: 'What a WAIT stage waits for.' })
@InputType('WaitConfigInput', { description: 'What a WAIT stage waits for.' })
export class WaitConfig {
  @Field(() => WaitType, { description: 'A duration or a condition.' }) type!: WaitType;
  @Field(() => Int, { nullable: true, description: `DURATION: ${ms('how long')}` }) @IsOptional() @Min(0) @Max(LIMITS.maxMs) duration?: number;
  @Field(() => TransitionCondition, { nullable: true, description: 'CONDITION: what must hold.' }) @IsOptional() @ValidateNested() condition?: TransitionCondition;
  @Field(() => Int, { nullable: true, description: `CONDITION: how long to wait at most before the stage times out, ${ms('')} Default: the stage timeout.` })
  @IsOptional()
  @Min(0)
  @Max(LIMITS.maxMs)
  timeout?: number;
  @Field(() => Int, { nullable: true, description: 'CONDITION: milliseconds between checks, 50 to 3,600,000 (default 1,000).' })
  @IsOptional()
  @Min(50)
  @Max(3_600_000)
  checkInterval?: number;
}

@ObjectType('PipelineStage', { description: 'One step of a pipeline.' })
@InputType('PipelineStageInput', { description: 'One step of a pipeline.' })
export class Stage {
  @Field({ description: 'Unique within the pipeline: letters, digits, _ . - (at most 100).' }) @Length(1, LIMITS.nameLength) @Matches(STAGE_NAME, STAGE_NAME_MSG) name!: string;
  @Field({ nullable: true, description: 'What the stage is for.' }) @IsOptional() @MaxLength(1000) description?: string;
  @Field(() => StageAction, { description: 'What it does; the matching `query`, `webhook` or `wait` is required.' }) action!: StageAction;
  @Field(() => QueryConfig, { nullable: true, description: 'QUERY: what to select.' }) @IsOptional() @ValidateNested() query?: QueryConfig;
  @Field(() => WebhookConfig, { nullable: true, description: 'WEBHOOK: what to call.' }) @IsOptional() @ValidateNested() webhook?: WebhookConfig;
  @Field(() => WaitConfig, { nullable: true, description: 'WAIT: what to wait for.' }) @IsOptional() @ValidateNested() wait?: WaitConfig;
  @Field(() => StageTransitions, { nullable: true, description: 'What happens after it succeeds, fails or times out.' }) @IsOptional() @ValidateNested() transitions?: StageTransitions;
  @Field(() => Int, { nullable: true, description: `How long one run may take, ${ms('')} Default PIPELINE_STAGE_TIMEOUT_MS (30,000).` })
  @IsOptional()
  @Min(1)
  @Max(LIMITS.maxMs)
  timeout?: number;
  @Field(() => Int, { nullable: true, description: 'Times a failed or timed-out run is run again before its transition applies, 0 to 10 (default 0).' })
  @IsOptional()
  @Min(0)
  @Max(LIMITS.retries)
  retries?: number;
  @Field(() => Int, { nullable: true, description: `Wait before each run again, ${ms('')} Default: the pipeline's retry policy.` })
  @IsOptional()
  @Min(0)
  @Max(LIMITS.maxMs)
  retryDelay?: number;
}

@ObjectType('RetryPolicy', { description: 'How long to wait between runs of a failing stage when the stage names no `retryDelay` (docs/pipelines.md "Retries").' })
@InputType('RetryPolicyInput', { description: 'How long to wait between runs of a failing stage.' })
export class RetryPolicy {
  @Field(() => Int, { description: 'Runs of a stage in all, 1 to 11: the default `retries` of a RETRY transition is this − 1.' }) @Min(1) @Max(LIMITS.retries + 1) maxAttempts!: number;
  @Field(() => Float, { description: 'Each wait is the previous × this, 1 to 10.' }) @Min(1) @Max(10) backoffMultiplier!: number;
  @Field(() => Int, { description: `The first wait, ${ms('')}` }) @Min(0) @Max(LIMITS.maxMs) initialDelay!: number;
  @Field(() => Int, { nullable: true, description: `The longest wait, ${ms('')} Default 300,000 (5 minutes).` }) @IsOptional() @Min(0) @Max(LIMITS.maxMs) maxDelay?: number;
  @Field({ nullable: true, description: 'Whether each wait is spread at random over ±20 % of it (default true).' }) @IsOptional() jitter?: boolean;
}

@ObjectType('PipelineConfig', { description: 'Limits of a pipeline.' })
@InputType('PipelineConfigInput', { description: 'Limits of a pipeline (a partial override on deploy and PATCH).' })
export class PipelineConfig {
  @Field(() => Int, { nullable: true, description: `The longest an execution may run before it ends TIMEOUT, ${ms('')} Default: none.` })
  @IsOptional()
  @Min(1)
  @Max(LIMITS.maxMs)
  timeout?: number;
  @Field(() => Int, { nullable: true, description: 'The most executions PENDING or RUNNING at once, 1 to 10,000 (default: no limit); one more is refused with CONCURRENCY_LIMIT.' })
  @IsOptional()
  @Min(1)
  @Max(10_000)
  concurrency?: number;
  @Field(() => Int, { nullable: true, description: 'The most executions started in any 60 minutes, 1 to 1,000,000 (default: no limit); one more is refused with RATE_LIMIT_EXCEEDED.' })
  @IsOptional()
  @Min(1)
  @Max(1_000_000)
  maxExecutionsPerHour?: number;
  @Field(() => RetryPolicy, { nullable: true, description: 'Waits between runs of a failing stage.' }) @IsOptional() @ValidateNested() retryPolicy?: RetryPolicy;
}

@ObjectType('AlertThresholds', { description: 'When a pipeline is unhealthy (docs/pipelines.md "Health").' })
@InputType('AlertThresholdsInput', { description: 'When a pipeline is unhealthy.' })
export class AlertThresholds {
  @Field(() => Float, { description: 'Health score below this (0–100) is DEGRADED; below half of it CRITICAL.' }) @Min(0) @Max(100) healthScore!: number;
  @Field(() => Float, { description: 'Error rate above this (0–1) is DEGRADED; above twice it CRITICAL.' }) @Min(0) @Max(1) errorRate!: number;
  @Field(() => Float, { description: 'Average duration (ms) above this is DEGRADED; above twice it CRITICAL.' }) @Min(0) @Max(LIMITS.maxMs) avgDuration!: number;
}

@ObjectType('HealthConfig', { description: 'How a pipeline is watched.' })
@InputType('HealthConfigInput', { description: 'How a pipeline is watched.' })
export class HealthConfig {
  @Field({ description: 'Whether the pipeline is dry-run on schedule with `testData`.' }) simulationEnabled!: boolean;
  @Field(() => Int, { description: 'Seconds between simulations, 60 to 86,400.' }) @Min(60) @Max(86_400) simulationInterval!: number;
  @Field(() => GraphQLJSONObject, { nullable: true, description: 'The metadata simulations run with.' }) @IsOptional() testData?: Record<string, unknown>;
  @Field(() => AlertThresholds, { description: 'When the pipeline is unhealthy.' }) @ValidateNested() alertThresholds!: AlertThresholds;
}

/** The defaults of a definition's optional parts (docs/pipelines.md). */
export const DEFAULT_HEALTH: HealthConfig = { simulationEnabled: false, simulationInterval: 3600, alertThresholds: { healthScore: 70, errorRate: 0.1, avgDuration: 60_000 } };
