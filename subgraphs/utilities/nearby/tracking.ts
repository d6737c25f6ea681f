/**
 * The vehicle of a tracked order (docs/orders.md "Tracking links"): the commerce family's `OrderTracking.vehicle`
 * names it by its key (the order's workspace, its LSP vehicle, its next dropoff); this family adds the vehicle's last
 * reported position (the live vehicle-position store) and the arrival estimate at the dropoff by the family's own ROAD
 * model (geo/service.ts `roadTrip`, what `/eta` answers by ROAD).
 *
 * The key fields are `@inaccessible` (kernel/subgraph.ts imports the directive): the query planner sends them from
 * commerce to here, but a client can neither select nor see them, so neither the workspace nor the vehicle id reaches
 * the receiver. A reference is not the caller's to make: clients cannot send `_entities` to the gateway, and the
 * subgraphs take only the gateway's signed requests, so a key reaching this resolver comes from commerce, which gives
 * it only to a valid tracking link of an order IN_TRANSIT. That is why it resolves whatever the caller's credential
 * (the receiver has none).
 */
import { Directive, Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { loader } from '../../../kernel/loaders.js';
import { GeoPoint } from '../../../kernel/graphql-types.js';
import { ENTITY_DOCS } from '../../../kernel/references.js';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { roadTrip } from '../geo/service.js';
import * as store from './store.js';

@ObjectType('OrderTrackingVehicle', { description: ENTITY_DOCS.orderTrackingVehicle })
@Directive('@key(fields: "workspaceId vehicleId toLatitude toLongitude")')
export class OrderTrackingVehicle {
  @Field(() => ID, { description: ENTITY_DOCS.orderTrackingVehicleWorkspaceId }) @Directive('@inaccessible') workspaceId!: string;
  @Field(() => ID, { description: ENTITY_DOCS.orderTrackingVehicleVehicleId }) @Directive('@inaccessible') vehicleId!: string;
  @Field(() => Float, { description: ENTITY_DOCS.orderTrackingVehicleToLatitude }) @Directive('@inaccessible') toLatitude!: number;
  @Field(() => Float, { description: ENTITY_DOCS.orderTrackingVehicleToLongitude }) @Directive('@inaccessible') toLongitude!: number;
  @Field(() => GeoPoint, { nullable: true, description: "The vehicle's last reported position (exact); null when it has reported none." }) position?: number[] | null;
  @Field(() => Float, { nullable: true, description: 'Its heading at that report, degrees clockwise from north (0–360); null when not reported.' }) heading?: number | null;
  @Field(() => Date, { nullable: true, description: 'When that position was measured; null without a position.' }) recordedAt?: Date | null;
  @Field(() => Date, { nullable: true, description: 'When the vehicle should reach the next dropoff: now plus `etaMinutes`; null without a position.' }) eta?: Date | null;
  @Field(() => Int, {
    nullable: true,
    description: 'Driving time from the position to the next dropoff, whole minutes rounded up (the ROAD speed bands of docs/utilities.md); null without a position.',
  })
  etaMinutes?: number | null;
  @Field(() => Float, { nullable: true, description: 'Road distance from the position to the next dropoff, km (great circle × 1.30, 2 decimals); null without a position.' })
  distanceKm?: number | null;
}

type Key = Pick<OrderTrackingVehicle, 'workspaceId' | 'vehicleId' | 'toLatitude' | 'toLongitude'>;
const pairKey = (workspaceId: string, vehicleId: string) => `${workspaceId}\u0000${vehicleId}`;

/** Resolves the vehicles of a request's tracked orders with one read of the position store. */
export const trackingVehicleReference = {
  __resolveReference: async (ref: Key, ctx: SubgraphContext): Promise<OrderTrackingVehicle> => {
    const row = await loader<string, store.PositionRow>(ctx, 'OrderTrackingVehicle.position', async (keys) => {
      const pairs = keys.map((k) => {
        const [workspaceId, vehicleId] = k.split('\u0000');
        return { workspaceId, vehicleId };
      });
      const rows = await store.findPositionsOf(ctx.em, pairs);
      const byPair = new Map(rows.map((r) => [pairKey(r.workspace_id, r.vehicle_id), r]));
      return keys.map((k) => byPair.get(k));
    }).load(pairKey(ref.workspaceId, ref.vehicleId));
    if (!row) return { ...ref, position: null, heading: null, recordedAt: null, eta: null, etaMinutes: null, distanceKm: null };
    const at = { lat: Number(row.lat), lng: Number(row.lng) };
    const trip = roadTrip(at, { lat: ref.toLatitude, lng: ref.toLongitude });
    return {
      ...ref,
      position: [at.lat, at.lng],
      heading: row.heading === null ? null : Number(row.heading),
      recordedAt: new Date(row.updated_at),
      eta: trip.arrival,
      etaMinutes: trip.minutes,
      distanceKm: trip.km,
    };
  },
};
