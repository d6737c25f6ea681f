import { ArgsType, Directive, Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';
import { IsEmail, IsOptional, Length, Matches, Max, Min, ValidateNested } from 'class-validator';
import { GeoPoint, GeoPointInput, Money, MoneyInput, PageArgs, PageOf } from '../../../kernel/graphql-types.js';
import { Nullable } from '../../../kernel/validation.js';
import { Order, OrderTransition, Package, Waypoint } from './entities.js';
import { ClientOrdersType, ContactType, OrderStage, OrderStatus, PackageCategory, PaymentMode, WaypointType, Xpress } from './enums.js';

export const OrderPage = PageOf(Order, 'Order');

const PHONE = /^\+?[0-9][0-9 ()-]{5,19}$/;

@InputType({ description: "A new intent: the CSP's client it is for. REST: the body of `POST /v1/order/intent`." })
export class IntentInput {
  @Field({ description: "The client: the CSP's own reference for its customer, 1–128 characters (`:id` of the client routes)." })
  @Length(1, 128)
  @Matches(/^[^\s]([\s\S]*[^\s])?$/, { message: 'must not start or end with spaces' })
  clientId!: string;
  @Field(() => ID, { nullable: true, description: "The client's platform user (`User.id`), when the CSP links one." }) @IsOptional() clientUserId?: string;
  @Field({ nullable: true, description: "The CSP's own reference of the order (its cart or checkout id), 1–128 characters." }) @IsOptional() @Length(1, 128) externalRef?: string;
  @Field({ nullable: true, description: 'A note for the LSP, at most 1,000 characters.' }) @IsOptional() @Length(0, 1000) note?: string;
}

@ObjectType({ description: 'A created intent and its token (shown with the creation; a replay with the same Idempotency-Key shows it again).' })
export class IntentCreated {
  @Field({ description: 'The intent token (`oit_…`): send it as `x-intent-token` from the same origin. Opaque: its content is not a contract.' }) token!: string;
  @Field(() => Date, { description: 'When the token stops working unless the order is placed (INTENT_TTL_HOURS).' }) expiresAt!: Date;
  @Field(() => Order, { description: 'The intent.' }) intent!: Order;
}

@ObjectType({ description: 'The answer to a cancellation.' })
export class OrderCancelled {
  @Field(() => Order, { description: 'The order, now CANCELLED.' }) order!: Order;
  @Field({ description: 'Whether the cancellation was free (before an agent was assigned).' }) free!: boolean;
  @Field(() => Money, { nullable: true, description: 'The cancellation fee, when not free; null otherwise.' }) fee?: Money | null;
}

@InputType({ description: 'The contact at a stop.' })
export class WaypointContactInput {
  @Field(() => ContactType, { nullable: true, description: 'Who the contact is.' }) @IsOptional() type?: ContactType;
  @Field({ nullable: true, description: "The contact's name or reference, 1–200 characters." }) @IsOptional() @Length(1, 200) reference?: string;
  @Field({ nullable: true, description: 'Phone number, digits with an optional leading +.' }) @IsOptional() @Matches(PHONE, { message: 'must be a phone number' }) phone?: string;
  @Field({ nullable: true, description: 'E-mail address.' }) @IsOptional() @IsEmail({}, { message: 'must be an e-mail address' }) email?: string;
}

@InputType({ description: 'A stop to add. REST: an element of the JSON array of `PUT /v1/order/waypoints/add`.' })
export class WaypointInput {
  @Field(() => Int, { nullable: true, description: 'Its number: when given, it must be the next one (stops are numbered in the order they are added).' })
  @IsOptional()
  @Min(1)
  @Max(1000)
  no?: number;
  @Field(() => WaypointType, { description: 'Pickup or dropoff.' }) type!: WaypointType;
  @Field({ nullable: true, description: 'What to do there, at most 500 characters.' }) @IsOptional() @Length(0, 500) description?: string;
  @Field(() => GeoPointInput, { description: 'Where the stop is (REST `[lat, lng]`).' }) @ValidateNested() coordinates!: GeoPointInput;
  @Field({ nullable: true, description: 'The address in free text, at most 300 characters.' }) @IsOptional() @Length(1, 300) address?: string;
  @Field({ nullable: true, description: "The address's country (ISO 3166-1 code or English name): the coordinates must lie in it." }) @IsOptional() @Length(2, 64) country?: string;
  @Field(() => WaypointContactInput, { nullable: true, description: 'The contact at the stop.' }) @IsOptional() @ValidateNested() contact?: WaypointContactInput;
}

@InputType({ description: 'Changes to a stop; an omitted field keeps its value, null clears an optional one. REST: `PATCH /v1/order/waypoints/:no`.' })
export class WaypointUpdateInput {
  @Field(() => WaypointType, { nullable: true, description: 'Pickup or dropoff (the order of stops is checked again).' }) @IsOptional() type?: WaypointType;
  @Field({ nullable: true, description: 'What to do there, at most 500 characters.' }) @IsOptional() @Length(0, 500) @Nullable() description?: string;
  @Field(() => GeoPointInput, { nullable: true, description: 'Where the stop is.' }) @IsOptional() @ValidateNested() coordinates?: GeoPointInput;
  @Field({ nullable: true, description: 'The address in free text, at most 300 characters.' }) @IsOptional() @Length(1, 300) @Nullable() address?: string;
  @Field({ nullable: true, description: "The address's country." }) @IsOptional() @Length(2, 64) @Nullable() country?: string;
  @Field(() => WaypointContactInput, { nullable: true, description: 'The contact at the stop (replaced whole).' }) @IsOptional() @ValidateNested() @Nullable() contact?: WaypointContactInput;
}

@InputType({ description: 'A package to add. REST: an element of the JSON array of `PUT /v1/order/packages/add`.' })
export class PackageInput {
  @Field(() => Int, { description: 'Number (`no`) of an existing stop of the order it is bound to.' }) @Min(1) @Max(1000) waypointNo!: number;
  @Field(() => Int, { nullable: true, description: 'Care level, 0 to 3 (default 0): 0 standard, 1 fragile, 2 perishable, 3 hazardous.' })
  @IsOptional()
  @Min(0, { message: 'must be 0, 1, 2 or 3' })
  @Max(3, { message: 'must be 0, 1, 2 or 3' })
  careLevel?: number;
  @Field(() => PackageCategory, { description: 'What it holds.' }) category!: PackageCategory;
  @Field(() => Float, { description: 'Weight in kilograms, more than 0 and at most 1,000.' })
  @Min(0.001, { message: 'must be more than 0' })
  @Max(1000, { message: 'must be at most 1,000 kg' })
  weight!: number;
  @Field({ nullable: true, description: 'A note, at most 500 characters.' }) @IsOptional() @Length(0, 500) note?: string;
}

@InputType({ description: 'Changes to a package; an omitted field keeps its value. REST: `PATCH /v1/order/packages/:PTC`.' })
export class PackageUpdateInput {
  @Field(() => Int, { nullable: true, description: 'Number of the stop it is bound to.' }) @IsOptional() @Min(1) @Max(1000) waypointNo?: number;
  @Field(() => Int, { nullable: true, description: 'Care level, 0 to 3.' }) @IsOptional() @Min(0, { message: 'must be 0, 1, 2 or 3' }) @Max(3, { message: 'must be 0, 1, 2 or 3' }) careLevel?: number;
  @Field(() => PackageCategory, { nullable: true, description: 'What it holds.' }) @IsOptional() category?: PackageCategory;
  @Field(() => Float, { nullable: true, description: 'Weight in kilograms, more than 0 and at most 1,000.' })
  @IsOptional()
  @Min(0.001, { message: 'must be more than 0' })
  @Max(1000, { message: 'must be at most 1,000 kg' })
  weight?: number;
  @Field({ nullable: true, description: 'A note, at most 500 characters (null clears it).' }) @IsOptional() @Length(0, 500) @Nullable() note?: string;
}

@InputType({ description: 'Fees the CSP adds to the bound quote.' })
export class FeesInput {
  @Field(() => MoneyInput, { nullable: true, description: 'The total the client saw: when given, it must equal the quote less the discount plus the tax (else QUOTE_INVALID).' })
  @IsOptional()
  @ValidateNested()
  total?: MoneyInput;
  @Field(() => Float, { nullable: true, description: "Tax added, in the quote's currency, 0 or more (default 0)." }) @IsOptional() @Min(0) @Max(1e9) tax?: number;
  @Field(() => Float, { nullable: true, description: "Discount granted, in the quote's currency, 0 up to the quote (default 0)." }) @IsOptional() @Min(0) @Max(1e9) discount?: number;
}

@InputType({ description: 'How the order is paid.' })
export class PaymentInput {
  @Field(() => PaymentMode, { description: 'How the client pays.' }) mode!: PaymentMode;
  @Field({ nullable: true, description: 'Already paid (default false; cash is paid on delivery and cannot be true here).' }) @IsOptional() paid?: boolean;
}

@InputType({ description: 'The service: binds a quote and places the order. REST: the body of `POST /v1/order/service`.' })
export class ServiceInput {
  @Field(() => ID, { description: 'A quote of this intent from `GET /v1/order/operators` (its id, unchanged), not expired.' }) @Length(1, 4096) quoteId!: string;
  @Field(() => FeesInput, { nullable: true, description: 'Tax and discount the CSP adds, and the total it showed.' }) @IsOptional() @ValidateNested() fees?: FeesInput;
  @Field(() => PaymentInput, { description: 'How the order is paid.' }) @ValidateNested() payment!: PaymentInput;
  @Field(() => Xpress, { nullable: true, description: "The delivery speed: the quote's (default); another is QUOTE_INVALID." }) @IsOptional() xpress?: Xpress;
}

@InputType({ description: 'Changes to the payment of a placed order.' })
export class PaymentUpdateInput {
  @Field(() => PaymentMode, { nullable: true, description: 'How the client pays (until the order is picked up).' }) @IsOptional() mode?: PaymentMode;
  @Field({ nullable: true, description: 'true marks a non-cash payment paid (once; it cannot be undone).' }) @IsOptional() paid?: boolean;
}

@InputType({ description: 'Changes to the service of a placed order. REST: `PATCH /v1/order/service`.' })
export class ServiceUpdateInput {
  @Field(() => PaymentUpdateInput, { nullable: true, description: 'Payment changes.' }) @IsOptional() @ValidateNested() payment?: PaymentUpdateInput;
  @Field(() => Float, { nullable: true, description: 'A new tax (while PLACED).' }) @IsOptional() @Min(0) @Max(1e9) tax?: number;
  @Field(() => Float, { nullable: true, description: 'A new discount, up to the quote (while PLACED).' }) @IsOptional() @Min(0) @Max(1e9) discount?: number;
}

@InputType({ description: "The client's rating of a delivered order. REST: the body of `POST /v1/order/service/rating`." })
export class RatingInput {
  @Field(() => Int, { description: 'Score, 1 (worst) to 5 (best).' }) @Min(1, { message: 'must be 1 to 5' }) @Max(5, { message: 'must be 1 to 5' }) score!: number;
  @Field({ nullable: true, description: 'A comment, at most 1,000 characters.' }) @IsOptional() @Length(0, 1000) comment?: string;
}

@ObjectType({ description: 'One leg of an order: from a stop to the next.' })
export class RouteLeg {
  @Field(() => Int, { description: 'Number of the stop it starts from.' }) fromNo!: number;
  @Field(() => Int, { description: 'Number of the stop it ends at.' }) toNo!: number;
  @Field(() => Float, { description: "Road distance, km (the utilities' distance model)." }) distanceKm!: number;
  @Field(() => Float, { description: 'Great-circle distance, km.' }) greatCircleKm!: number;
  @Field(() => Float, { description: "Driving time, minutes (the utilities' road speeds)." }) durationMinutes!: number;
}

@ObjectType({ description: "How accurate a route is (the utilities' metadata)." })
export class RouteAccuracy {
  @Field({ description: 'ESTIMATE, STANDARD or PRECISE: stops given by coordinates are PRECISE; the distance is a model (CIRCUITY).' }) accuracy!: string;
  @Field(() => Float, { description: 'Confidence, 0 to 1.' }) confidence!: number;
  @Field({ description: 'How distances were computed (CIRCUITY: great circle × road circuity).' }) method!: string;
  @Field({ description: "The utilities' model version." }) modelVersion!: string;
}

@ObjectType({ description: 'The ordered stops of an order with the legs between them.' })
export class OrderRoute {
  @Field({ description: 'The order reference.' }) reference!: string;
  @Field(() => [Waypoint], { description: 'The stops, by number.' }) stops!: Waypoint[];
  @Field(() => [RouteLeg], { description: 'The legs between consecutive stops.' }) legs!: RouteLeg[];
  @Field(() => Float, { description: 'Road distance of all legs, km.' }) distanceKm!: number;
  @Field(() => Float, { description: 'Driving time of all legs, minutes.' }) durationMinutes!: number;
  @Field(() => RouteAccuracy, { description: 'How accurate the figures are.' }) metadata!: RouteAccuracy;
}

@ObjectType('Stage', { description: 'Where an order stands, with its stamped history (keyed by the order id).' })
@Directive('@key(fields: "id")')
export class OrderStageView {
  @Field(() => ID, { description: 'The order id (a Stage has the id of its order).' }) id!: string;
  @Field({ description: 'The order reference.' }) reference!: string;
  @Field(() => OrderStage, { description: 'The current stage.' }) stage!: OrderStage;
  @Field(() => OrderStatus, { description: 'The current status.' }) status!: OrderStatus;
  @Field(() => [OrderTransition], { description: 'Every move, oldest first.' }) history!: OrderTransition[];
}

@ObjectType({ description: 'A removed stop or package.' })
export class Removed {
  @Field({ description: 'Always true.' }) deleted!: boolean;
}

@ArgsType()
export class ClientOrdersArgs extends PageArgs {
  @Field({ description: "The client (`:id`): the CSP's reference given at intent creation." }) @Length(1, 128) clientId!: string;
  @Field(() => ClientOrdersType, { description: 'Which orders (`:type`).' }) type!: ClientOrdersType;
}

export { GeoPoint, Package, Waypoint };
