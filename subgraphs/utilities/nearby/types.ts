import { Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';
import { LatLng, LatLngInput } from '../common/types.js';
import { VehicleStatus } from '../common/enums.js';

/** Inputs and results of the nearby searches and the live vehicle-position store (spec group 15; docs/utilities.md). */

@ObjectType({ description: 'A vehicle found near a place.' })
export class NearbyVehicle {
  @Field(() => ID, { description: 'Vehicle identifier, as its fleet reports it.' }) id!: string;
  @Field(() => String, { description: 'Vehicle type (upper case).' }) type!: string;
  @Field(() => VehicleStatus, { description: 'Status last reported.' }) status!: VehicleStatus;
  @Field(() => LatLng, { description: 'Last reported position.' }) location!: LatLng;
  @Field(() => Float, { description: 'Great-circle distance from the search point, metres (0.1 m).' }) distance!: number;
  @Field(() => Float, { description: 'When the position was reported (Unix timestamp, seconds).' }) updatedAt!: number;
}

// ================================================================= /nearby/*

@InputType({ description: 'A radius search (`POST /realm/utilities/nearby/search`).' })
export class NearbySearchInput {
  @Field(() => LatLngInput, { description: 'Centre.' }) location!: LatLngInput;
  @Field(() => Float, { description: 'Radius in metres, more than 0 and at most 100,000.' }) radius!: number;
  @Field(() => String, { nullable: true, description: 'Only this vehicle type.' }) vehicleType?: string | null;
  @Field(() => VehicleStatus, { nullable: true, description: 'Only this status.' }) status?: VehicleStatus | null;
  @Field(() => Int, { nullable: true, description: 'At most this many vehicles (default 20, max 100), nearest first.' }) limit?: number | null;
}

@ObjectType({ description: 'Vehicles within a radius.' })
export class NearbySearchResult {
  @Field(() => [NearbyVehicle], { description: 'Vehicles, nearest first.' }) vehicles!: NearbyVehicle[];
  @Field(() => Int, { description: 'Number of vehicles returned.' }) count!: number;
  @Field(() => Float, { description: 'Radius searched, metres.' }) searchRadius!: number;
  @Field(() => LatLng, { description: 'Centre searched.' }) location!: LatLng;
}

@InputType({ description: 'A bounding box.' })
export class BoundsInput {
  @Field(() => LatLngInput, { description: 'North-east corner.' }) northeast!: LatLngInput;
  @Field(() => LatLngInput, { description: 'South-west corner (its longitude may exceed the north-east one\'s: the box then crosses the antimeridian).' }) southwest!: LatLngInput;
}

@InputType({ description: 'A bounding-box search (`POST /realm/utilities/nearby/bounds`).' })
export class NearbyBoundsInput {
  @Field(() => BoundsInput, { description: 'The box.' }) bounds!: BoundsInput;
  @Field(() => String, { nullable: true, description: 'Only this vehicle type.' }) vehicleType?: string | null;
  @Field(() => VehicleStatus, { nullable: true, description: 'Only this status.' }) status?: VehicleStatus | null;
  @Field(() => Int, { nullable: true, description: 'At most this many vehicles (default 20, max 100), nearest the box centre first.' }) limit?: number | null;
}

@ObjectType({ description: 'A bounding box.' })
export class Bounds {
  @Field(() => LatLng, { description: 'North-east corner.' }) northeast!: LatLng;
  @Field(() => LatLng, { description: 'South-west corner.' }) southwest!: LatLng;
}

@ObjectType({ description: 'Vehicles inside a bounding box.' })
export class NearbyBoundsResult {
  @Field(() => [NearbyVehicle], { description: 'Vehicles, nearest the centre first (distance is from the centre).' }) vehicles!: NearbyVehicle[];
  @Field(() => Int, { description: 'Number of vehicles returned.' }) count!: number;
  @Field(() => Bounds, { description: 'Box searched.' }) bounds!: Bounds;
  @Field(() => LatLng, { description: 'Centre of the box.' }) center!: LatLng;
}

@InputType({ description: 'A k-nearest search (`POST /realm/utilities/nearby/nearest`).' })
export class NearestInput {
  @Field(() => LatLngInput, { description: 'Point.' }) location!: LatLngInput;
  @Field(() => Int, { description: 'How many vehicles, 1 to 100.' }) count!: number;
  @Field(() => String, { nullable: true, description: 'Only this vehicle type.' }) vehicleType?: string | null;
  @Field(() => VehicleStatus, { nullable: true, description: 'Only this status.' }) status?: VehicleStatus | null;
  @Field(() => Float, { nullable: true, description: 'Only within this many metres (at most 100,000).' }) maxDistance?: number | null;
}

@ObjectType({ description: 'The nearest vehicles to a point.' })
export class NearestResult {
  @Field(() => [NearbyVehicle], { description: 'Vehicles, nearest first.' }) vehicles!: NearbyVehicle[];
  @Field(() => Int, { description: 'Number of vehicles returned (at most the count asked).' }) count!: number;
  @Field(() => Int, { description: 'Count asked.' }) requested!: number;
  @Field(() => Float, { nullable: true, description: 'Distance limit applied, metres.' }) maxDistance?: number | null;
  @Field(() => LatLng, { description: 'Point searched.' }) location!: LatLng;
}

// ================================================================= vehicle positions

@InputType({ description: 'A vehicle position report.' })
export class VehiclePositionInput {
  @Field(() => ID, { description: 'Vehicle identifier in the fleet (1–64 characters: letters, digits, - _ . :).' }) vehicleId!: string;
  @Field(() => String, { description: 'Vehicle type (e.g. CAR, MOTORBIKE, VAN, TRUCK; stored upper case).' }) type!: string;
  @Field(() => VehicleStatus, { description: 'Status.' }) status!: VehicleStatus;
  @Field(() => LatLngInput, { description: 'Position.' }) location!: LatLngInput;
  @Field(() => Float, { nullable: true, description: 'Heading, degrees clockwise from north (0–360).' }) heading?: number | null;
  @Field(() => Float, { nullable: true, description: 'Speed, km/h (0 or more).' }) speed?: number | null;
  @Field(() => Float, { nullable: true, description: 'When the position was measured (Unix timestamp, seconds); default now. An older report than the stored one is ignored.' })
  recordedAt?: number | null;
}

@ObjectType({ description: 'The last known position of a vehicle.' })
export class VehiclePosition {
  @Field(() => ID, { description: 'Vehicle identifier.' }) id!: string;
  @Field(() => String, { description: 'Vehicle type.' }) type!: string;
  @Field(() => VehicleStatus, { description: 'Status.' }) status!: VehicleStatus;
  @Field(() => LatLng, { description: 'Position.' }) location!: LatLng;
  @Field(() => Float, { nullable: true, description: 'Heading, degrees.' }) heading?: number | null;
  @Field(() => Float, { nullable: true, description: 'Speed, km/h.' }) speed?: number | null;
  @Field(() => Float, { description: 'When the position was measured (Unix timestamp, seconds).' }) updatedAt!: number;
}

@ObjectType({ description: 'Outcome of a batch of position reports.' })
export class VehiclePositionBatch {
  @Field(() => Int, { description: 'Reports stored (new or newer than the stored position).' }) stored!: number;
  @Field(() => Int, { description: 'Reports ignored because a newer position was already stored.' }) ignored!: number;
}
