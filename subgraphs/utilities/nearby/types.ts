import { Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';
import { GeoPoint, GeoPointInput } from '../../../kernel/graphql-types.js';
import { VehicleReference } from '../../../kernel/references.js';
import { DateTimeScalar } from '../../../kernel/scalars.js';
import { LiveVehicleStatus } from '../common/enums.js';

/**
 * Inputs and results of the nearby searches and the live vehicle-position store (spec group 15; docs/utilities.md,
 * "Live vehicle positions and /nearby/*"). Positions are `GeoPoint`s, stored as `[lat, lng]`; REST writes them
 * `{lat, lng}`. Vehicle types are the fleets' own vocabulary (an open list: 1–40 letters, digits, _ or -, stored
 * upper case), so they stay strings.
 */

const VEHICLE =
  "The LSP vehicle of this position (resolved by the lsp subgraph, within the caller's workspace): null when the id is not " +
  "an LSP vehicle id (a UUID), or names no vehicle of the caller's workspace.";

@ObjectType({ description: "A vehicle of the caller's workspace found by a search, at its last reported position." })
export class NearbyVehicle {
  @Field(() => ID, { description: 'Vehicle identifier, as its fleet reports it.' }) id!: string;
  @Field(() => VehicleReference, { nullable: true, description: VEHICLE }) vehicle?: VehicleReference | null;
  @Field(() => String, { description: "Vehicle type, upper case (the fleet's own vocabulary, e.g. CAR, MOTORBIKE, VAN); an open vocabulary." }) type!: string;
  @Field(() => LiveVehicleStatus, { description: 'Status last reported.' }) status!: LiveVehicleStatus;
  @Field(() => GeoPoint, { description: 'Last reported position.' }) location!: [number, number];
  @Field(() => Float, { description: 'Great-circle distance from the search point, metres, 0.1 m.' }) distance!: number;
  @Field(() => DateTimeScalar, { description: 'When the position was measured. REST: Unix seconds.' }) updatedAt!: Date;
}

// ================================================================= searches

const VEHICLE_TYPE = "Only vehicles of this type (1–40 letters, digits, _ or -, case-insensitive; the fleets' own types, an open vocabulary).";
const STATUS = 'Only vehicles whose last reported status is this one.';

@InputType({ description: 'A search for the vehicles within a radius of a point.' })
export class NearbySearchInput {
  @Field(() => GeoPointInput, { description: 'Centre of the search. REST: `{lat, lng}`.' }) location!: GeoPointInput;
  @Field(() => Float, { description: 'Radius in metres, 0.01 to 100,000.' }) radius!: number;
  @Field(() => String, { nullable: true, description: VEHICLE_TYPE }) vehicleType?: string | null;
  @Field(() => LiveVehicleStatus, { nullable: true, description: STATUS }) status?: LiveVehicleStatus | null;
  @Field(() => Int, { nullable: true, description: 'At most this many vehicles, nearest first: 1 to 100, default 20.' }) limit?: number | null;
}

@ObjectType({ description: 'The vehicles within a radius of a point.' })
export class NearbySearchResult {
  @Field(() => [NearbyVehicle], { description: 'The vehicles, nearest first (at most the limit).' }) vehicles!: NearbyVehicle[];
  @Field(() => Int, { description: 'Number of vehicles returned.' }) count!: number;
  @Field(() => Float, { description: 'Radius searched, metres.' }) searchRadius!: number;
  @Field(() => GeoPoint, { description: 'Centre searched.' }) location!: [number, number];
}

@InputType({ description: 'A bounding box, by two corners.' })
export class BoundsInput {
  @Field(() => GeoPointInput, { description: 'North-east corner. REST: `{lat, lng}`.' }) northeast!: GeoPointInput;
  @Field(() => GeoPointInput, { description: "South-west corner; a longitude greater than the north-east one's makes the box cross the antimeridian. REST: `{lat, lng}`." })
  southwest!: GeoPointInput;
}

@InputType({ description: 'A search for the vehicles inside a bounding box.' })
export class NearbyBoundsInput {
  @Field(() => BoundsInput, { description: 'The box to search.' }) bounds!: BoundsInput;
  @Field(() => String, { nullable: true, description: VEHICLE_TYPE }) vehicleType?: string | null;
  @Field(() => LiveVehicleStatus, { nullable: true, description: STATUS }) status?: LiveVehicleStatus | null;
  @Field(() => Int, { nullable: true, description: 'At most this many vehicles, nearest the box centre first: 1 to 100, default 20.' }) limit?: number | null;
}

@ObjectType({ description: 'A bounding box, by two corners.' })
export class Bounds {
  @Field(() => GeoPoint, { description: 'North-east corner.' }) northeast!: [number, number];
  @Field(() => GeoPoint, { description: 'South-west corner.' }) southwest!: [number, number];
}

@ObjectType({ description: 'The vehicles inside a bounding box.' })
export class NearbyBoundsResult {
  @Field(() => [NearbyVehicle], { description: 'The vehicles, nearest the box centre first (distance is from the centre).' }) vehicles!: NearbyVehicle[];
  @Field(() => Int, { description: 'Number of vehicles returned.' }) count!: number;
  @Field(() => Bounds, { description: 'Box searched.' }) bounds!: Bounds;
  @Field(() => GeoPoint, { description: 'Centre of the box.' }) center!: [number, number];
}

@InputType({ description: 'A search for the k vehicles nearest a point.' })
export class NearestInput {
  @Field(() => GeoPointInput, { description: 'The point. REST: `{lat, lng}`.' }) location!: GeoPointInput;
  @Field(() => Int, { description: 'How many vehicles, 1 to 100.' }) count!: number;
  @Field(() => String, { nullable: true, description: VEHICLE_TYPE }) vehicleType?: string | null;
  @Field(() => LiveVehicleStatus, { nullable: true, description: STATUS }) status?: LiveVehicleStatus | null;
  @Field(() => Float, { nullable: true, description: 'Only vehicles within this many metres, 0.01 to 100,000 (default: no limit).' }) maxDistance?: number | null;
}

@ObjectType({ description: 'The vehicles nearest a point.' })
export class NearestResult {
  @Field(() => [NearbyVehicle], { description: 'The vehicles, nearest first.' }) vehicles!: NearbyVehicle[];
  @Field(() => Int, { description: 'Number of vehicles returned (at most the count asked).' }) count!: number;
  @Field(() => Int, { description: 'Count asked.' }) requested!: number;
  @Field(() => Float, { nullable: true, description: 'Distance limit applied, metres; null when none.' }) maxDistance?: number | null;
  @Field(() => GeoPoint, { description: 'Point searched.' }) location!: [number, number];
}

// ================================================================= position reports

@InputType({ description: 'A vehicle position report of a fleet.' })
export class VehiclePositionInput {
  @Field(() => ID, { description: 'Vehicle identifier in the fleet: 1–64 letters, digits, - _ . :, first a letter or digit (an LSP fleet reports its vehicle id).' })
  vehicleId!: string;
  @Field(() => String, { description: 'Vehicle type (1–40 letters, digits, _ or -, e.g. CAR, MOTORBIKE, VAN, TRUCK; stored upper case); an open vocabulary.' }) type!: string;
  @Field(() => LiveVehicleStatus, { description: 'Status of the vehicle.' }) status!: LiveVehicleStatus;
  @Field(() => GeoPointInput, { description: 'Position of the vehicle.' }) location!: GeoPointInput;
  @Field(() => Float, { nullable: true, description: 'Heading, degrees clockwise from north, 0 to 360.' }) heading?: number | null;
  @Field(() => Float, { nullable: true, description: 'Speed, km/h, 0 to 2,000.' }) speed?: number | null;
  @Field(() => DateTimeScalar, { nullable: true, description: 'When the position was measured (default now; at most 5 minutes ahead). A report older than the stored one is ignored.' })
  recordedAt?: Date | null;
}

@ObjectType({ description: "The last reported position of a vehicle of the caller's workspace." })
export class VehiclePosition {
  @Field(() => ID, { description: 'Vehicle identifier, as its fleet reports it.' }) id!: string;
  @Field(() => VehicleReference, { nullable: true, description: VEHICLE }) vehicle?: VehicleReference | null;
  @Field(() => String, { description: 'Vehicle type, upper case; an open vocabulary.' }) type!: string;
  @Field(() => LiveVehicleStatus, { description: 'Status last reported.' }) status!: LiveVehicleStatus;
  @Field(() => GeoPoint, { description: 'Last reported position.' }) location!: [number, number];
  @Field(() => Float, { nullable: true, description: 'Heading, degrees clockwise from north; null when not reported.' }) heading?: number | null;
  @Field(() => Float, { nullable: true, description: 'Speed, km/h; null when not reported.' }) speed?: number | null;
  @Field(() => DateTimeScalar, { description: 'When the position was measured.' }) updatedAt!: Date;
}

@ObjectType({ description: 'Outcome of a batch of position reports.' })
export class VehiclePositionBatch {
  @Field(() => Int, { description: 'Reports stored (new, or at least as recent as the stored position).' }) stored!: number;
  @Field(() => Int, { description: 'Reports ignored because a newer position was already stored.' }) ignored!: number;
}
