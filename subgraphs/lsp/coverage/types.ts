import { ArgsType, Field, Float, ID, InputType, Int } from 'type-graphql';
import {
  ArrayMaxSize, ArrayMinSize, IsBoolean, IsIn, IsOptional, IsTimeZone, Length, Matches, Max, Min, ValidateNested,
} from 'class-validator';
import { AddressInput, PageArgs, PageOf } from '../../../kernel/graphql-types.js';
import { DAYS } from '../common/facility.js';
import { Coverage, CoverageArea, CoverageRoute } from './entities.js';
import { Nullable } from '../../../kernel/validation.js';

/** The closed lists of the coverage family (docs/lsp-coverage.md). */
export const REACHES = ['LOCAL', 'REGIONAL', 'NATIONAL', 'INTERNATIONAL'];
export const SERVICE_LEVELS = ['ECONOMY', 'STANDARD', 'EXPRESS', 'PRIORITY', 'SAME_DAY', 'NEXT_DAY'];
export const MODES = ['GROUND', 'AIR', 'SEA', 'RAIL'];
export const FREQUENCIES = ['HOURLY', 'DAILY', 'WEEKLY', 'BIWEEKLY', 'MONTHLY', 'ON_DEMAND'];
export const LENGTH_UNITS = ['km', 'mi'];
export const STATUSES = ['INACTIVE', 'ACTIVE'];
/** Transit types (`:type` of the create and update paths) allowed per kind. */
export const AREA_TRANSIT_TYPES = ['FIRST_MILE', 'LAST_MILE', 'DOOR_TO_DOOR'];
export const ROUTE_TRANSIT_TYPES = [
  'FIRST_MILE', 'MIDDLE_MILE', 'LAST_MILE', 'LINE_HAUL', 'HUB_TO_HUB', 'HUB_TO_TERMINAL', 'TERMINAL_TO_HUB', 'TERMINAL_TO_TERMINAL', 'DOOR_TO_DOOR', 'CROSS_BORDER',
];
/** Point types that name a node of the same LSP by id, and the record each refers to. */
export const NODE_TYPES = ['HUB', 'WAREHOUSE', 'PARKING', 'TERMINAL'];
export const MAX_LINKS = 100;
export const MAX_TRANSIT_POINTS = 50;

const oneOf = (list: string[]) => ({ message: `must be one of ${list.join(', ')}` });
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const POINT_TYPE = /^[A-Z][A-Z0-9_]{0,39}$/;
const CODE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const CoveragePage = PageOf(Coverage, 'Coverage');
export const CoverageAreaPage = PageOf(CoverageArea, 'CoverageArea');
export const CoverageRoutePage = PageOf(CoverageRoute, 'CoverageRoute');

@InputType('CoverageHoursInput', { description: 'A number of hours.' })
export class CoverageHoursInput {
  @Field(() => Float, { description: 'Hours, 0 to 2160 (90 days).' })
  @Min(0, { message: 'must be 0 or more' }) @Max(2160, { message: 'must be at most 2160 (90 days)' }) hour!: number;
}

@InputType('CoverageTransitTimeInput', { description: 'Duration range: min ≤ max.' })
export class CoverageTransitTimeInput {
  @Field(() => CoverageHoursInput, { description: 'Shortest transit.' }) @ValidateNested() min!: CoverageHoursInput;
  @Field(() => CoverageHoursInput, { description: 'Longest transit (≥ min).' }) @ValidateNested() max!: CoverageHoursInput;
}

@InputType('CoverageTransitInput', { description: 'How the coverage is served.' })
export class CoverageTransitInput {
  @Field({ nullable: true, description: 'Transit type; when given it must equal the `:type` of the path (which is what sets it).' })
  @IsOptional() @Length(1, 40) type?: string;
  @Field({ description: 'Mode: GROUND, AIR, SEA or RAIL.' }) @IsIn(MODES, oneOf(MODES)) mode!: string;
  @Field(() => CoverageTransitTimeInput, { description: 'Transit time range.' }) @ValidateNested() time!: CoverageTransitTimeInput;
}

@InputType('CoverageTransitUpdateInput', { description: 'Transit changes; omitted fields keep their value.' })
export class CoverageTransitUpdateInput {
  @Field({ nullable: true, description: 'Transit type; when given it must equal the `:type` of the path.' }) @IsOptional() @Length(1, 40) type?: string;
  @Field({ nullable: true, description: 'Mode: GROUND, AIR, SEA or RAIL.' }) @IsOptional() @IsIn(MODES, oneOf(MODES)) mode?: string;
  @Field(() => CoverageTransitTimeInput, { nullable: true, description: 'Transit time range (replaced whole).' }) @IsOptional() @ValidateNested() time?: CoverageTransitTimeInput;
}

