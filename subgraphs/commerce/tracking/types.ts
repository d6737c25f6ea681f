import { Directive, Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { GeoPoint } from '../../../kernel/graphql-types.js';
import { ENTITY_DOCS } from '../../../kernel/references.js';
import { OrderStage, OrderStatus, PackageStatus, WaypointType } from '../orders/enums.js';

/**
 * The vehicle of a tracked order, named by its key only: the utilities family resolves it (the vehicle's last reported
 * position and the arrival estimate at `toLatitude`, `toLongitude`). The key fields are `@inaccessible`: the gateway
 * plans with them, clients can neither select nor see them, so no workspace or vehicle id reaches the receiver. They
 * come only from `OrderTracking.vehicle` (clients cannot send entity representations to the gateway), so the utilities
 * family may trust them.
 */
@ObjectType('OrderTrackingVehicle', { description: ENTITY_DOCS.orderTrackingVehicle })
@Directive('@key(fields: "workspaceId vehicleId toLatitude toLongitude", resolvable: false)')
export class OrderTrackingVehicleReference {
  @Field(() => ID, { description: ENTITY_DOCS.orderTrackingVehicleWorkspaceId }) @Directive('@inaccessible') workspaceId!: string;
  @Field(() => ID, { description: ENTITY_DOCS.orderTrackingVehicleVehicleId }) @Directive('@inaccessible') vehicleId!: string;
  @Field(() => Float, { description: ENTITY_DOCS.orderTrackingVehicleToLatitude }) @Directive('@inaccessible') toLatitude!: number;
  @Field(() => Float, { description: ENTITY_DOCS.orderTrackingVehicleToLongitude }) @Directive('@inaccessible') toLongitude!: number;
}

@ObjectType({ description: 'One move of a tracked order, as its receiver sees it (no actor, no reason).' })
export class OrderTrackingStep {
  @Field(() => OrderStatus, { description: 'The status the order moved to.' }) status!: OrderStatus;
  @Field(() => Date, { description: 'When.' }) at!: Date;
}

@ObjectType({ description: 'A package of a tracked order.' })
export class OrderTrackingPackage {
  @Field({ description: 'Package tracking code (`PTC-…`, docs/orders.md "Packages").' }) trackingCode!: string;
  @Field(() => PackageStatus, { description: 'Where the package stands; it follows its order.' }) status!: PackageStatus;
}

@ObjectType({ description: 'A stop of a tracked order: where, never who (no contact, no phone, no e-mail).' })
export class OrderTrackingStop {
  @Field(() => Int, { description: 'Its place in the order of stops, from 1.' }) no!: number;
  @Field(() => WaypointType, { description: 'Pickup or dropoff.' }) type!: WaypointType;
  @Field(() => GeoPoint, { description: 'Where the stop is.' }) location!: number[];
  @Field(() => String, { nullable: true, description: 'The address in free text; null when none was given.' }) address?: string | null;
}

@ObjectType({
  description:
    'What a tracking link shows the order\'s receiver (docs/orders.md "Tracking links"): the status, the timeline, the packages, the stops and, while the order is IN_TRANSIT, its vehicle. Never an agent\'s name, a phone number or an e-mail address.',
})
export class OrderTracking {
  @Field({ description: 'The order reference (`ORD-…`).' }) reference!: string;
  @Field(() => OrderStatus, { description: 'Where the order stands.' }) status!: OrderStatus;
  @Field(() => OrderStage, { description: 'The stage a client follows, derived from the status (as `GET /v1/order/stage` answers it).' }) stage!: OrderStage;
  @Field(() => [OrderTrackingStep], { description: 'The moves of the order from its placement on, oldest first.' }) timeline!: OrderTrackingStep[];
  @Field(() => [OrderTrackingPackage], { description: 'The packages, by tracking code (at most 100).' }) packages!: OrderTrackingPackage[];
  @Field(() => [OrderTrackingStop], { description: 'The stops, by number (at most 25).' }) stops!: OrderTrackingStop[];
  @Field(() => OrderTrackingVehicleReference, {
    nullable: true,
    description: 'The vehicle carrying the order, with its exact position and arrival estimate: only while the order is IN_TRANSIT (and has a vehicle); null otherwise.',
  })
  vehicle?: OrderTrackingVehicleReference | null;
  @Field(() => Date, { nullable: true, description: "When the link stops working: 7 days after the order's final move; null while the order is not final." })
  expiresAt?: Date | null;
  @Field(() => Date, { description: 'When the order last changed.' }) updatedAt!: Date;
}
