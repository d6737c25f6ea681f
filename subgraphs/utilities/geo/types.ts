import { Field, Float, ID, InputType, ObjectType } from 'type-graphql';
import { GeoPoint } from '../../../kernel/graphql-types.js';
import { DateTimeScalar } from '../../../kernel/scalars.js';
import { TransportMode } from '../../../domain/transport.js';
import { EstimateMetadata, EtaPlaceInput, MinutesHours, PlaceInput } from '../common/types.js';
import { DistanceMethod, RouteDistanceUnit, ZoneServiceType, ZoneShape, ZoneType, ZoningSource } from './enums.js';

/** Inputs and results of distances, zones and arrival times (spec group 15; docs/utilities.md). */

// ================================================================= distance

@InputType({ description: 'A distance request: two places and a mode.' })
export class DistanceInput {
  @Field(() => PlaceInput, { description: 'Where the trip starts.' }) origin!: PlaceInput;
  @Field(() => PlaceInput, { description: 'Where it ends.' }) destination!: PlaceInput;
  @Field(() => TransportMode, { description: 'Mode of transport to measure by.' }) mode!: TransportMode;
}

@ObjectType({ description: 'A distance in kilometres, with its miles.' })
export class DistanceValue {
  @Field(() => Float, { description: 'Kilometres, 2 decimals.' }) value!: number;
  @Field(() => RouteDistanceUnit, { description: 'Unit of value: always km.' }) unit!: RouteDistanceUnit;
  @Field(() => Float, { description: 'Miles (1.609344 km), from the unrounded distance, 2 decimals.' }) miles!: number;
}

@ObjectType({ description: 'The distance between two places by a mode, and how it was measured.' })
export class RouteDistance {
  @Field(() => DistanceValue, { description: 'The distance by the mode.' }) distance!: DistanceValue;
  @Field(() => TransportMode, { description: 'Mode measured by.' }) mode!: TransportMode;
  @Field(() => DateTimeScalar, { description: 'When it was calculated. REST: Unix seconds.' }) calculatedAt!: Date;
  @Field(() => DistanceMethod, { description: 'How the distance was measured.' }) method!: DistanceMethod;
  @Field(() => Float, { description: 'Great-circle distance, km, 2 decimals.' }) greatCircleKm!: number;
  @Field(() => Float, { nullable: true, description: 'SEA: the maritime leg, km; null for other modes.' }) seaKm?: number | null;
  @Field(() => Float, { nullable: true, description: 'SEA: the road legs to and from the maritime network, km; null for other modes.' }) accessKm?: number | null;
  @Field(() => EstimateMetadata, { description: 'How the answer was produced.' }) metadata!: EstimateMetadata;
}

// ================================================================= zone

@InputType({ description: 'A zone assignment request: a location and the service asked for.' })
export class ZoneInput {
  @Field(() => PlaceInput, { description: 'The location to assign a zone to.' }) location!: PlaceInput;
  @Field(() => ZoneServiceType, { nullable: true, description: 'Service asked for (default DELIVERY).' }) serviceType?: ZoneServiceType | null;
}

@ObjectType({ description: 'The area a zone covers.' })
export class ZoneCoverage {
  @Field(() => ZoneShape, { description: 'Shape of the area.' }) shape!: ZoneShape;
  @Field(() => GeoPoint, { description: 'Centre of the area.' }) center!: [number, number];
  @Field(() => Float, { nullable: true, description: 'Radius of a CIRCLE, metres; null for other shapes.' }) radius?: number | null;
  @Field(() => String, { description: 'Country of the zone (ISO 3166-1 alpha-2 code).' }) country!: string;
  @Field(() => String, { nullable: true, description: 'First-level division (GeoNames code, e.g. KE.05), when known.' }) region?: string | null;
  @Field(() => Float, { nullable: true, description: "Population of the zone's city (GeoNames), for CITY and METRO zones." }) population?: number | null;
}

@ObjectType({ description: 'A zone: an area the platform groups locations by, for a service.' })
export class Zone {
  @Field(() => ID, { description: 'Stable identifier of the zone: city:184745, metro:184745, region:KE.05, country:KE.' }) id!: string;
  @Field(() => String, { description: 'Name of the zone (city, metropolitan area, region or country).' }) name!: string;
  @Field(() => ZoneType, { description: 'Tier of the zone.' }) type!: ZoneType;
  @Field(() => ZoneCoverage, { description: 'Area the zone covers.' }) coverage!: ZoneCoverage;
  @Field(() => ZoningSource, { description: 'Which zone source answered.' }) source!: ZoningSource;
  @Field(() => String, { nullable: true, description: 'The LSP whose coverage area the zone is (its code); null for the default zoning.' }) lspCode?: string | null;
}

@ObjectType({ description: 'The zone a location belongs to.' })
export class ZoneAssignment {
  @Field(() => Zone, { description: 'The zone.' }) zone!: Zone;
  @Field(() => ZoneServiceType, { description: 'Service asked for.' }) serviceType!: ZoneServiceType;
  @Field(() => DateTimeScalar, { description: 'When it was assigned. REST: Unix seconds.' }) calculatedAt!: Date;
  @Field(() => EstimateMetadata, { description: 'How the answer was produced.' }) metadata!: EstimateMetadata;
}

// ================================================================= arrival time

@InputType({ description: 'An arrival-time request: two places, a mode and a departure.' })
export class EtaInput {
  @Field(() => EtaPlaceInput, { description: 'Where the trip starts.' }) origin!: EtaPlaceInput;
  @Field(() => EtaPlaceInput, { description: 'Where it ends.' }) destination!: EtaPlaceInput;
  @Field(() => TransportMode, { description: 'Mode of transport.' }) mode!: TransportMode;
  @Field(() => DateTimeScalar, { nullable: true, description: 'When the trip starts (default now). REST: Unix seconds (milliseconds accepted).' })
  departureTime?: Date | null;
}

@ObjectType({ description: 'A distance in kilometres.' })
export class Kilometers {
  @Field(() => Float, { description: 'Kilometres, 2 decimals.' }) kilometer!: number;
}

@ObjectType({ description: 'An arrival-time estimate: departure, travel time and arrival.' })
export class ArrivalEstimate {
  @Field(() => DateTimeScalar, { description: 'Arrival: the departure + duration.minute minutes. REST: Unix seconds.' }) estimatedArrival!: Date;
  @Field(() => MinutesHours, { description: 'Travel time by the mode.' }) duration!: MinutesHours;
  @Field(() => Kilometers, { description: 'Distance by the mode.' }) distance!: Kilometers;
  @Field(() => DateTimeScalar, { description: 'Departure used. REST: Unix seconds.' }) departureTime!: Date;
  @Field(() => TransportMode, { description: 'Mode of transport.' }) mode!: TransportMode;
  @Field(() => DateTimeScalar, { description: 'When it was calculated. REST: Unix seconds.' }) calculatedAt!: Date;
  @Field(() => EstimateMetadata, { description: 'How the answer was produced.' }) metadata!: EstimateMetadata;
}
