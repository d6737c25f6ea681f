import { ArgsType, Directive, Field, FieldResolver, Float, ID, InputType, Int, ObjectType, Resolver, Root, registerEnumType, type ClassType } from 'type-graphql';
import { ArrayMaxSize, IsEmail, IsIn, IsOptional, Length, Matches, Max, Min, ValidateNested } from 'class-validator';
import { DateTimeScalar, DecimalScalar } from './scalars.js';

/** ISO 4217 currency codes, from the runtime's ICU data. */
export const CURRENCIES: string[] = Intl.supportedValuesOf('currency');
import { validationError } from './errors.js';
import { Nullable } from './validation.js';
import { now } from './clock.js';

/**
 * GraphQL types every family shares (value types, `@shareable` so several subgraphs may return them).
 * Coordinates are `[lat, lng]` everywhere on the platform (as the utilities and queries families state).
 */

@ObjectType({ description: 'Contact channels.' })
@Directive('@shareable')
export class Contacts {
  @Field(() => [String], { description: 'E-mail addresses.' }) emails!: string[];
  @Field(() => [String], { description: 'Phone numbers.' }) phones!: string[];
}

@InputType({ description: 'Contact channels.' })
export class ContactsInput {
  @Field(() => [String], { nullable: true, description: 'E-mail addresses (at most 10).' })
  @IsOptional()
  @ArrayMaxSize(10)
  @IsEmail({}, { each: true, message: 'must contain valid e-mail addresses' })
  emails?: string[];
  @Field(() => [String], { nullable: true, description: 'Phone numbers, digits with an optional leading + (at most 10).' })
  @IsOptional()
  @ArrayMaxSize(10)
  @Matches(/^\+?[0-9][0-9 ()-]{5,19}$/, { each: true, message: 'must contain phone numbers' })
  phones?: string[];
}

@ObjectType({ description: 'A point on the Earth (WGS 84), in decimal degrees.' })
@Directive('@shareable')
export class GeoPoint {
  @Field(() => Float, { description: 'Latitude in degrees, -90 (south) to 90 (north).' }) latitude!: number;
  @Field(() => Float, { description: 'Longitude in degrees, -180 (west) to 180 (east).' }) longitude!: number;
}

@InputType({ description: 'A point on the Earth (WGS 84), in decimal degrees.' })
export class GeoPointInput {
  @Field(() => Float, { description: 'Latitude in degrees, -90 (south) to 90 (north).' })
  @Min(-90, { message: 'must be between -90 and 90' })
  @Max(90, { message: 'must be between -90 and 90' })
  latitude!: number;
  @Field(() => Float, { description: 'Longitude in degrees, -180 (west) to 180 (east).' })
  @Min(-180, { message: 'must be between -180 and 180' })
  @Max(180, { message: 'must be between -180 and 180' })
  longitude!: number;
}

/**
 * Points are stored as `[lat, lng]` (the REST contract's form, and what the spatial code reads); the graph shows them
 * as `GeoPoint`. Its two fields read either form, so a resolver may return the stored pair as it is.
 */
type StoredPoint = readonly number[] | { latitude: number; longitude: number };
const isPair = (p: StoredPoint): p is readonly number[] => Array.isArray(p);

@Resolver(() => GeoPoint)
export class GeoPointResolver {
  @FieldResolver(() => Float, { description: 'Latitude in degrees, -90 (south) to 90 (north).' })
  latitude(@Root() point: StoredPoint): number {
    return isPair(point) ? point[0] : point.latitude;
  }

  @FieldResolver(() => Float, { description: 'Longitude in degrees, -180 (west) to 180 (east).' })
  longitude(@Root() point: StoredPoint): number {
    return isPair(point) ? point[1] : point.longitude;
  }
}

@ObjectType({ description: 'A postal address with its position.' })
@Directive('@shareable')
export class Address {
  @Field(() => String, { nullable: true, description: 'Name of the place.' }) name?: string | null;
  @Field(() => String, { nullable: true, description: 'Street and number.' }) street1?: string | null;
  @Field(() => String, { nullable: true, description: 'City.' }) city?: string | null;
  @Field(() => String, { nullable: true, description: 'State, province or region.' }) state?: string | null;
  @Field(() => String, { nullable: true, description: 'Country (ISO 3166-1 alpha-2 code or name).' }) country?: string | null;
  @Field(() => GeoPoint, { nullable: true, description: 'Where the address is.' }) coordinates?: number[] | null;
}

