/**
 * A CSP's client looking around a point (`POST /v1/client/:id/periferals`, docs/orders.md "Client views"): the
 * AVAILABLE vehicles of the LSPs of the client's workspace (the providers that serve its CSP) reported in the last
 * POSITION_FRESH_S seconds, from the nearby index (store.ts: an index-backed radius search). A client is not told
 * where anyone is exactly: positions are rounded to PERIPHERAL_DECIMALS decimal degrees and distances to
 * PERIPHERAL_DISTANCE_STEP_M.
 */
import { Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';
import { IsOptional, Max, Min, ValidateNested } from 'class-validator';
import { nowDate } from '../../../kernel/clock.js';
import { GeoPoint, GeoPointInput } from '../../../kernel/graphql-types.js';
import { DateTimeScalar } from '../../../kernel/scalars.js';
import { POSITION_FRESH_S } from '../common/constants.js';
import { point, vehicleType } from '../common/checks.js';
import { LiveVehicleStatus } from '../common/enums.js';
import type { UtilitiesScope } from '../common/scope.js';
import * as store from './store.js';

export const PERIPHERAL_DECIMALS = 3;
/** About how far a rounded position may be from the true one, metres (half of 0.001° of latitude, rounded up). */
export const PERIPHERAL_PRECISION_M = 56;
export const PERIPHERAL_DISTANCE_STEP_M = 100;
export const PERIPHERAL_DEFAULT_RADIUS_M = 2000;
export const PERIPHERAL_MAX_RADIUS_M = 20_000;
export const PERIPHERAL_MAX_LIMIT = 50;

@InputType({ description: 'Where to look around. REST: the body of `POST /v1/client/:id/periferals`.' })
export class PeripheralSearchInput {
  @Field(() => GeoPointInput, { description: 'The point (REST `[lat, lng]`).' }) @ValidateNested() coordinates!: GeoPointInput;
  @Field(() => Float, { nullable: true, description: 'Radius in metres, 10 to 20,000 (default 2,000).' })
  @IsOptional()
  @Min(10, { message: 'must be between 10 and 20,000 metres' })
  @Max(PERIPHERAL_MAX_RADIUS_M, { message: 'must be between 10 and 20,000 metres' })
  radius?: number;
  @Field(() => Int, { nullable: true, description: 'At most this many vehicles, nearest first: 1 to 50 (default 20).' })
  @IsOptional()
  @Min(1, { message: 'must be between 1 and 50' })
  @Max(PERIPHERAL_MAX_LIMIT, { message: 'must be between 1 and 50' })
  limit?: number;
  @Field(() => String, { nullable: true, description: "Only vehicles of this type (the fleets' own types, case-insensitive; an open vocabulary)." }) @IsOptional() vehicleType?: string;
}

@ObjectType({ description: 'A vehicle near a client, as a client may see it: position and distance rounded.' })
export class PeripheralVehicle {
  @Field(() => ID, { description: 'The vehicle, as its fleet reports it.' }) vehicleId!: string;
  @Field({ description: 'Vehicle type, upper case (an open vocabulary).' }) type!: string;
  @Field(() => LiveVehicleStatus, { description: 'Status last reported (always AVAILABLE here).' }) status!: LiveVehicleStatus;
  @Field(() => GeoPoint, { description: 'Position rounded to 3 decimal degrees (REST `[lat, lng]`).' }) position!: [number, number];
  @Field(() => Int, { description: 'Distance from the point, metres, rounded to 100.' }) distanceMeters!: number;
  @Field(() => Int, { description: 'How far the rounded position may be from the true one, metres.' }) positionPrecisionMeters!: number;
  @Field(() => DateTimeScalar, { description: 'When the position was measured.' }) updatedAt!: Date;
}

@ObjectType({ description: 'The vehicles around a point.' })
export class PeripheralSearchResult {
  @Field(() => GeoPoint, { description: 'The point searched.' }) center!: [number, number];
  @Field(() => Float, { description: 'Radius searched, metres.' }) radiusMeters!: number;
  @Field(() => Int, { description: 'Vehicles returned.' }) count!: number;
  @Field(() => [PeripheralVehicle], { description: 'The vehicles, nearest first.' }) vehicles!: PeripheralVehicle[];
}

const round = (n: number, d: number) => Math.round(n * 10 ** d) / 10 ** d;

export async function peripheralSearch(s: UtilitiesScope, input: PeripheralSearchInput): Promise<PeripheralSearchResult> {
  const c = point(input.coordinates, 'coordinates');
  const radius = input.radius ?? PERIPHERAL_DEFAULT_RADIUS_M;
  const filters = { vehicleType: vehicleType(input.vehicleType, 'vehicleType'), status: LiveVehicleStatus.AVAILABLE, freshSince: new Date(nowDate().getTime() - POSITION_FRESH_S * 1000) };
  const rows = await store.searchRadius(s.em, s.workspaceId, c.lat, c.lng, radius, filters, input.limit ?? 20);
  const vehicles = rows.map((r) => ({
    vehicleId: r.vehicle_id,
    type: r.type,
    status: r.status,
    position: [round(Number(r.lat), PERIPHERAL_DECIMALS), round(Number(r.lng), PERIPHERAL_DECIMALS)] as [number, number],
    distanceMeters: Math.round(Number(r.distance ?? 0) / PERIPHERAL_DISTANCE_STEP_M) * PERIPHERAL_DISTANCE_STEP_M,
    positionPrecisionMeters: PERIPHERAL_PRECISION_M,
    updatedAt: new Date(r.updated_at),
  }));
  return { center: [c.lat, c.lng], radiusMeters: radius, count: vehicles.length, vehicles };
}
