import { IsIn, IsOptional } from 'class-validator';
import { ArgsType, Field, ObjectType } from 'type-graphql';
import { PageArgs } from '../../../kernel/graphql-types.js';
import { DateTimeScalar } from '../../../kernel/scalars.js';
import { SortOrder } from './enums.js';

/**
 * What the pipelines family's areas share in the graph: the record stamp of templates and pipelines (spec: created and
 * updated = {at {timestamp, datetime, timezone}, by}) and the list arguments of spec group 16.
 */

@ObjectType('PipelineStampTime', { description: 'An instant of a pipeline record: as an instant, as ISO-8601 text, and the time zone it is written in.' })
export class PipelineStampTime {
  @Field(() => DateTimeScalar, { description: 'The instant (REST writes it in epoch milliseconds).' }) timestamp!: Date;
  @Field({ description: 'The same instant as ISO-8601 text in UTC (e.g. 2026-11-26T12:00:00.000Z).' }) datetime!: string;
  @Field({ description: 'The IANA time zone `datetime` is written in: always UTC.' }) timezone!: string;
}

@ObjectType('PipelineStamp', { description: 'When a template or pipeline was created or last changed, and by which API key.' })
export class PipelineStamp {
  @Field(() => PipelineStampTime, { description: 'When.' }) at!: PipelineStampTime;
  @Field({ description: 'Who: the id of the workspace API key that made the change.' }) by!: string;
}

export const stampOf = (at: Date, by: string): PipelineStamp => ({ at: { timestamp: at, datetime: at.toISOString(), timezone: 'UTC' }, by });

/** The lists of spec group 16: `page` (from 1), `limit` (default 20, at most 100), `sortBy`, `sortOrder` (default DESC). */
@ArgsType()
export class ListArgs extends PageArgs {
  @Field({
    nullable: true,
    description:
      'The field to sort by: `created.at.timestamp` (default), `updated.at.timestamp` or `name` (lists of executions: `startedAt` or `completedAt`; of deliveries and escalations: `createdAt`).',
  })
  @IsOptional()
  @IsIn(['created.at.timestamp', 'updated.at.timestamp', 'name', 'startedAt', 'completedAt', 'createdAt'], {
    message: 'must be one of created.at.timestamp, updated.at.timestamp, name, startedAt, completedAt, createdAt',
  })
  sortBy?: string;
  @Field(() => SortOrder, { nullable: true, description: 'ASC or DESC (default DESC).' }) @IsOptional() sortOrder?: SortOrder;
}
