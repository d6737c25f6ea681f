import { ArgsType, Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { ArrayMaxSize, IsOptional, Length, MaxLength } from 'class-validator';
import { GraphQLJSONObject } from 'graphql-scalars';
import { PageArgs } from '../../../kernel/graphql-types.js';
import { Nullable } from '../../../kernel/validation.js';
import { IotStatus } from './enums.js';

/** Inputs and answers the IoT family's records share (docs/iot.md). */

export const TAGS = { nullable: true, description: 'Tags: at most 20, each 1–40 characters (stored in lower case, duplicates dropped); an open list.' };
export const DESCRIPTION = { nullable: true, description: 'What it is for, at most 500 characters; null or blank clears it.' };

@InputType({ description: 'A change of tags and description: absent fields keep their value (REST body of `PATCH …/:reference`).' })
export class IotTagsInput {
  @Field(() => [String], TAGS) @IsOptional() @ArrayMaxSize(20) @Length(1, 40, { each: true }) tags?: string[];
  @Field(() => String, DESCRIPTION) @IsOptional() @MaxLength(500) @Nullable() description?: string | null;
}

@InputType({ description: 'Names one IoT connector of the IoTSP (REST body of assign and unassign).' })
export class ConnectorAssignmentInput {
  @Field(() => ID, { description: "The connector's identifier (`connectorId` of `POST /v1/:wid/iotsp/:xcode/connectors`); it must be of type IOT." }) connectorId!: string;
}

@ArgsType()
export class IotListArgs extends PageArgs {
  @Field(() => IotStatus, { nullable: true, description: 'Only records with this status.' }) status?: IotStatus;
  @Field({ nullable: true, description: 'Only records with this tag (any case).' }) @IsOptional() @Length(1, 40) tag?: string;
}

@ArgsType()
export class IotFindArgs extends PageArgs {
  @Field({ description: "Text looked for (any case) in the reference, description and tags, and in a rule's head markers or a topic's path; 1–100 characters." })
  @Length(1, 100)
  query!: string;
}

@ObjectType({ description: 'What a DELETE removed.' })
export class IotDeletion {
  @Field({ description: 'The reference of the record removed.' }) reference!: string;
  @Field({ description: 'Always true: the record is gone.' }) deleted!: boolean;
}

@ObjectType({ description: 'The error of a report that did not parse: what is wrong and where.' })
export class ReportError {
  @Field({ description: 'EMPTY, TOO_LONG, BAD_CHARACTER, HEAD_MISMATCH, FIELD_COUNT, NO_TERMINATOR, BAD_VALUE; NO_RULE (the rule is INACTIVE or gone), DEVICE_INACTIVE, TOPIC_NOT_REGISTERED.' })
  code!: string;
  @Field(() => Int, { description: 'The 1-based position of the comma-separated field at fault (1 = the head; 0 = the whole line).' }) position!: number;
  @Field(() => String, { nullable: true, description: 'The schema field at fault, when a value is.' }) field?: string | null;
  @Field({ description: 'What is wrong, in words.' }) message!: string;
}

@ObjectType({ description: 'A report line parsed by a rule: the typed values, or the error.' })
export class ParsedReport {
  @Field({ description: 'Whether the line parsed.' }) ok!: boolean;
  @Field(() => String, { nullable: true, description: 'The header marker the line starts with; null when it did not parse.' }) head?: string | null;
  @Field(() => GraphQLJSONObject, { nullable: true, description: 'The typed values, nested by the dotted field names (`{"position": {"latitude": 22.5}}`); null when it did not parse.' })
  values?: Record<string, unknown> | null;
  @Field(() => Date, { nullable: true, description: 'When the report was measured (position.time, else device.time); null when the line says not.' }) measuredAt?: Date | null;
  @Field(() => ReportError, { nullable: true, description: 'Why it did not parse; null when it did.' }) error?: ReportError | null;
}
