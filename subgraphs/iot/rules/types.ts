import { ArgsType, Field, InputType } from 'type-graphql';
import { ArrayMaxSize, ArrayMinSize, IsOptional, Length, Matches, MaxLength } from 'class-validator';
import { GraphQLJSONObject } from 'graphql-scalars';
import { PageOf } from '../../../kernel/graphql-types.js';
import { IotRuleType } from '../common/enums.js';
import { DESCRIPTION, IotListArgs, TAGS } from '../common/types.js';
import { CLIENT_REFERENCE } from '../common/records-service.js';
import { IotRule } from './entities.js';

@InputType({ description: 'A new IoT rule (REST body of `POST /v1/iotsp/rules/add`): checked whole at creation (docs/iot.md "Rules").' })
export class IotRuleCreateInput {
  @Field(() => IotRuleType, { nullable: true, description: 'What the rule parses (default REPORT).' }) type?: IotRuleType;
  @Field({ nullable: true, description: 'The reference to give it: 1–64 letters, digits, `.`, `_`, `-`; unique in the IoTSP. Default: `RUL-` and 10 Crockford base32 characters.' })
  @IsOptional()
  @Matches(CLIENT_REFERENCE, { message: 'must be 1–64 letters, digits, ".", "_" or "-", starting with a letter or digit' })
  reference?: string;
  @Field(() => String, DESCRIPTION) @IsOptional() @MaxLength(500) description?: string;
  @Field(() => [String], { description: 'The header markers a report line starts with: 1–16, each 1–32 characters.' }) @ArrayMinSize(1) @ArrayMaxSize(16) head!: string[];
  @Field({ description: 'The template: `HEAD`, then `{field.name}` placeholders, then `$`, comma-separated; at most 4,096 characters.' }) @Length(1, 4096) struct!: string;
  @Field(() => GraphQLJSONObject, { description: "For each placeholder: `{type: string|number|boolean, unit?, description?, sources?}`; names and units from the spec's lists (docs/iot.md)." })
  schema!: Record<string, unknown>;
  @Field(() => [String], TAGS) @IsOptional() @ArrayMaxSize(20) @Length(1, 40, { each: true }) tags?: string[];
}

@ArgsType()
export class IotRuleListArgs extends IotListArgs {
  @Field(() => IotRuleType, { nullable: true, description: 'Only rules of this type (REST `?type=`, any case).' }) type?: IotRuleType;
}

@InputType({ description: 'A report line to parse without storing anything (a dry run).' })
export class IotReportLineInput {
  @Field({ description: 'The line, as a device sends it; at most 4,096 characters.' }) @Length(1, 4096) line!: string;
}

export const IotRulePage = PageOf(IotRule, 'IotRulePage');
