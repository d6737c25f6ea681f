import { IsOptional, Length, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { ArgsType, Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';
import { PageOf } from '../../../kernel/graphql-types.js';
import { DateTimeScalar } from '../../../kernel/scalars.js';
import { HealthConfig, LIMITS, PipelineConfig, Stage } from '../common/definition.js';
import { PipelineStatus } from '../common/enums.js';
import { ListArgs, PipelineStamp } from '../common/types.js';
import { HealthSettings } from '../templates/types.js';

/**
 * The pipelines area's graph (spec group 16 `/deploy`, `/`, `/:pipelineId`; docs/pipelines.md "Pipelines"): a pipeline
 * is deployed from a PUBLISHED template and keeps a snapshot of its definition.
 */

@ObjectType('PipelineState', { description: 'Whether a pipeline runs, since when and why.' })
export class PipelineState {
  @Field(() => PipelineStatus, { description: 'ACTIVE, DEGRADED, DISABLED or SIMULATING.' }) current!: PipelineStatus;
  @Field(() => DateTimeScalar, { description: 'When the status last changed (REST: epoch milliseconds).' }) lastChanged!: Date;
  @Field(() => String, { nullable: true, description: 'Why it changed, in words (e.g. "deployed from Orders 1.0.0", "set to DISABLED by API key").' }) reason?: string | null;
}

@ObjectType('PipelineMetrics', { description: "A pipeline's executions so far (simulations not counted)." })
export class PipelineMetrics {
  @Field(() => Int, { description: 'Executions started, in any status.' }) totalExecutions!: number;
  @Field(() => Float, { description: 'Executions ended SUCCESS ÷ executions ended (SUCCESS, FAILED or TIMEOUT), 0 to 1; 0 while none has ended.' }) successRate!: number;
  @Field(() => Float, { description: 'Mean duration of the ended executions, in milliseconds; 0 while none has ended.' }) avgDuration!: number;
  @Field(() => Int, { description: 'Executions PENDING or RUNNING now.' }) activeExecutions!: number;
}

@ObjectType('PipelineBaseline', { description: "The pipeline's reference performance, against which health compares (0 and 0 until the health worker sets it)." })
export class PipelineBaseline {
  @Field(() => Float, { description: 'Reference execution duration in milliseconds.' }) duration!: number;
  @Field(() => Float, { description: 'Reference success rate, 0 to 1.' }) successRate!: number;
}

@ObjectType('Pipeline', { description: 'A pipeline of the workspace: a snapshot of a PUBLISHED template (with its config override) that runs executions.' })
export class Pipeline {
  @Field(() => ID, { description: "The pipeline's identifier." }) id!: string;
  @Field(() => ID, { description: 'The template it was deployed from.' }) templateId!: string;
  @Field({ description: "That template's semantic version at deployment." }) templateVersion!: string;
  @Field({ description: "The pipeline's name, 1 to 100 characters (need not be unique)." }) name!: string;
  @Field(() => String, { nullable: true, description: 'What the pipeline is for.' }) description?: string | null;
  @Field(() => PipelineState, { description: 'Whether it runs, since when and why.' }) status!: PipelineState;
  @Field(() => [Stage], { description: 'The stages, as the template had them at deployment (later templates never change them).' }) stages!: Stage[];
  @Field(() => PipelineConfig, { description: "Limits: the template's config with the deploy's and later PATCHes' given fields replaced." }) config!: PipelineConfig;
  @Field(() => HealthConfig, { description: 'How it is watched.' }) health!: HealthConfig;
  @Field(() => Float, { description: 'The last health score, 0 to 100 (100 at deployment).' }) healthScore!: number;
  @Field(() => PipelineMetrics, { description: 'Its executions so far (simulations not counted), read when asked.' }) metrics?: PipelineMetrics;
  @Field(() => PipelineBaseline, { description: 'Its reference performance.' }) baseline!: PipelineBaseline;
  @Field(() => PipelineStamp, { description: 'When it was deployed and by which API key.' }) created!: PipelineStamp;
  @Field(() => PipelineStamp, { description: 'When it was last changed and by which API key.' }) updated!: PipelineStamp;
}

export const PipelinePage = PageOf(Pipeline, 'Pipeline');

@InputType('DeployPipelineInput', { description: 'A pipeline to deploy from a PUBLISHED template.' })
export class DeployPipelineInput {
  @Field(() => ID, { description: 'The PUBLISHED template (a DRAFT or DEPRECATED one is CONFLICT; an unknown one NOT_FOUND).' }) templateId!: string;
  @Field({ description: "The pipeline's name, 1 to 100 characters." }) @Length(1, LIMITS.nameLength) name!: string;
  @Field({ nullable: true, description: 'What the pipeline is for, at most 1,000 characters.' }) @IsOptional() @MaxLength(1000) description?: string;
  @Field(() => PipelineConfig, { nullable: true, description: "Overrides of the template's config: each field given replaces the template's (`retryPolicy` whole)." })
  @IsOptional()
  @ValidateNested()
  config?: PipelineConfig;
}

@InputType('UpdatePipelineInput', { description: 'Changes to a pipeline: each field given replaces the current one (`config` and `health` field by field).' })
export class UpdatePipelineInput {
  @Field({ nullable: true, description: "The pipeline's name, 1 to 100 characters." }) @IsOptional() @Length(1, LIMITS.nameLength) name?: string;
  @Field(() => String, { nullable: true, description: 'What the pipeline is for, at most 1,000 characters (null clears it).' }) @IsOptional() @MaxLength(1000) description?: string | null;
  @Field(() => PipelineStatus, { nullable: true, description: 'ACTIVE or DISABLED only (another value is VALIDATION_ERROR); a change records when and "set to <status> by API key".' })
  @IsOptional()
  status?: PipelineStatus;
  @Field(() => PipelineConfig, { nullable: true, description: 'Config fields to replace (`retryPolicy` whole).' }) @IsOptional() @ValidateNested() config?: PipelineConfig;
  @Field(() => HealthSettings, { nullable: true, description: 'Health settings to replace (thresholds one by one).' }) @IsOptional() @ValidateNested() health?: HealthSettings;
}

@InputType('HealthScoreRangeInput', { description: 'A range of health scores, bounds included.' })
export class HealthScoreRange {
  @Field(() => Float, { nullable: true, description: 'The lowest score, 0 to 100.' }) @IsOptional() @Min(0) @Max(100) min?: number;
  @Field(() => Float, { nullable: true, description: 'The highest score, 0 to 100.' }) @IsOptional() @Min(0) @Max(100) max?: number;
}

@ArgsType()
export class PipelineListArgs extends ListArgs {
  @Field(() => PipelineStatus, { nullable: true, description: 'Only pipelines in this status.' }) @IsOptional() status?: PipelineStatus;
  @Field(() => ID, { nullable: true, description: 'Only pipelines deployed from this template.' }) @IsOptional() templateId?: string;
  @Field(() => HealthScoreRange, { nullable: true, description: 'Only pipelines whose health score is within this range (REST: `healthScoreMin`, `healthScoreMax`).' })
  @IsOptional()
  @ValidateNested()
  healthScore?: HealthScoreRange;
}
