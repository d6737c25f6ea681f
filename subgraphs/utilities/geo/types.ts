import { Field, Float, ID, InputType, ObjectType } from 'type-graphql';
import { Metadata, EtaPlaceInput, LatLng, MinuteHour, PlaceInput } from '../common/types.js';
import { TransportMode, ZoneServiceType, ZoneType } from '../common/enums.js';

/** Inputs and results of distances, zones and arrival times (spec group 15; docs/utilities.md). */

// ================================================================= /distance

@InputType({ description: 'A distance request (`POST /realm/utilities/distance`).' })
export class DistanceInput {
  @Field(() => PlaceInput, { description: 'Origin.' }) origin!: PlaceInput;
  @Field(() => PlaceInput, { description: 'Destination.' }) destination!: PlaceInput;
  @Field(() => TransportMode, { description: 'Mode.' }) mode!: TransportMode;
}

@ObjectType({ description: 'A distance value.' })
export class DistanceValue {
  @Field(() => Float, { description: 'Kilometres (2 decimals).' }) value!: number;
  @Field(() => String, { description: 'Always km.' }) unit!: string;
  @Field(() => Float, { description: 'Miles (2 decimals).' }) miles!: number;
}

@ObjectType({ description: 'A distance between two places by a mode.' })
export class RouteDistance {
  @Field(() => DistanceValue, { description: 'The distance.' }) distance!: DistanceValue;
  @Field(() => TransportMode, { description: 'Mode.' }) mode!: TransportMode;
  @Field(() => Float, { description: 'When it was calculated (Unix timestamp, seconds).' }) calculatedAt!: number;
  @Field(() => String, { description: 'GREAT_CIRCLE (AIR), CIRCUITY (ROAD, RAIL) or SEA_ROUTE.' }) method!: string;
  @Field(() => Float, { description: 'Great-circle distance, km.' }) greatCircleKm!: number;
  @Field(() => Float, { nullable: true, description: 'SEA: the maritime leg, km.' }) seaKm?: number | null;
  @Field(() => Float, { nullable: true, description: 'SEA: the road legs to and from the maritime network, km.' }) accessKm?: number | null;
  @Field(() => Metadata, { description: 'How the answer was produced.' }) metadata!: Metadata;
}

// ================================================================= /zone

@InputType({ description: 'A zone assignment request (`POST /realm/utilities/zone`).' })
export class ZoneInput {
  @Field(() => PlaceInput, { description: 'The location.' }) location!: PlaceInput;
  @Field(() => ZoneServiceType, { nullable: true, description: 'Service (default DELIVERY).' }) serviceType?: ZoneServiceType | null;
}

@ObjectType({ description: 'The area a zone covers.' })
export class ZoneCoverage {
  @Field(() => String, { description: 'CIRCLE (city, metro), ADMIN_AREA (region) or COUNTRY.' }) shape!: string;
  @Field(() => LatLng, { description: 'Centre.' }) center!: LatLng;
  @Field(() => Float, { nullable: true, description: 'Radius of a CIRCLE, metres.' }) radius?: number | null;
  @Field(() => String, { description: 'Country (ISO 3166-1 alpha-2).' }) country!: string;
  @Field(() => String, { nullable: true, description: 'First-level division (GeoNames code, e.g. KE.05).' }) region?: string | null;
  @Field(() => Float, { nullable: true, description: 'Population of the zone\'s city (GeoNames).' }) population?: number | null;
}

@ObjectType({ description: 'A zone.' })
export class Zone {
  @Field(() => ID, { description: 'Stable identifier, e.g. city:184745, metro:184745, region:KE.05, country:KE.' }) id!: string;
  @Field(() => String, { description: 'Name.' }) name!: string;
  @Field(() => ZoneType, { description: 'Tier.' }) type!: ZoneType;
  @Field(() => ZoneCoverage, { description: 'Area covered.' }) coverage!: ZoneCoverage;
  @Field(() => String, { description: 'DEFAULT (platform zoning) or LSP (an LSP coverage area).' }) source!: string;
}

@ObjectType({ description: 'The zone a location belongs to.' })
export class ZoneAssignment {
  @Field(() => Zone, { description: 'The zone.' }) zone!: Zone;
  @Field(() => ZoneServiceType, { description: 'Service asked for.' }) serviceType!: ZoneServiceType;
  @Field(() => Float, { description: 'When it was assigned (Unix timestamp, seconds).' }) calculatedAt!: number;
  @Field(() => Metadata, { description: 'How the answer was produced.' }) metadata!: Metadata;
}

// ================================================================= /eta

@InputType({ description: 'An arrival-time request (`POST /realm/utilities/eta`).' })
export class EtaInput {
  @Field(() => EtaPlaceInput, { description: 'Origin.' }) origin!: EtaPlaceInput;
  @Field(() => EtaPlaceInput, { description: 'Destination.' }) destination!: EtaPlaceInput;
  @Field(() => TransportMode, { description: 'Mode.' }) mode!: TransportMode;
  @Field(() => Float, { nullable: true, description: 'Departure (Unix timestamp, seconds; milliseconds accepted); default now.' }) departureTime?: number | null;
}

@ObjectType({ description: 'Kilometres.' })
export class Kilometers {
  @Field(() => Float, { description: 'Kilometres (2 decimals).' }) kilometer!: number;
}

@ObjectType({ description: 'An arrival-time estimate.' })
export class ArrivalEstimate {
  @Field(() => Float, { description: 'Arrival (Unix timestamp, seconds).' }) estimatedArrival!: number;
  @Field(() => MinuteHour, { description: 'Travel time.' }) duration!: MinuteHour;
  @Field(() => Kilometers, { description: 'Distance by the mode.' }) distance!: Kilometers;
  @Field(() => Float, { description: 'Departure used (Unix timestamp, seconds).' }) departureTime!: number;
  @Field(() => TransportMode, { description: 'Mode.' }) mode!: TransportMode;
  @Field(() => Float, { description: 'When it was calculated (Unix timestamp, seconds).' }) calculatedAt!: number;
  @Field(() => Metadata, { description: 'How the answer was produced.' }) metadata!: Metadata;
}

