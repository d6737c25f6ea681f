import { ArgsType, Field, ID, Int, ObjectType } from 'type-graphql';
import { ArrayMaxSize, IsOptional, Matches, Max, Min } from 'class-validator';
import { GraphQLJSONObject } from 'graphql-scalars';
import { Nullable } from '../../../kernel/validation.js';

@ObjectType({ description: 'Something that happened in a workspace, as its public event (docs/events.md).' })
export class WorkspaceEvent {
  @Field(() => ID, { description: "The event's identifier, `evt_<n>` (n its number in the event log): the same wherever the event is seen." }) id!: string;
  @Field({
    description: 'Its name, e.g. `order.status_changed`: an open list (docs/events.md lists every one; names are added as the catalogue grows, so a client ignores a name it does not know).',
  })
  type!: string;
  @Field(() => Int, { description: 'The version of its payload (bumped when a field is removed or changes meaning).' }) version!: number;
  @Field({
    description: "Its place in the platform's event log, a decimal string: increasing in the order readers see events, not contiguous (a workspace sees only its own). Also the feed's cursor.",
  })
  sequence!: string;
  @Field(() => Date, { description: 'When it was recorded. REST: ISO-8601.' }) createdAt!: Date;
  @Field(() => ID, { description: 'The workspace it happened in.' }) workspaceId!: string;
  @Field(() => GraphQLJSONObject, { description: 'Its payload: the fields docs/events.md lists for its type and version.' }) data!: Record<string, unknown>;
}

@ObjectType({ description: 'A page of the event feed, read by cursor (docs/graph-conventions.md "Lists").' })
export class WorkspaceEventFeed {
  @Field(() => [WorkspaceEvent], { description: 'The events after the cursor, oldest first.' }) items!: WorkspaceEvent[];
  @Field({
    description:
      'The cursor to pass as `after` for the next page: the last event this page read (past the returned ones when events of other types were skipped). Unchanged when nothing new was found.',
  })
  next!: string;
  @Field({ description: 'True when more events may follow right away; false when the feed was read to its end (poll again later with `next`).' })
  hasMore!: boolean;
}

@ArgsType()
export class EventFeedArgs {
  @Field({ nullable: true, description: "Read after this cursor: a `next` (or a `sequence`) from before; `0` or none: from the workspace's first event." })
  @IsOptional()
  @Nullable()
  @Matches(/^(0|[1-9][0-9]{0,31})$/, { message: 'must be a cursor from a previous page (digits)' })
  after?: string;
  @Field(() => Int, { nullable: true, description: 'At most this many events, 1–100 (default 50).' })
  @IsOptional()
  @Nullable()
  @Min(1)
  @Max(100)
  limit?: number;
  @Field(() => [String], {
    nullable: true,
    description: 'Only these types: names or wildcards such as `order.*` (docs/events.md), at most 20 (REST: one parameter, comma-separated); none: every type.',
  })
  @IsOptional()
  @Nullable()
  @ArrayMaxSize(20)
  types?: string[];
}
