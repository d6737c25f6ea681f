import { IsOptional, Max, Min, ValidateNested, ArrayMaxSize, Length, Matches } from 'class-validator';
import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';
import { GeoPoint, GeoPointInput } from '../../../kernel/graphql-types.js';
import { ProviderReference } from '../../../kernel/references.js';
import { DateTimeScalar } from '../../../kernel/scalars.js';
import { FleetReference, HubReference, ParkingFacilityReference, WarehouseReference } from '../common/references.js';
import { GeographicLevel, QueryOutcome, ServiceStatus, ServiceType } from '../common/enums.js';
import { Capacity, ServicePerformance } from '../common/types.js';
import { IDENT } from '../../../domain/vocabulary.js';

/**
 * The service registry and its searches (spec group 17, `/discovery/*`; docs/queries.md "Registry", "Discovery").
 * Distances are kilometres on the IUGG mean sphere (the utilities' distances); points are `GeoPoint`s, `[lat, lng]` on
 * REST.
 */

@ObjectType({ description: 'A postal address of a service.' })
export class ServiceAddress {
  @Field(() => String, { nullable: true, description: 'Street and number.' }) street?: string | null;
  @Field(() => String, { nullable: true, description: 'City.' }) city?: string | null;
  @Field(() => String, { nullable: true, description: 'Region, state or province.' }) region?: string | null;
  @Field(() => String, { nullable: true, description: 'Country, as the provider wrote it (ISO 3166-1 alpha-2 code or name).' }) country?: string | null;
  @Field(() => String, { nullable: true, description: 'Postal code; null when the provider gave none.' }) postalCode?: string | null;
}

@ObjectType({ description: 'Where a service is.' })
export class ServiceLocation {
  @Field(() => GeoPoint, { nullable: true, description: 'Its position; null when the provider gave none (then no search by location finds it). REST: `[lat, lng]`.' })
  coordinates?: [number, number] | null;
  @Field(() => ServiceAddress, { nullable: true, description: 'Its address; null when the provider gave none.' }) address?: ServiceAddress | null;
  @Field({ description: "Its IANA time zone (the facility's; for an IoTSP the zone of its position, else UTC)." }) timezone!: string;
}

@ObjectType({ description: 'A place a service covers.' })
export class GeographicArea {
  @Field(() => GeographicLevel, { description: 'Country, region or city.' }) type!: GeographicLevel;
  @Field({ description: 'Its name or code, as the LSP wrote it.' }) value!: string;
}

@ObjectType({ description: "Where a service reaches: its LSP's ACTIVE coverage areas and routes." })
export class ServiceCoverage {
  @Field(() => [GeographicArea], { description: 'Countries, regions and cities covered (each once).' }) geographic!: GeographicArea[];
  @Field(() => [String], { description: "Transit types of the coverage (LAST_MILE, HUB_TO_TERMINAL …; the LSP's open vocabulary)." }) serviceTypes!: string[];
}