@InputType('CoverageDepartureTimeInput', { description: 'A departure time of day.' })
export class CoverageDepartureTimeInput {
  @Field({ description: 'HH:MM (00:00–23:59).' }) @Matches(HHMM, { message: 'must be HH:MM (00:00–23:59)' }) value!: string;
  @Field({ description: 'IANA time zone (e.g. Africa/Nairobi).' }) @IsTimeZone({ message: 'must be an IANA time zone name' }) timezone!: string;
}

@InputType('CoverageScheduleInput', { description: 'When the coverage runs.' })
export class CoverageScheduleInput {
  @Field({ description: 'HOURLY, DAILY, WEEKLY, BIWEEKLY, MONTHLY or ON_DEMAND.' }) @IsIn(FREQUENCIES, oneOf(FREQUENCIES)) frequency!: string;
  @Field(() => [CoverageDepartureTimeInput], { nullable: true, description: 'Departure times (at most 96, no duplicates).' })
  @IsOptional() @ArrayMaxSize(96) @ValidateNested({ each: true }) @Nullable() departureTimes?: CoverageDepartureTimeInput[];
  @Field(() => [String], { description: 'Days it runs: 1 to 7 of MONDAY … SUNDAY, no duplicates.' })
  @ArrayMinSize(1, { message: 'must name at least one day' }) @ArrayMaxSize(7)
  @IsIn(DAYS as unknown as string[], { each: true, message: 'must contain MONDAY … SUNDAY' }) operatingDays!: string[];
}

@InputType('CoverageAreaCapacityInput', { description: 'What an area can take.' })
export class CoverageAreaCapacityInput {
  @Field(() => Int, { description: 'Packages per day (≥ 1).' }) @Min(1, { message: 'must be a positive integer' }) @Max(10_000_000) packages!: number;
}

@InputType('CoverageRouteCapacityInput', { description: 'What one departure of a route can carry; give sits, packages or both.' })
export class CoverageRouteCapacityInput {
  @Field(() => Int, { nullable: true, description: 'Seats per departure (≥ 1).' }) @IsOptional() @Min(1, { message: 'must be a positive integer' }) @Max(10_000) @Nullable() sits?: number;
  @Field(() => Int, { nullable: true, description: 'Packages per departure (≥ 1).' }) @IsOptional() @Min(1, { message: 'must be a positive integer' }) @Max(10_000_000) @Nullable() packages?: number;
}

@InputType('CoverageLengthInput', { description: 'A length with its unit.' })
export class CoverageLengthInput {
  @Field(() => Float, { description: 'Value, greater than 0 (at most 40000).' })
  @Min(0.001, { message: 'must be greater than 0' }) @Max(40_000, { message: 'must be at most 40000' }) value!: number;
  @Field({ description: 'km or mi.' }) @IsIn(LENGTH_UNITS, { message: 'must be km or mi' }) unit!: string;
}

@InputType('CoveragePointInput', {
  description: 'A node of the LSP by id ({type, id, description?}, type HUB, WAREHOUSE, PARKING or TERMINAL) or a place by address ({type, address, description?}).',
})
export class CoveragePointInput {
  @Field({ description: 'Node type (HUB, WAREHOUSE, PARKING, TERMINAL) with `id`; any upper-case type (ANY, BARRIER, CHECKPOINT, …) with `address`.' })
  @Matches(POINT_TYPE, { message: 'must be an upper-case identifier such as HUB or ANY' }) type!: string;
  @Field(() => ID, { nullable: true, description: 'Identifier of the node (a hub, warehouse or parking facility of the same LSP).' })
  @IsOptional() @Matches(UUID, { message: 'must be a node identifier (UUID)' }) id?: string;
  @Field({ nullable: true, description: 'Description (1–200); a node defaults to its name.' }) @IsOptional() @Length(1, 200) @Nullable() description?: string;
  @Field(() => AddressInput, { nullable: true, description: 'Address with coordinates [lat, lng] or at least a city.' }) @IsOptional() @ValidateNested() address?: AddressInput;
}

@InputType('CoverageTransitPointInput', { description: 'A transit point to add to a route: a node by id or a place by address, optionally at a position.' })
export class CoverageTransitPointInput extends CoveragePointInput {
  @Field(() => Int, { nullable: true, description: 'Where to insert it (0-based, 0 to the number of points; default: after the last one).' })
  @IsOptional() @Min(0, { message: 'must be 0 or more' }) @Max(MAX_TRANSIT_POINTS, { message: `must be at most ${MAX_TRANSIT_POINTS}` }) position?: number;
}

