import { Entity, Enum, Index, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { OptionalProps } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Directive, Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { nowDate } from '../../../kernel/clock.js';
import { GeoPoint, Money } from '../../../kernel/graphql-types.js';
import { DecimalScalar } from '../../../kernel/scalars.js';
import { AgentReference, NamedProviderReference, UserReference, VehicleReference, agentRef, providerRef, userRef, vehicleRef } from '../../../kernel/references.js';
import { TenantEntity } from '../../../kernel/tenancy.js';
import { ActorType, ContactType, OrderStage, OrderStatus, PackageCategory, PackageStatus, PaymentMode, WaypointType, Xpress } from './enums.js';

@ObjectType({ description: 'Who made a move of an order.' })
export class OrderActor {
  @Field(() => ActorType, { description: 'The kind of actor.' }) type!: ActorType;
  @Field(() => ID, { nullable: true, description: 'Their identifier: the user (LSP member, agent), the connector (client), null for the platform.' }) id?: string | null;
}

@ObjectType({ description: 'One stamped move of an order (its history, oldest first).' })
export class OrderTransition {
  @Field(() => OrderStatus, { nullable: true, description: 'The status before the move; null for the creation of the intent.' }) from?: OrderStatus | null;
  @Field(() => OrderStatus, { description: 'The status after the move.' }) to!: OrderStatus;
  @Field(() => Date, { description: 'When the move was made.' }) at!: Date | string;
  @Field(() => OrderActor, { description: 'Who made it.' }) by!: OrderActor;
  @Field(() => String, { nullable: true, description: 'Why, when the move needs a reason (a failure, a cancellation); null otherwise.' }) reason?: string | null;
}

@ObjectType({ description: 'The fees of an order, in one currency.' })
export class OrderFees {
  @Field(() => Money, { description: 'What the client pays: the bound quote, less the discount, plus the tax.' }) total!: Money;
  @Field(() => DecimalScalar, { description: "Tax added by the CSP, in the total's currency (0 when none)." }) tax!: number;
  @Field(() => DecimalScalar, { description: "Discount granted by the CSP, in the total's currency (0 when none)." }) discount!: number;
  @Field(() => DecimalScalar, { nullable: true, description: 'Cancellation fee, when the client cancelled after assignment (docs/orders.md "Cancelling"); null otherwise.' }) cancellationFee?:
    number | null;
}

@ObjectType({ description: 'How the order is paid.' })
export class OrderPayment {
  @Field(() => PaymentMode, { description: 'How the client pays.' }) mode!: PaymentMode;
  @Field({ description: 'Whether it is paid.' }) paid!: boolean;
  @Field(() => Date, { nullable: true, description: 'When it was marked paid; null while unpaid.' }) paidAt?: Date | string | null;
  @Field({ description: 'Simulated (an order of a sandbox connector): no money moved.' }) simulated!: boolean;
}

@ObjectType({ description: "The service of an order: its bound quote's fees, payment and speed." })
export class OrderService {
  @Field(() => ID, { description: 'The quote the price was bound from.' }) quoteId!: string;
  @Field(() => OrderFees, { description: 'The fees.' }) fees!: OrderFees;
  @Field(() => OrderPayment, { description: 'The payment.' }) payment!: OrderPayment;
  @Field(() => Xpress, { description: 'The delivery speed.' }) xpress!: Xpress;
}

@ObjectType({ description: "The client's rating of a delivered order." })
export class OrderRating {
  @Field(() => Int, { description: 'Score, 1 (worst) to 5 (best).' }) score!: number;
  @Field(() => String, { nullable: true, description: 'Comment, at most 1,000 characters; null when none.' }) comment?: string | null;
  @Field(() => Date, { description: 'When the rating was given.' }) ratedAt!: Date | string;
}

/**
 * An order of a CSP's client. It starts as an intent (a draft the client builds with its intent token) and becomes
 * an order when the service is submitted. Owned by the workspace; the CSP (`cspCode`) and, once placed, the LSP
 * (`lspCode`) are its parties.
 */
@ObjectType({ description: "A client's order: built as an intent, placed with a bound quote, fulfilled by an LSP's agent (docs/orders.md)." })
@Directive('@key(fields: "id")')
@Entity({ tableName: 'orders' })
@Index({ properties: ['workspaceId', 'cspCode', 'sandbox', 'createdAt'] })
@Index({ properties: ['workspaceId', 'lspCode', 'sandbox', 'createdAt'] })
@Index({ properties: ['workspaceId', 'cspCode', 'clientId'] })
export class Order extends TenantEntity {
  [OptionalProps]?: 'id' | 'createdAt' | 'updatedAt' | 'workspaceId' | 'status' | 'history' | 'sandbox' | 'version' | 'stage';

  @Field(() => ID, { description: "The order's identifier." }) @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @Field({ description: 'Human reference of the order, `ORD-` and 10 Crockford base32 characters: the `:reference` of the LSP desk.' })
  @Property({ unique: true })
  reference!: string;
  @Field(() => OrderStatus, { description: 'Where the order stands.' }) @Enum({ items: () => OrderStatus }) status: OrderStatus = 'INTENT';
  @Field({ description: 'Made through a sandbox connector: simulated, never mixed with live orders.' }) @Property() sandbox: boolean = false;
  @Field({ description: "The CSP's code." }) @Property() cspCode!: string;
  @Field(() => ID, { description: 'The connector the intent was created through.' }) @Property({ type: 'uuid' }) connectorId!: string;
  @Property({ hidden: true }) origin!: string;
  @Field({ description: "The client: the CSP's own reference for its customer (`:id` of the client routes)." }) @Property() clientId!: string;
  @Field(() => ID, { nullable: true, description: "The client's platform user, when the CSP linked one; null otherwise." })
  @Property({ type: 'uuid', nullable: true })
  clientUserId?: string | null;
  @Field(() => String, { nullable: true, description: "The CSP's own reference of the order (its cart or checkout id); null when none." })
  @Property({ nullable: true })
  externalRef?: string | null;
  @Field(() => String, { nullable: true, description: 'A note for the LSP, at most 1,000 characters; null when none.' }) @Property({ type: 'text', nullable: true }) note?: string | null;
  @Field(() => String, { nullable: true, description: 'The LSP fulfilling the order (set when placed); null before.' }) @Property({ nullable: true }) lspCode?: string | null;
  @Field(() => ID, { nullable: true, description: 'The agent it is assigned to; null when none.' }) @Property({ type: 'uuid', nullable: true }) agentId?: string | null;
  @Property({ type: 'uuid', nullable: true, hidden: true }) agentUserId?: string | null;
  @Field(() => ID, { nullable: true, description: "The agent's vehicle at assignment (its first assigned vehicle); null when none." })
  @Property({ type: 'uuid', nullable: true })
  vehicleId?: string | null;
  @Field(() => OrderService, { nullable: true, description: 'The service (fees, payment, speed); null while an intent.' }) @Property({ type: 'json', nullable: true }) service?: OrderService | null;
  @Field(() => OrderRating, { nullable: true, description: "The client's rating; null until rated." }) @Property({ type: 'json', nullable: true }) rating?: OrderRating | null;
  @Field(() => [OrderTransition], { description: 'Every move of the order, oldest first.' }) @Property({ type: 'json' }) history: OrderTransition[] = [];
  /** sha256 of the intent token in force (docs/orders.md "The intent token"). */
  @Property({ hidden: true }) tokenHash!: string;
  @Field(() => Date, { description: 'When the intent token stops working (docs/orders.md "The intent token").' }) @Property({ type: 'datetime' }) tokenExpiresAt!: Date;
  @Property({ type: 'datetime', nullable: true, hidden: true }) tokenRevokedAt?: Date | null;
  @Field(() => Date, { nullable: true, description: 'When the order was placed; null while an intent.' }) @Property({ type: 'datetime', nullable: true }) placedAt?: Date | null;
  @Field(() => Date, { description: 'When the intent was created.' }) @Property({ type: 'datetime' }) createdAt: Date = nowDate();
  @Field(() => Date, { description: 'When the order last changed.' }) @Property({ type: 'datetime' }) updatedAt: Date = nowDate();
  /** Bumped on every change of waypoints or packages: a quote binds the version it priced. */
  @Property() version: number = 0;

  @Field(() => OrderStage, { description: 'The stage a client follows, derived from the status.' })
  @Property({ persist: false })
  get stage(): OrderStage {
    return STAGE_OF[this.status];
  }

  @Field(() => NamedProviderReference, { description: 'The CSP whose client placed the order.' })
  csp(): NamedProviderReference {
    return providerRef(this.workspaceId, 'csp', this.cspCode);
  }

  @Field(() => NamedProviderReference, { nullable: true, description: 'The LSP fulfilling the order; null before it is placed.' })
  lsp(): NamedProviderReference | null {
    return this.lspCode ? providerRef(this.workspaceId, 'lsp', this.lspCode) : null;
  }

  @Field(() => AgentReference, { nullable: true, description: 'The agent it is assigned to; null when none.' })
  agent(): AgentReference | null {
    return this.agentId ? agentRef(this.agentId) : null;
  }

  @Field(() => VehicleReference, { nullable: true, description: "The agent's vehicle; null when none." })
  vehicle(): VehicleReference | null {
    return this.vehicleId ? vehicleRef(this.vehicleId) : null;
  }

  @Field(() => UserReference, { nullable: true, description: "The client's platform user; null when not linked." })
  clientUser(): UserReference | null {
    return this.clientUserId ? userRef(this.clientUserId) : null;
  }
}

export const STAGE_OF: Record<OrderStatus, OrderStage> = {
  INTENT: 'ORDERING',
  PLACED: 'AWAITING_AGENT',
  ASSIGNED: 'AWAITING_PICKUP',
  PICKED_UP: 'COLLECTED',
  IN_TRANSIT: 'ON_THE_WAY',
  DELIVERED: 'COMPLETED',
  CANCELLED: 'CLOSED',
  FAILED: 'CLOSED',
};

@ObjectType({ description: 'The contact at a stop.' })
export class WaypointContact {
  @Field(() => ContactType, { nullable: true, description: 'Who the contact is; null when not given.' }) type?: ContactType | null;
  @Field(() => String, { nullable: true, description: "The contact's name or reference; null when not given." }) reference?: string | null;
  @Field(() => String, { nullable: true, description: 'Phone number; null when not given.' }) phone?: string | null;
  @Field(() => String, { nullable: true, description: 'E-mail address; null when not given.' }) email?: string | null;
}

/** A stop of an order. `no` is its place in the order of stops, from 1, renumbered when a stop is removed. */
@ObjectType({ description: 'A stop of an order: a pickup or a dropoff, numbered in the order the agent visits them.' })
@Directive('@key(fields: "id")')
@Entity({ tableName: 'waypoint' })
@Unique({ properties: ['orderId', 'no'] })
export class Waypoint extends TenantEntity {
  [OptionalProps]?: 'id' | 'workspaceId';
  @Field(() => ID, { description: "The stop's identifier." }) @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @Field(() => ID, { description: 'The order it belongs to.' }) @Index() @Property({ type: 'uuid' }) orderId!: string;
  @Field(() => Int, { description: 'Its place in the order of stops, from 1.' }) @Property() no!: number;
  @Field(() => WaypointType, { description: 'Pickup or dropoff.' }) @Property() type!: WaypointType;
  @Field(() => String, { nullable: true, description: 'What to do there, at most 500 characters; null when none.' }) @Property({ type: 'text', nullable: true }) description?: string | null;
  @Field(() => GeoPoint, { description: 'Where the stop is (REST `[lat, lng]`).' }) @Property({ type: 'json' }) coordinates!: number[];
  @Field(() => String, { nullable: true, description: 'The address in free text, at most 300 characters; null when none.' }) @Property({ type: 'text', nullable: true }) address?: string | null;
  @Field(() => String, { nullable: true, description: 'ISO 3166-1 alpha-2 country of the address, when given (the coordinates are checked against it); null otherwise.' })
  @Property({ nullable: true })
  country?: string | null;
  @Field(() => WaypointContact, { nullable: true, description: 'The contact at the stop; null when none.' }) @Property({ type: 'json', nullable: true }) contact?: WaypointContact | null;
}

/** A package of an order, bound to one of its stops. */
@ObjectType({ description: 'A package of an order, addressed by its tracking code (PTC).' })
@Directive('@key(fields: "id")')
@Entity({ tableName: 'package' })
export class Package extends TenantEntity {
  [OptionalProps]?: 'id' | 'workspaceId' | 'status' | 'trackingCode';
  @Field(() => ID, { description: "The package's identifier." }) @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @Field({ description: 'The tracking code under its abbreviation.', deprecationReason: 'Use `trackingCode` (docs/graph-conventions.md "Names": no abbreviations).' })
  @Property({ unique: true })
  ptc!: string;
  /** The tracking code (REST's `ptc`): stored as `ptc`. */
  @Field({ description: 'Package tracking code: `PTC-`, 10 Crockford base32 characters and an ISO 7064 MOD 37,36 check character (docs/orders.md "Packages"). REST: `ptc`.' })
  get trackingCode(): string {
    return this.ptc;
  }
  @Field(() => ID, { description: 'The order it belongs to.' }) @Index() @Property({ type: 'uuid' }) orderId!: string;
  /** The stop it is bound to (its number is read from the stop, so renumbering keeps the binding). */
  @Property({ type: 'uuid' }) waypointId!: string;
  @Field(() => Int, { description: 'Number (`no`) of the stop it is bound to.' }) @Property({ persist: false }) waypointNo?: number;
  @Field(() => Int, { description: 'Care level: 0 standard, 1 fragile, 2 perishable (keep cool), 3 hazardous (docs/orders.md).' }) @Property() careLevel!: number;
  @Field(() => PackageCategory, { description: 'What it holds.' }) @Property() category!: PackageCategory;
  @Field(() => Float, { description: 'Weight in kilograms, more than 0 and at most 1,000.' }) @Property({ type: 'double' }) weight!: number;
  @Field(() => String, { nullable: true, description: 'A note, at most 500 characters; null when none.' }) @Property({ type: 'text', nullable: true }) note?: string | null;
  @Field(() => PackageStatus, { description: 'Where the package stands; it follows its order.' }) @Property() status: PackageStatus = 'PENDING';
}
