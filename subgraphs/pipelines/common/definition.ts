import { ArrayMaxSize, IsOptional, Length, Matches, Max, MaxLength, Min, ValidateNested, registerDecorator } from 'class-validator';
import { GraphQLJSONObject } from 'graphql-scalars';
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

/**
 * A test over the execution data (spec "TransitionCondition"): `{field, operator, value?, logic?, conditions?}`. In the
 * graph it is a JSON object (a recursive type would make every definition query as deep as its deepest condition),
 * checked by `conditionProblem` on input: `field` a dotted path of 1–200 characters, `operator` one of
 * ConditionOperator, `logic` AND or OR, `conditions` a list of the same, nested at most LIMITS.conditionDepth levels
 * and LIMITS.conditions tests in all.
 */
export interface TransitionCondition {
  field: string;
  operator: ConditionOperator;
  value?: unknown;
  logic?: ConditionLogic;
  conditions?: TransitionCondition[];
}

const OPERATORS = new Set(Object.keys(ConditionOperator));
const LOGICS = new Set(Object.keys(ConditionLogic));

/** Why `c` is not a condition (`path` names where), or undefined when it is one. */
export function conditionProblem(c: unknown, path = 'condition', depth = 1, count = { n: 0 }): string | undefined {
  if (!c || typeof c !== 'object' || Array.isArray(c)) return `${path}: must be an object {field, operator, value?, logic?, conditions?}`;
  const o = c as Record<string, unknown>;
  const unknown = Object.keys(o).find((k) => !['field', 'operator', 'value', 'logic', 'conditions'].includes(k));
  if (unknown) return `${path}.${unknown}: is not a known field`;
  if (typeof o.field !== 'string' || o.field.length < 1 || o.field.length > 200) return `${path}.field: must be a dotted path of 1 to 200 characters`;
  if (typeof o.operator !== 'string' || !OPERATORS.has(o.operator)) return `${path}.operator: must be one of ${[...OPERATORS].join(', ')}`;
  if (o.logic !== undefined && o.logic !== null && (typeof o.logic !== 'string' || !LOGICS.has(o.logic))) return `${path}.logic: must be AND or OR`;
  if (++count.n > LIMITS.conditions) return `${path}: at most ${LIMITS.conditions} tests in one condition`;
  if (o.conditions !== undefined && o.conditions !== null) {
    if (!Array.isArray(o.conditions)) return `${path}.conditions: must be a list of conditions`;
    if (o.conditions.length && depth >= LIMITS.conditionDepth) return `${path}.conditions: conditions nest at most ${LIMITS.conditionDepth} levels`;
    for (const [i, n] of o.conditions.entries()) {
      const p = conditionProblem(n, `${path}.conditions.${i}`, depth + 1, count);
      if (p) return p;
    }
  }
  return undefined;
}

/** class-validator: the property is a condition (`conditionProblem`). */
function IsCondition(): PropertyDecorator {
  return (target, propertyKey) =>
    registerDecorator({
      name: 'isCondition',
      target: target.constructor,
      propertyName: propertyKey as string,
      validator: {
        validate: (value: unknown) => value === undefined || value === null || conditionProblem(value) === undefined,
        defaultMessage: (args) => (conditionProblem(args?.value) ?? 'must be a condition').replace(/^condition(\.|: )/, ''),
      },
    });
}

const CONDITION_DOC =
  'A test over the execution data, a JSON object `{field, operator, value?, logic?, conditions?}`: `field` a dotted path (`metadata.x`, `results.<stage>.y`, `context.z`, `status`), `operator` EQUALS, NOT_EQUALS, GREATER_THAN, LESS_THAN, CONTAINS or EXISTS, `logic` AND (default) or OR combining it with `conditions` (the same form, nested at most 4 levels, 20 tests in all).';