@InputType('CoverageEntryRemoveInput', { description: 'Which entry to remove: its position (`index`, 0-based) or the id of the node it names (`id`); exactly one.' })
export class CoverageEntryRemoveInput {
  @Field(() => Int, { nullable: true, description: 'Position of the entry (0-based, at most 99).' })
  @IsOptional() @Min(0, { message: 'must be 0 or more' }) @Max(MAX_LINKS - 1, { message: `must be at most ${MAX_LINKS - 1}` }) index?: number;
  @Field(() => ID, { nullable: true, description: 'Identifier of the node the entry names.' }) @IsOptional() @Length(1, 100) id?: string;
}

/** Fields both kinds' create bodies share (inherited; not a type of its own in the schema). */
@InputType('CoverageBaseInput', { description: 'Fields both create bodies share.' })
abstract class CoverageBaseInput {
  @Field({ description: 'Name (1–120).' }) @Length(1, 120) name!: string;
  @Field({ description: 'Your code (1–40: letters, digits, - and _), unique among the LSP\'s areas and routes.' })
  @Matches(CODE, { message: 'must be 1–40 letters, digits, - or _' }) code!: string;
  @Field({ description: 'LOCAL, REGIONAL, NATIONAL or INTERNATIONAL.' }) @IsIn(REACHES, oneOf(REACHES)) reach!: string;
  @Field({ nullable: true, description: 'ECONOMY, STANDARD (default), EXPRESS, PRIORITY, SAME_DAY or NEXT_DAY.' })
  @IsOptional() @IsIn(SERVICE_LEVELS, oneOf(SERVICE_LEVELS)) serviceLevel?: string;
  @Field(() => CoverageTransitInput, { description: 'Transit mode and time (its type is the path\'s `:type`).' }) @ValidateNested() transit!: CoverageTransitInput;
  @Field(() => [CoverageScheduleInput], { nullable: true, description: 'One Schedule or a list (at most 20).' })
  @IsOptional() @ArrayMaxSize(20) @ValidateNested({ each: true }) @Nullable() schedules?: CoverageScheduleInput[];
  @Field({ nullable: true, description: 'Whether the transit time is guaranteed (default false).' }) @IsOptional() @IsBoolean() isGuaranteed?: boolean;
}

@InputType('CoverageAreaInput', { description: 'The area create body.' })
export class CoverageAreaInput extends CoverageBaseInput {
  @Field(() => CoverageAreaCapacityInput, { nullable: true, description: 'Capacity {packages}.' }) @IsOptional() @ValidateNested() @Nullable() capacity?: CoverageAreaCapacityInput;
  @Field({ nullable: true, description: 'Country, ISO 3166-1 alpha-2 (e.g. KE).' }) @IsOptional() @Matches(/^[A-Za-z]{2}$/, { message: 'must be an ISO 3166-1 alpha-2 code such as KE' }) @Nullable() country?: string;
  @Field({ nullable: true, description: 'Region, state or province (1–100).' }) @IsOptional() @Length(1, 100) @Nullable() region?: string;
  @Field({ nullable: true, description: 'A city served (1–100); stored in `cities`.' }) @IsOptional() @Length(1, 100) city?: string;
  @Field(() => [String], { nullable: true, description: 'Cities served (at most 50; instead of `city`).' })
  @IsOptional() @ArrayMaxSize(50) @Length(1, 100, { each: true }) cities?: string[];
  @Field(() => CoverageLengthInput, { nullable: true, description: 'Reach around its linked nodes or city centres.' }) @IsOptional() @ValidateNested() @Nullable() radius?: CoverageLengthInput;
}

@InputType('CoverageRouteInput', { description: 'The route create body.' })
export class CoverageRouteInput extends CoverageBaseInput {
  @Field(() => CoverageRouteCapacityInput, { nullable: true, description: 'Capacity {sits, packages} of one departure.' }) @IsOptional() @ValidateNested() @Nullable() capacity?: CoverageRouteCapacityInput;
  @Field(() => CoveragePointInput, { nullable: true, description: 'Where it starts: {type, id} of a node or {type, address}.' }) @IsOptional() @ValidateNested() @Nullable() origin?: CoveragePointInput;
  @Field(() => CoveragePointInput, { nullable: true, description: 'Where it ends: {type, address} or {type, id} of a node.' }) @IsOptional() @ValidateNested() @Nullable() destination?: CoveragePointInput;
  @Field(() => CoverageLengthInput, { nullable: true, description: 'Length {value, unit}.' }) @IsOptional() @ValidateNested() @Nullable() distance?: CoverageLengthInput;
}

