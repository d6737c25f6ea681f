import { ArrayMaxSize, IsOptional, Length, Max, Min, ValidateNested } from 'class-validator';
import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, Float, ID, InputType, ObjectType } from 'type-graphql';
import { GeoPointInput } from '../../../kernel/graphql-types.js';
import { SelectableResource, SelectionStrategy } from '../common/enums.js';

/** Selection: one resource picked by a strategy (docs/queries.md "Selection"), what a pipeline QUERY stage asks. */

@InputType({ description: 'What a selected resource must satisfy; every filter is optional.' })
export class ResourceSelectionFilters {
  @Field(() => GeoPointInput, { nullable: true, description: 'Near this point: candidates nearest first (CLOSEST requires it).' })
  @IsOptional()
  @ValidateNested()
  location?: GeoPointInput;
  @Field(() => Float, { nullable: true, description: 'Only within this many kilometres of `location`, 0 to 20,000.' })
  @IsOptional()
  @Min(0, { message: 'must be between 0 and 20000' })
  @Max(20_000, { message: 'must be between 0 and 20000' })
  maxDistance?: number;
  @Field(() => String, { nullable: true, description: 'Country, as services write it (ISO 3166-1 code or name, case-insensitive).' }) @IsOptional() @Length(1, 64) country?: string;
  @Field(() => String, { nullable: true, description: 'City (case-insensitive).' }) @IsOptional() @Length(1, 100) city?: string;
  @Field(() => String, { nullable: true, description: 'Only services of this LSP (its icode).' }) @IsOptional() @Length(1, 64) lsp?: string;
  @Field(() => [String], { nullable: true, description: 'Tags every selected service carries (at most 50).' }) @IsOptional() @ArrayMaxSize(50) tags?: string[];
  @Field(() => GraphQLJSONObject, { nullable: true, description: "A JSON object the service's capabilities must contain." }) @IsOptional() capabilities?: Record<string, unknown>;
  @Field(() => [String], { nullable: true, description: 'Capabilities matching requires (as `matchServices` takes them; at most 50).' })
  @IsOptional()
  @ArrayMaxSize(50)
  requirements?: string[];
  @Field(() => String, { nullable: true, description: 'The capacity type counted by HIGHEST_CAPACITY and `minCapacity` (an upper-case identifier; an open list).' })
  @IsOptional()
  @Length(1, 64)
  capacityType?: string;
  @Field(() => Float, { nullable: true, description: 'At least this much capacity available, 0 to 1,000,000,000.' })
  @IsOptional()
  @Min(0, { message: 'must be between 0 and 1000000000' })
  @Max(1e9, { message: 'must be between 0 and 1000000000' })
  minCapacity?: number;
  @Field(() => ID, { nullable: true, description: 'VEHICLE: only vehicles of this fleet.' }) @IsOptional() @Length(1, 64) fleetId?: string;
}

@InputType({ description: 'What to select, how, and among which resources.' })
export class ResourceSelectionInput {
  @Field(() => SelectableResource, { description: 'The kind of resource.' }) resource!: SelectableResource;
  @Field(() => SelectionStrategy, { description: 'How to pick among the matches.' }) strategy!: SelectionStrategy;
  @Field(() => ResourceSelectionFilters, { nullable: true, description: 'What the resource must satisfy.' })
  @IsOptional()
  @ValidateNested()
  filters?: ResourceSelectionFilters;
  @Field(() => String, { nullable: true, description: 'RANDOM: the same seed picks the same resource (1–200 characters; default empty).' })
  @IsOptional()
  @Length(1, 200)
  seed?: string;
}

@ObjectType({ description: 'The resource selected, its score and up to 4 runners-up.' })
export class ResourceSelection {
  @Field(() => GraphQLJSONObject, {
    description:
      'The resource: a registry entry (id, type, compositeId, lsp, serviceId, name, location, tags, …), a vehicle (id, fleetId, status, lsp, fleet) or a route (id, lsp, geographic, serviceTypes).',
  })
  resource!: Record<string, unknown>;
  @Field(() => Float, { description: 'Its score under the strategy, 0 to 100.' }) score!: number;
  @Field(() => SelectionStrategy, { description: 'The strategy that picked it.' }) strategy!: SelectionStrategy;
  @Field(() => [GraphQLJSONObject], { description: 'Up to 4 runners-up, best first, in the same shape.' }) alternatives!: Record<string, unknown>[];
}