@ObjectType({ description: 'A service of the registry (spec "ServiceRegistryEntry"), kept in step with its source through the event log.' })
export class ServiceRegistryEntry {
  @Field(() => ID, { description: "The service's key: `<lsp>:<serviceId>`." }) compositeId!: string;
  @Field({ description: "The provider's code (an LSP's, or an IoTSP's for IOTSP entries)." }) lsp!: string;
  @Field(() => ID, { description: "The source record's id: the warehouse's, hub's, fleet's or parking facility's, or the IoTSP provider's." }) serviceId!: string;
  @Field(() => ServiceType, { description: 'What the service is.' }) serviceType!: ServiceType;
  @Field({ description: 'Its name.' }) name!: string;
  @Field(() => String, { nullable: true, description: 'Its description; null when none.' }) description?: string | null;
  @Field(() => ServiceLocation, { description: 'Where it is.' }) location!: ServiceLocation;
  @Field(() => GraphQLJSONObject, {
    description: 'What it can do: `features` (upper-case identifiers such as COLD_CHAIN, HAZMAT), `facilityType`, `serviceLevel`, `operatingMode`, `digitalTwinSync` (docs/queries.md "Capabilities").',
  })
  capabilities!: Record<string, unknown>;
  @Field(() => ServiceCoverage, { nullable: true, description: 'Where it reaches; null when its LSP has no ACTIVE coverage (and for IOTSP entries).' }) coverage?: ServiceCoverage | null;
  @Field(() => ServicePerformance, { nullable: true, description: 'Its performance as last synced; null before the first sync.' }) performance?: ServicePerformance | null;
  @Field(() => ServiceStatus, { description: 'Whether it is offered.' }) status!: ServiceStatus;
  @Field(() => [String], { description: "Tags: the facility's type, level and features (upper-case identifiers)." }) tags!: string[];
  @Field(() => Float, { nullable: true, description: 'Search results only: great-circle distance from the search point, km (3 decimals).' }) distance?: number | null;
  @Field(() => Float, { nullable: true, description: 'Search results only: 100 ÷ (1 + distance ÷ 50 km), 0 to 100, 2 decimals (docs/queries.md "Proximity").' })
  proximityScore?: number | null;
  @Field(() => Float, { nullable: true, description: 'Matching results only: the overall score, 0 to 100.' }) score?: number | null;
  @Field(() => Capacity, { nullable: true, description: 'Available-capacity searches only: the capacity searched for.' }) capacity?: Capacity | null;
  @Field(() => DateTimeScalar, { description: 'When the source record was created (first seen). REST: ISO-8601.' }) created!: Date;
  @Field(() => DateTimeScalar, { description: 'When the source record last changed. REST: ISO-8601.' }) updated!: Date;
  @Field(() => DateTimeScalar, { description: 'When the registry last applied an event of the source. REST: ISO-8601.' }) lastSynced!: Date;
  @Field(() => ProviderReference, { description: 'The provider offering the service (resolved by the workspace subgraph).' }) provider!: ProviderReference;
  @Field(() => WarehouseReference, { nullable: true, description: 'The source warehouse (WAREHOUSE entries); resolved by the lsp subgraph.' }) warehouse?: WarehouseReference | null;
  @Field(() => HubReference, { nullable: true, description: 'The source hub (HUB entries).' }) hub?: HubReference | null;
  @Field(() => FleetReference, { nullable: true, description: 'The source fleet (CARRIER entries).' }) fleet?: FleetReference | null;
  @Field(() => ParkingFacilityReference, { nullable: true, description: 'The source parking facility (TERMINAL entries).' }) parkingFacility?: ParkingFacilityReference | null;
}

// ================================================================= inputs

/** The LSP family's identifiers (facility types, levels, capabilities, capacity kinds): what the registry's tags and kinds are. */
const IDENT_MSG = { message: 'must be an upper-case identifier of 1–40 (letters, digits, _)' };

@InputType({ description: 'Where to search.' })
export class SearchLocationInput {
  @Field(() => GeoPointInput, { description: 'The search point. REST: `[lat, lng]`.' }) @ValidateNested() coordinates!: GeoPointInput;
  @Field(() => Float, { nullable: true, description: 'Only services within this many km (0.001 to 20,000); default: any distance, nearest first.' })
  @IsOptional()
  @Min(0.001, { message: 'must be between 0.001 and 20000' })
  @Max(20_000, { message: 'must be between 0.001 and 20000' })
  maxDistance?: number;
}

@InputType({ description: 'Filters of a discovery (all optional; every one given must hold).' })
export class DiscoveryFiltersInput {
  @Field(() => ServiceStatus, { nullable: true, description: 'Only services in this status (default ACTIVE).' }) @IsOptional() status?: ServiceStatus;
  @Field(() => String, { nullable: true, description: 'Only services of this provider (its code).' }) @IsOptional() @Length(1, 64) lsp?: string;
  @Field(() => [String], { nullable: true, description: 'Only services carrying every one of these tags (at most 20, upper-case identifiers).' })
  @IsOptional()
  @ArrayMaxSize(20)
  @Matches(IDENT, { each: true, ...IDENT_MSG })
  tags?: string[];
  @Field(() => String, { nullable: true, description: 'Only services whose address is in this country (as written, case-insensitive).' }) @IsOptional() @Length(1, 64) country?: string;
  @Field(() => String, { nullable: true, description: 'Only services whose address is in this city (case-insensitive).' }) @IsOptional() @Length(1, 100) city?: string;
}