@InputType({ description: 'A postal address with its position.' })
export class AddressInput {
  @Field(() => String, { nullable: true, description: 'Name of the place.' }) @IsOptional() @Length(1, 200) @Nullable() name?: string;
  @Field(() => String, { nullable: true, description: 'Street and number.' }) @IsOptional() @Length(1, 200) @Nullable() street1?: string;
  @Field(() => String, { nullable: true, description: 'City.' }) @IsOptional() @Length(1, 100) @Nullable() city?: string;
  @Field(() => String, { nullable: true, description: 'State, province or region.' }) @IsOptional() @Length(1, 100) @Nullable() state?: string;
  @Field(() => String, { nullable: true, description: 'Country (ISO 3166-1 alpha-2 code or name).' }) @IsOptional() @Length(2, 64) @Nullable() country?: string;
  @Field(() => GeoPointInput, { nullable: true, description: 'Where the address is.' })
  @IsOptional()
  @ValidateNested()
  @Nullable()
  coordinates?: GeoPointInput | number[];
}

/**
 * A position closer to 0 than 1e-9 degree (0.1 mm on the ground) is 0: a denormal such as 5e-324, which spatial
 * functions cannot multiply without underflowing, becomes 0, and so does -0 (docs/contract.md, "Coordinates").
 * Every other value is kept exactly.
 */
export const normalizeDegrees = (degrees: number): number => (Math.abs(degrees) < 1e-9 ? 0 : degrees);

const isGeoPointInput = (p: GeoPointInput | readonly number[]): p is GeoPointInput => !Array.isArray(p);

/**
 * A point as stored: `[lat, lng]`, ranges checked (latitude −90…90, longitude −180…180, finite numbers) and both
 * normalized (`normalizeDegrees`), so what is stored is what reads back. Takes a `GeoPointInput` or a pair.
 */
export function storedPoint(point: GeoPointInput | readonly number[] | undefined | null, field: string): [number, number] | undefined {
  if (!point) return undefined;
  const [lat, lng]: readonly unknown[] = isGeoPointInput(point) ? [point.latitude, point.longitude] : point;
  if (typeof lat !== 'number' || !Number.isFinite(lat) || lat < -90 || lat > 90) throw validationError(field, 'latitude (first number) must be between -90 and 90');
  if (typeof lng !== 'number' || !Number.isFinite(lng) || lng < -180 || lng > 180) throw validationError(field, 'longitude (second number) must be between -180 and 180');
  return [normalizeDegrees(lat), normalizeDegrees(lng)];
}

/** An address input's point, checked and turned into the stored `[lat, lng]` in place (see `storedPoint`). */
export function checkCoordinates<A extends { coordinates?: GeoPointInput | number[] | null }>(
  address: A | undefined | null,
  field: string,
): asserts address is (A & { coordinates?: number[] }) | undefined | null {
  if (address?.coordinates) address.coordinates = storedPoint(address.coordinates, field);
}

@ObjectType({ description: 'Where a page sits in a list.' })
@Directive('@shareable')
export class Pagination {
  @Field(() => Int, { description: 'Page number, from 1.' }) page!: number;
  @Field(() => Int, { description: 'Items per page.' }) limit!: number;
  @Field(() => Int, { description: 'Items in all pages.' }) total!: number;
  @Field(() => Int, { description: 'Number of pages.' }) pages!: number;
  @Field({ description: 'Whether a next page exists.' }) hasNext!: boolean;
  @Field({ description: 'Whether a previous page exists.' }) hasPrevious!: boolean;
}

@ArgsType()
export class PageArgs {
  @Field(() => Int, { nullable: true, description: 'Page number, from 1 (default 1).' })
  @IsOptional()
  @Min(1, { message: 'must be 1 or more' })
  @Max(100_000)
  page?: number;
  @Field(() => Int, { nullable: true, description: 'Items per page: default 20, max 100.' })
  @IsOptional()
  @Min(1, { message: 'must be between 1 and 100' })
  @Max(100, { message: 'must be between 1 and 100' })
  limit?: number;
}

/** limit/offset of a page request (defaults: page 1, 20 items). */
export function pageWindow(args: PageArgs): { page: number; limit: number; offset: number } {
  const page = args.page ?? 1;
  const limit = args.limit ?? 20;
  return { page, limit, offset: (page - 1) * limit };
}

export function pagination(page: number, limit: number, total: number): Pagination {
  const pages = Math.ceil(total / limit);
  return { page, limit, total, pages, hasNext: page < pages, hasPrevious: page > 1 };
}

/** A page of items: `{ items, pagination }`, named `<name>Page`. */
export function PageOf<T extends object>(item: ClassType<T>, name: string) {
  @ObjectType(`${name}Page`, { description: `A page of ${name} records.` })
  class Page {
    @Field(() => [item], { description: 'The records of this page.' }) items!: T[];
    @Field(() => Pagination, { description: 'Where this page sits.' }) pagination!: Pagination;
  }
  return Page;
}