/** Fields both kinds' update bodies share; omitted fields keep their value. */
@InputType('CoverageBaseUpdateInput', { description: 'Fields both update bodies share.' })
abstract class CoverageBaseUpdateInput {
  @Field({ nullable: true, description: 'Name (1–120).' }) @IsOptional() @Length(1, 120) name?: string;
  @Field({ nullable: true, description: 'LOCAL, REGIONAL, NATIONAL or INTERNATIONAL.' }) @IsOptional() @IsIn(REACHES, oneOf(REACHES)) reach?: string;
  @Field({ nullable: true, description: 'Service level.' }) @IsOptional() @IsIn(SERVICE_LEVELS, oneOf(SERVICE_LEVELS)) serviceLevel?: string;
  @Field(() => CoverageTransitUpdateInput, { nullable: true, description: 'Transit mode and time.' }) @IsOptional() @ValidateNested() transit?: CoverageTransitUpdateInput;
  @Field(() => [CoverageScheduleInput], { nullable: true, description: 'Schedules (replaced whole; [] removes them).' })
  @IsOptional() @ArrayMaxSize(20) @ValidateNested({ each: true }) schedules?: CoverageScheduleInput[];
  @Field({ nullable: true, description: 'Whether the transit time is guaranteed.' }) @IsOptional() @IsBoolean() isGuaranteed?: boolean;
  @Field({ nullable: true, description: 'ACTIVE (only when the record is complete) or INACTIVE.' }) @IsOptional() @IsIn(STATUSES, { message: 'must be ACTIVE or INACTIVE' }) status?: string;
}

@InputType('CoverageAreaUpdateInput', { description: 'Area changes; omitted fields keep their value, null clears an optional one.' })
export class CoverageAreaUpdateInput extends CoverageBaseUpdateInput {
  @Field(() => CoverageAreaCapacityInput, { nullable: true, description: 'Capacity (null clears it).' }) @IsOptional() @ValidateNested() @Nullable() capacity?: CoverageAreaCapacityInput | null;
  @Field(() => String, { nullable: true, description: 'Country, ISO 3166-1 alpha-2 (null clears it).' }) @IsOptional() @Matches(/^[A-Za-z]{2}$/, { message: 'must be an ISO 3166-1 alpha-2 code such as KE' }) @Nullable() country?: string | null;
  @Field(() => String, { nullable: true, description: 'Region (null clears it).' }) @IsOptional() @Length(1, 100) @Nullable() region?: string | null;
  @Field({ nullable: true, description: 'Replaces the cities by this one.' }) @IsOptional() @Length(1, 100) city?: string;
  @Field(() => [String], { nullable: true, description: 'Replaces the cities ([] removes them).' }) @IsOptional() @ArrayMaxSize(50) @Length(1, 100, { each: true }) cities?: string[];
  @Field(() => CoverageLengthInput, { nullable: true, description: 'Radius (null clears it).' }) @IsOptional() @ValidateNested() @Nullable() radius?: CoverageLengthInput | null;
}

@InputType('CoverageRouteUpdateInput', { description: 'Route changes; omitted fields keep their value, null clears an optional one.' })
export class CoverageRouteUpdateInput extends CoverageBaseUpdateInput {
  @Field(() => CoverageRouteCapacityInput, { nullable: true, description: 'Capacity (null clears it).' }) @IsOptional() @ValidateNested() @Nullable() capacity?: CoverageRouteCapacityInput | null;
  @Field(() => CoveragePointInput, { nullable: true, description: 'Origin (null clears it).' }) @IsOptional() @ValidateNested() @Nullable() origin?: CoveragePointInput | null;
  @Field(() => CoveragePointInput, { nullable: true, description: 'Destination (null clears it).' }) @IsOptional() @ValidateNested() @Nullable() destination?: CoveragePointInput | null;
  @Field(() => CoverageLengthInput, { nullable: true, description: 'Distance (null clears it).' }) @IsOptional() @ValidateNested() @Nullable() distance?: CoverageLengthInput | null;
}

@ArgsType()
export class CoverageListArgs extends PageArgs {
  @Field({ nullable: true, description: 'Only records with this status (ACTIVE or INACTIVE).' }) @IsOptional() @IsIn(STATUSES, { message: 'must be ACTIVE or INACTIVE' }) status?: string;
  @Field({ nullable: true, description: 'Only records of this transit type (e.g. LAST_MILE; case and - or _ as in the paths).' }) @IsOptional() @Length(1, 40) transitType?: string;
}

@ArgsType()
export class AllCoverageArgs extends CoverageListArgs {
  @Field({ nullable: true, description: 'Only areas (AREA) or only routes (ROUTE).' }) @IsOptional() @IsIn(['AREA', 'ROUTE'], { message: 'must be AREA or ROUTE' }) kind?: string;
}
