import { ArrayMaxSize, ArrayMinSize, IsOptional, Length, Matches, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { GraphQLJSONObject } from 'graphql-scalars';
import { ArgsType, Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';
import { PageOf } from '../../../kernel/graphql-types.js';
import { DateTimeScalar } from '../../../kernel/scalars.js';
import { AlertThresholds, HealthConfig, LIMITS, PipelineConfig, Stage } from '../common/definition.js';
import { TemplateStatus } from '../common/enums.js';
import { ListArgs, PipelineStamp } from '../common/types.js';
import { SEMVER } from './rules.js';

/**
 * The templates area's graph (spec group 16 `/templates`; docs/pipelines.md "Templates", "Validation"): a template is a
 * definition that is DRAFT (changeable), PUBLISHED (frozen, deployable) or DEPRECATED (superseded by a higher version
 * of the same name).
 */

const VERSION_MSG = { message: 'must be a semantic version (semver.org 2.0.0: MAJOR.MINOR.PATCH, optional -pre.release and +build)' };
const NAME_DOC = "The template's name, 1 to 100 characters; with `version` unique in the workspace.";
const VERSION_DOC = 'A semantic version (semver.org 2.0.0, e.g. `1.2.0`, `2.0.0-rc.1`, `1.0.0+build.5`), at most 100 characters; with `name` unique in the workspace.';

@ObjectType('PipelineTemplate', { description: 'A pipeline template of the workspace: a definition (stages, config, health) that pipelines are deployed from.' })
export class PipelineTemplate {
  @Field(() => ID, { description: "The template's identifier." }) id!: string;
  @Field({ description: NAME_DOC }) name!: string;
  @Field(() => String, { nullable: true, description: 'What the template is for.' }) description?: string | null;
  @Field({ description: VERSION_DOC }) version!: string;
  @Field(() => TemplateStatus, { description: 'DRAFT (changeable), PUBLISHED (deployable) or DEPRECATED (superseded).' }) status!: TemplateStatus;
  @Field(() => [Stage], { description: 'The stages, run in order unless transitions say otherwise (1 to 50).' }) stages!: Stage[];
  @Field(() => PipelineConfig, { description: 'Limits of the pipelines deployed from it (each field optional).' }) config!: PipelineConfig;
  @Field(() => HealthConfig, { description: 'How its pipelines are watched (the defaults when not given: no simulation, every 3,600 s; thresholds score 70, error rate 0.1, 60,000 ms).' })
  health!: HealthConfig;
  @Field(() => GraphQLJSONObject, { nullable: true, description: "The client's own data about the template (any JSON object)." }) metadata?: Record<string, unknown> | null;
  @Field(() => PipelineStamp, { description: 'When it was created and by which API key.' }) created!: PipelineStamp;
  @Field(() => PipelineStamp, { description: 'When it was last changed (created, changed, published or deprecated) and by which API key.' }) updated!: PipelineStamp;
  @Field(() => DateTimeScalar, { nullable: true, description: 'When it was published (REST: epoch milliseconds); null while DRAFT.' }) publishedAt?: Date | null;
  @Field(() => DateTimeScalar, { nullable: true, description: 'When a higher version of the same name was published and made it DEPRECATED (REST: epoch milliseconds).' })
  deprecatedAt?: Date | null;
}

export const PipelineTemplatePage = PageOf(PipelineTemplate, 'PipelineTemplate');

@InputType('AlertThresholdsSettingsInput', { description: 'When a pipeline is unhealthy: the fields given replace the current (or default) ones.' })
export class AlertThresholdsSettings implements Partial<AlertThresholds> {
  @Field(() => Float, { nullable: true, description: 'Health score below this (0–100) is DEGRADED; below half of it CRITICAL (default 70).' }) @IsOptional() @Min(0) @Max(100) healthScore?: number;
  @Field(() => Float, { nullable: true, description: 'Error rate above this (0–1) is DEGRADED; above twice it CRITICAL (default 0.1).' }) @IsOptional() @Min(0) @Max(1) errorRate?: number;
  @Field(() => Float, { nullable: true, description: 'Average duration in ms above this is DEGRADED; above twice it CRITICAL, 0 to 86,400,000 (default 60,000).' })
  @IsOptional()
  @Min(0)
  @Max(LIMITS.maxMs)
  avgDuration?: number;
}

@InputType('HealthSettingsInput', { description: 'How a pipeline is watched, in part: the fields given replace the current (or default) ones.' })
export class HealthSettings {
  @Field({ nullable: true, description: 'Whether the pipeline is dry-run on schedule with `testData` (default false).' }) @IsOptional() simulationEnabled?: boolean;
  @Field(() => Int, { nullable: true, description: 'Seconds between simulations, 60 to 86,400 (default 3,600).' }) @IsOptional() @Min(60) @Max(86_400) simulationInterval?: number;
  @Field(() => GraphQLJSONObject, { nullable: true, description: 'The metadata simulations run with (any JSON object).' }) @IsOptional() testData?: Record<string, unknown>;
  @Field(() => AlertThresholdsSettings, { nullable: true, description: 'When the pipeline is unhealthy (the thresholds given replace those in place).' })
  @IsOptional()
  @ValidateNested()
  alertThresholds?: AlertThresholdsSettings;
}

@InputType('CreatePipelineTemplateInput', { description: 'A new template (it starts DRAFT).' })
export class CreateTemplateInput {
  @Field({ description: NAME_DOC }) @Length(1, LIMITS.nameLength) name!: string;
  @Field({ nullable: true, description: 'What the template is for, at most 1,000 characters.' }) @IsOptional() @MaxLength(1000) description?: string;
  @Field({ description: VERSION_DOC }) @MaxLength(100, VERSION_MSG) @Matches(SEMVER, VERSION_MSG) version!: string;
  @Field(() => [Stage], { description: 'The stages, 1 to 50, names unique.' })
  @ArrayMinSize(1, { message: `must hold 1 to ${LIMITS.stages} stages` })
  @ArrayMaxSize(LIMITS.stages, { message: `must hold 1 to ${LIMITS.stages} stages` })
  @ValidateNested({ each: true })
  stages!: Stage[];
  @Field(() => PipelineConfig, { nullable: true, description: 'Limits of the pipelines deployed from it (default: none).' }) @IsOptional() @ValidateNested() config?: PipelineConfig;
  @Field(() => HealthSettings, { nullable: true, description: 'How its pipelines are watched; the fields given replace the defaults.' }) @IsOptional() @ValidateNested() health?: HealthSettings;
  @Field(() => GraphQLJSONObject, { nullable: true, description: "The client's own data about the template (any JSON object)." }) @IsOptional() metadata?: Record<string, unknown>;
}

@InputType('UpdatePipelineTemplateInput', { description: 'Changes to a DRAFT template: each field given replaces the current one whole (`health` replaces the defaults with the fields given).' })
export class UpdateTemplateInput {
  @Field({ nullable: true, description: NAME_DOC }) @IsOptional() @Length(1, LIMITS.nameLength) name?: string;
  @Field(() => String, { nullable: true, description: 'What the template is for, at most 1,000 characters (null clears it).' }) @IsOptional() @MaxLength(1000) description?: string | null;
  @Field({ nullable: true, description: VERSION_DOC }) @IsOptional() @MaxLength(100, VERSION_MSG) @Matches(SEMVER, VERSION_MSG) version?: string;
  @Field(() => [Stage], { nullable: true, description: 'The stages, 1 to 50, names unique.' })
  @IsOptional()
  @ArrayMinSize(1, { message: `must hold 1 to ${LIMITS.stages} stages` })
  @ArrayMaxSize(LIMITS.stages, { message: `must hold 1 to ${LIMITS.stages} stages` })
  @ValidateNested({ each: true })
  stages?: Stage[];
  @Field(() => PipelineConfig, { nullable: true, description: 'Limits of the pipelines deployed from it.' }) @IsOptional() @ValidateNested() config?: PipelineConfig;
  @Field(() => HealthSettings, { nullable: true, description: 'How its pipelines are watched; the fields given replace the defaults.' }) @IsOptional() @ValidateNested() health?: HealthSettings;
  @Field(() => GraphQLJSONObject, { nullable: true, description: "The client's own data about the template (any JSON object; null clears it)." }) @IsOptional() metadata?: Record<
    string,
    unknown
  > | null;
}

@ArgsType()
export class TemplateListArgs extends ListArgs {
  @Field(() => TemplateStatus, { nullable: true, description: 'Only templates in this status.' }) @IsOptional() status?: TemplateStatus;
  @Field({ nullable: true, description: 'Only templates of this exact version (e.g. `1.0.0`).' }) @IsOptional() @MaxLength(100) version?: string;
}

@ObjectType('TemplateValidationChecks', { description: 'Which families of checks passed (false: at least one error of that family).' })
export class TemplateValidationChecks {
  @Field({ description: 'Stages: at least one and at most 50, unique names, WAIT settings, wait conditions within the limits.' }) stageValidation!: boolean;
  @Field({ description: 'QUERY stages have their `query`.' }) queryValidation!: boolean;
  @Field({ description: 'WEBHOOK stages have their `webhook`, and its URL is http(s) and not a private, loopback or link-local literal (nor `localhost`) unless allowed.' })
  webhookValidation!: boolean;
  @Field({ description: '`next` names a stage, every stage is reachable from the first, no unbounded loop, transition conditions within the limits.' }) transitionValidation!: boolean;
  @Field({ description: "Every QUERY stage's resource has at least one ACTIVE match in the workspace's service registry." }) resourceAvailability!: boolean;
}

@ObjectType('TemplateValidation', { description: 'What validating a template found: errors make it unpublishable, warnings do not.' })
export class TemplateValidation {
  @Field({ description: 'Whether there is no error (the template may be published).' }) valid!: boolean;
  @Field(() => [String], { description: 'What must be fixed, each naming the stage (`stages.<i>`) or setting at fault.' }) errors!: string[];
  @Field(() => [String], { description: 'What may be worth a look (no stage timeout, no pipeline timeout, CLOSEST without a location).' }) warnings!: string[];
  @Field(() => TemplateValidationChecks, { description: 'Which families of checks passed.' }) checks!: TemplateValidationChecks;
  @Field(() => [String], { description: 'How to fix each error, in the order of `errors`.' }) suggestions!: string[];
}

@ObjectType('PipelinesDeletion', { description: 'The answer of a deletion.' })
export class Deletion {
  @Field({ description: 'Always true: the record is gone.' }) success!: boolean;
}