/** How a provider family's records name their owner (`workspace {type, icode}`). */
@ObjectType({ description: "Owner of a provider family's record: the provider kind and its code." })
@Directive('@shareable')
export class WorkspaceRef {
  @Field({ description: 'Provider kind, upper-case (LSP, CSP, DEV, IOTSP).' }) type!: string;
  @Field({ description: 'Provider code.' }) icode!: string;
}

@ObjectType({ description: 'An instant with the time zone it was recorded in.' })
@Directive('@shareable')
export class StampTime {
  @Field(() => DateTimeScalar, { description: 'The instant (REST writes it in epoch milliseconds).' }) timestamp!: number;
  @Field({ description: 'IANA time zone name the instant was recorded in (e.g. Africa/Nairobi).' }) timezone!: string;
}

/** Record stamp (`added`, `updated`): when and by whom (the lsp subgraph adds `user`, the user as an entity reference). */
@ObjectType({ description: 'Record stamp: when a record was added or changed, and by which user.' })
@Directive('@shareable')
export class RecordStamp {
  @Field(() => StampTime, { description: 'When the change was made.' }) at!: StampTime;
  @Field(() => ID, { description: 'Identifier of the user who made the change (their `User.id`).' }) by!: string;
}

export const stampNow = (by: string, timezone = 'UTC'): RecordStamp => ({ at: { timestamp: now(), timezone }, by });

@ObjectType({ description: 'An amount of money.' })
@Directive('@shareable')
export class Money {
  @Field(() => DecimalScalar, { description: "Amount in the currency's major unit, rounded to its minor unit." }) amount!: number;
  @Field({ description: 'ISO 4217 currency code.' }) currency!: string;
}

/**
 * Money: a decimal of at most 12 integer digits, kept to the currency's minor unit (ISO 4217: 2 decimals for USD,
 * 0 for JPY, 3 for KWD): what a `numeric(15, 3)` column holds, exactly representable in a double. Amounts are
 * 0 to MONEY_MAX; more decimals than the currency has are rounded (half away from zero).
 */
export const MONEY_MAX = 999_999_999_999;

/** Decimal places of a currency's minor unit (2 when the runtime does not know the currency). */
export function minorDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** An amount rounded to its currency's minor unit (never -0). */
export function roundMoney(amount: number, currency: string): number {
  const f = 10 ** minorDigits(currency);
  return (Math.sign(amount) * Math.round(Math.abs(amount) * f)) / f + 0;
}

@InputType({ description: 'An amount of money.' })
export class MoneyInput {
  @Field(() => DecimalScalar, { description: "Amount in the major unit, 0 to 999,999,999,999; rounded to the currency's minor unit." })
  @Min(0, { message: 'must be 0 or more' })
  @Max(MONEY_MAX, { message: 'must be at most 999,999,999,999' })
  amount!: number;
  @Field({ description: 'ISO 4217 currency code (e.g. USD, KES).' }) @IsIn(CURRENCIES, { message: 'must be an ISO 4217 currency code such as USD' }) currency!: string;
}

/**
 * A closed list as a GraphQL enum whose every value is described (docs/graph-conventions.md). The values are spelled
 * as the REST contract spells them, so the bridge passes them through unchanged:
 *
 *   export const FleetType = closedList('FleetType', 'What a fleet carries.', { URBAN_TRANSIT: 'Buses …', … });
 *   export type FleetType = keyof typeof FleetType;
 *   @Field(() => FleetType) type!: FleetType;
 */
export function closedList<const V extends string>(name: string, description: string, values: Record<V, string>): { readonly [K in V]: K } {
  const list = Object.fromEntries(Object.keys(values).map((v) => [v, v])) as { [K in V]: K };
  registerEnumType(list, {
    name,
    description,
    valuesConfig: Object.fromEntries(Object.entries<string>(values).map(([v, d]) => [v, { description: d }])) as never,
  });
  return list;
}

/** The values of a closed list, for validators and SQL (`Object.keys` typed). */
export const valuesOf = <V extends string>(list: { readonly [K in V]: K }): V[] => Object.keys(list) as V[];

/** An address input as stored: its point as `[lat, lng]` (checked, see `storedPoint`), `null` for none. */
export function storedAddress(input: AddressInput | null | undefined, field = 'address.coordinates'): Address | null {
  if (!input) return null;
  const { coordinates, ...rest } = input;
  return coordinates ? { ...rest, coordinates: storedPoint(coordinates, field) } : { ...rest };
}
