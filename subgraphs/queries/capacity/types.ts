import { ArrayMaxSize, ArrayMinSize, Length, Matches, ValidateNested } from 'class-validator';
import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { closedList } from '../../../kernel/graphql-types.js';
import { Capacity } from '../common/types.js';
import { IDENT } from '../../../domain/vocabulary.js';

/**
 * The capacity area's inputs and answers (spec group 17 `/capacity/*`; docs/queries.md "Capacity"). A capacity is
 * read from the service's registry entry (the LSP's declared capacities, a carrier's computed VEHICLES) and cached per
 * (service, type) for CAPACITY_CACHE_TTL_SECONDS.
 */

/** A capacity type: an upper-case identifier of 1–40, as the LSP declares them (a digit may lead: 3PL_SLOTS). */
/** A capacity kind is an identifier of the LSP family (what a facility may declare). */
export const CAPACITY_TYPE = IDENT;
const CAPACITY_TYPE_MSG = { message: 'must be an upper-case identifier of 1–40 (letters, digits, _) such as PALLET_POSITIONS' };
const LSP_MSG = { message: 'must be 1–64 characters' };
/** Most queries of one batch. */
export const MAX_BATCH = 100;

@InputType({ description: 'One capacity asked for: a kind of capacity of one service.' })
export class CapacityQueryInput {
  @Field({ description: "The service's provider code (the `<lsp>` of its composite id), 1–64 characters." }) @Length(1, 64, LSP_MSG) lsp!: string;
  @Field(() => ID, { description: "The service's id (the `<serviceId>` of its composite id); an id of no service of the workspace is NOT_FOUND." }) serviceId!: string;
  @Field({ description: 'The kind of capacity: an upper-case identifier of 1–40 (PALLET_POSITIONS, STORAGE_SLOTS, VEHICLES …; an open list).' })
  @Matches(CAPACITY_TYPE, CAPACITY_TYPE_MSG)
  capacityType!: string;
}

@InputType({ description: 'Capacities of several services at once.' })
export class CapacityBatchInput {
  @Field(() => [CapacityQueryInput], {
    description: `The capacities asked for, 1 to ${MAX_BATCH}. The answer is keyed by service: one query per service (a later query of a service already asked is not answered and is listed in \`errors\`).`,
  })
  @ArrayMinSize(1, { message: `must hold 1 to ${MAX_BATCH} queries` })
  @ArrayMaxSize(MAX_BATCH, { message: `must hold 1 to ${MAX_BATCH} queries` })
  @ValidateNested()
  queries!: CapacityQueryInput[];
}

export const CapacityQueryFailure = closedList('CapacityQueryFailure', 'Why one query of a capacity batch was not answered.', {
  NOT_FOUND: 'No such service in the workspace (as the single query answers 404).',
  CAPACITY_UNAVAILABLE: 'The service is not ACTIVE, or it publishes no capacity of that type (as the single query answers 503).',
  VALIDATION_ERROR: 'The batch already asked for this service in an earlier query: the answer holds one capacity per service.',
});
export type CapacityQueryFailure = keyof typeof CapacityQueryFailure;

@ObjectType({ description: "A service's capacity in a batch answer." })
export class ServiceCapacityItem {
  @Field(() => ID, { description: 'The service: `<lsp>:<serviceId>` (REST: the key of the `capacities` map).' }) compositeId!: string;
  @Field(() => Capacity, { description: 'Its capacity of the type asked.' }) capacity!: Capacity;
}

@ObjectType({ description: 'A query of a batch that was not answered.' })
export class CapacityQueryError {
  @Field(() => ID, { description: 'The service asked for: `<lsp>:<serviceId>` as sent (a UUID in lower case).' }) compositeId!: string;
  @Field({ description: 'The kind of capacity asked for (an upper-case identifier; an open list).' }) capacityType!: string;
  @Field(() => CapacityQueryFailure, { description: 'Why it was not answered.' }) code!: CapacityQueryFailure;
  @Field({ description: 'What went wrong, in words.' }) message!: string;
}

@ObjectType({ description: 'The capacities of a batch: what could be answered, and what could not.' })
export class CapacityBatch {
  @Field(() => [ServiceCapacityItem], { description: 'One capacity per service answered, in the order asked. REST: a map `{"<lsp>:<serviceId>": Capacity}`.' })
  capacities!: ServiceCapacityItem[];
  @Field(() => Int, { description: 'How many queries were answered (the entries of `capacities`).' }) total!: number;
  @Field(() => [CapacityQueryError], { description: 'The queries not answered, in the order asked (empty when every one was).' }) errors!: CapacityQueryError[];
}

@ObjectType({ description: 'Every capacity a service publishes.' })
export class ServiceCapacities {
  @Field(() => [Capacity], { description: "The service's capacities: those its LSP declares, then the computed ones (a carrier's VEHICLES)." }) capacities!: Capacity[];
  @Field(() => Int, { description: 'How many.' }) total!: number;
}

@ObjectType({ description: 'One cached capacity answer.' })
export class CapacityCacheEntry {
  @Field({ description: 'What is cached: `<lsp>:<serviceId>:<capacityType>`.' }) key!: string;
  @Field(() => Int, { description: 'Seconds until it expires (rounded up; at most CAPACITY_CACHE_TTL_SECONDS).' }) expiresIn!: number;
}

@ObjectType({ description: "The capacity answers this replica holds cached for the caller's workspace." })
export class CapacityCacheStats {
  @Field(() => Int, { description: 'How many entries.' }) size!: number;
  @Field(() => [CapacityCacheEntry], { description: 'The entries, soonest to expire first.' }) entries!: CapacityCacheEntry[];
}

@ObjectType({ description: 'The outcome of a cache invalidation.' })
export class CapacityCacheInvalidation {
  @Field({ description: 'What was invalidated, in words.' }) message!: string;
}