@InputType({ description: 'A discovery: services of one type, optionally near a point, filtered, a page at a time.' })
export class DiscoveryInput {
  @Field(() => ServiceType, { description: 'The type of service.' }) serviceType!: ServiceType;
  @Field(() => SearchLocationInput, { nullable: true, description: 'Search near a point (results nearest first, with distance and proximityScore).' })
  @IsOptional()
  @ValidateNested()
  location?: SearchLocationInput;
  @Field(() => DiscoveryFiltersInput, { nullable: true, description: 'Filters.' }) @IsOptional() @ValidateNested() filters?: DiscoveryFiltersInput;
  @Field(() => Int, { nullable: true, description: 'At most this many services, 1 to 100 (default 20).' })
  @IsOptional()
  @Min(1, { message: 'must be between 1 and 100' })
  @Max(100, { message: 'must be between 1 and 100' })
  limit?: number;
  @Field(() => Int, { nullable: true, description: 'Skip this many first, 0 to 10,000 (default 0).' })
  @IsOptional()
  @Min(0, { message: 'must be between 0 and 10000' })
  @Max(10_000, { message: 'must be between 0 and 10000' })
  offset?: number;
}

@InputType({ description: 'Least performance a service must have (each optional).' })
export class PerformanceThresholdsInput {
  @Field(() => Float, { nullable: true, description: 'Least on-time delivery rate, 0 to 1.' })
  @IsOptional()
  @Min(0, { message: 'must be between 0 and 1' })
  @Max(1, { message: 'must be between 0 and 1' })
  onTimeDeliveryRate?: number;
  @Field(() => Float, { nullable: true, description: 'Least order accuracy, 0 to 1.' })
  @IsOptional()
  @Min(0, { message: 'must be between 0 and 1' })
  @Max(1, { message: 'must be between 0 and 1' })
  orderAccuracy?: number;
  @Field(() => Float, { nullable: true, description: 'Least overall score, 0 to 100.' })
  @IsOptional()
  @Min(0, { message: 'must be between 0 and 100' })
  @Max(100, { message: 'must be between 0 and 100' })
  overallScore?: number;
}

@InputType({ description: 'A discovery with capability and performance conditions.' })
export class AdvancedDiscoveryInput extends DiscoveryInput {
  @Field(() => GraphQLJSONObject, {
    nullable: true,
    description: 'Capabilities the service must have: a JSON object the entry\'s `capabilities` must contain (lists: every item; e.g. `{"features": ["COLD_CHAIN"]}`), at most 2 KB.',
  })
  @IsOptional()
  capabilities?: Record<string, unknown>;
  @Field(() => PerformanceThresholdsInput, { nullable: true, description: 'Least performance (a service never synced does not pass any threshold).' })
  @IsOptional()
  @ValidateNested()
  performanceThresholds?: PerformanceThresholdsInput;
}

@InputType({ description: 'A search for services with free capacity.' })
export class AvailabilityInput {
  @Field(() => DiscoveryInput, { description: 'Which services (spec "QueryCriteria").' }) @ValidateNested() criteria!: DiscoveryInput;
  @Field(() => Float, { nullable: true, description: 'Least free capacity (available) of `capacityType`, 0 to 1e9 (default 0: any).' })
  @IsOptional()
  @Min(0, { message: 'must be between 0 and 1000000000' })
  @Max(1e9, { message: 'must be between 0 and 1000000000' })
  minCapacity?: number;
  @Field(() => String, { nullable: true, description: 'The kind of capacity, an upper-case identifier the LSP chooses (an open list); default: any kind the service publishes.' })
  @IsOptional()
  @Matches(IDENT, IDENT_MSG)
  capacityType?: string;
}

// ================================================================= results

@ObjectType({ description: 'The services a discovery found.' })
export class DiscoveryResult {
  @Field(() => QueryOutcome, { description: 'SUCCESS, or NO_RESULTS when nothing matched (REST `status`, HTTP 200).' }) status!: QueryOutcome;
  @Field(() => [ServiceRegistryEntry], { description: 'The services of the page: nearest first when searching near a point, else by name.' }) services!: ServiceRegistryEntry[];
  @Field(() => Int, { description: 'How many services match in all (every page).' }) total!: number;
  @Field(() => Float, { description: 'Time spent searching, ms (3 decimals).' }) executionTimeMs!: number;
}

@ObjectType({ description: 'How many services a discovery would find.' })
export class ServiceCount {
  @Field(() => QueryOutcome, { description: 'SUCCESS, or NO_RESULTS when the count is 0.' }) status!: QueryOutcome;
  @Field(() => Int, { description: 'The number of services.' }) count!: number;
}

@ObjectType({ description: 'One service of the registry.' })
export class ServiceAnswer {
  @Field(() => ServiceRegistryEntry, { description: 'The service.' }) service!: ServiceRegistryEntry;
}