@ObjectType('Transition', { description: 'What happens after a stage ends one way (docs/pipelines.md "Transitions").' })
@InputType('TransitionInput', { description: 'What happens after a stage ends one way.' })
export class Transition {
  @Field(() => TransitionType, { description: 'What to do.' }) type!: TransitionType;
  @Field({ nullable: true, description: 'The stage to go to (CONTINUE and SKIP); default: the next stage in order.' })
  @IsOptional()
  @Length(1, LIMITS.nameLength)
  next?: string;
  @Field(() => GraphQLJSONObject, {
    nullable: true,
    description: `The transition applies only when this holds; otherwise the default for the outcome does (CONTINUE after success, FAIL after failure or timeout). ${CONDITION_DOC}`,
  })
  @IsOptional()
  @IsCondition()
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
  @Field(() => GraphQLJSONObject, { nullable: true, description: "Filters to use instead (same form as the query's; `${execution.metadata.<field>}` allowed)." })
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

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/;
/** Headers the platform sets on every webhook call, which a stage may not give. */
const RESERVED_HEADERS = /^(webhook-|content-length$|host$|transfer-encoding$|connection$)/i;

/** Why `h` is not a webhook's headers (a map of header name → text value), or undefined. */
export function headersProblem(h: unknown): string | undefined {
  if (!h || typeof h !== 'object' || Array.isArray(h)) return 'must be an object of header name → value';
  const entries = Object.entries(h as Record<string, unknown>);
  if (entries.length > LIMITS.headers) return `at most ${LIMITS.headers} headers`;
  for (const [name, value] of entries) {
    if (!HEADER_NAME.test(name)) return `${name}: must be an HTTP header name`;
    if (RESERVED_HEADERS.test(name)) return `${name}: is set by the platform`;
    if (typeof value !== 'string' || value.length > 2000 || /[\r\n\0]/.test(value)) return `${name}: must be text of at most 2,000 characters on one line`;
  }
  return undefined;
}

function IsHeaders(): PropertyDecorator {
  return (target, propertyKey) =>
    registerDecorator({
      name: 'isHeaders',
      target: target.constructor,
      propertyName: propertyKey as string,
      validator: {
        validate: (value: unknown) => value === undefined || value === null || headersProblem(value) === undefined,
        defaultMessage: (args) => headersProblem(args?.value) ?? 'must be headers',
      },
    });
}

@ObjectType('WebhookConfig', { description: 'The HTTP call of a WEBHOOK stage (docs/pipelines.md "WEBHOOK").' })
@InputType('WebhookConfigInput', { description: 'The HTTP call of a WEBHOOK stage.' })
export class WebhookConfig {
  @Field({ description: 'An http(s) URL; its host may not resolve to a private, loopback or link-local address unless the operator allows it (PIPELINE_WEBHOOK_ALLOW).' })
  @Length(1, 2048)
  url!: string;
  @Field(() => HttpMethod, { description: 'The HTTP method.' }) method!: HttpMethod;
  @Field(() => GraphQLJSONObject, {
    nullable: true,
    description:
      "Extra headers, an object of name → text value, at most 30; values may be `${execution.<path>}` templates. The `webhook-*` signature headers, Host, Content-Length, Connection and Transfer-Encoding are the platform's.",
  })
  @IsOptional()
  @IsHeaders()
  headers?: Record<string, string>;
  @Field(() => GraphQLJSONObject, {
    nullable: true,
    description:
      'The JSON body, an object (POST, PUT, PATCH; GET and DELETE send none); strings inside may be `${execution.<path>}` templates. Default: `{executionId, pipelineId, stage, metadata, results}`.',
  })
  @IsOptional()
  body?: Record<string, unknown>;
  @Field(() => Int, { nullable: true, description: 'Milliseconds an attempt may take, 100 to 60,000 (default: the stage timeout, at most 30,000).' })
  @IsOptional()
  @Min(100)
  @Max(60_000)
  timeout?: number;
  @Field(() => Int, {
    nullable: true,
    description:
      'HTTP attempts after the first within one run of the stage, when one fails (not 2xx, refused, timed out), 0 to 10 (default 0); the waits between them follow the pipeline retry policy.',
  })
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
  @Field(() => GraphQLJSONObject, { nullable: true, description: `CONDITION: what must hold. ${CONDITION_DOC}` }) @IsOptional() @IsCondition() condition?: TransitionCondition;
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
