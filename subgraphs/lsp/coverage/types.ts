import { ArgsType, Field, Float, ID, InputType, Int } from 'type-graphql';
import {
  ArrayMaxSize, ArrayMinSize, IsBoolean, IsOptional, IsTimeZone, Length, Matches, Max, Min, ValidateNested,
} from 'class-validator';
import { AddressInput, PageArgs, PageOf } from '../../../kernel/graphql-types.js';
import { DayOfWeek } from '../common/enums.js';
import { Coverage, CoverageArea, CoverageRoute } from './entities.js';
import {
  CoverageKind, CoverageLengthUnit, CoverageReach, CoverageServiceLevel, CoverageStatus, CoverageTransitMode, CoverageTransitType, ScheduleFrequency,
} from './enums.js';
import { Nullable } from '../../../kernel/validation.js';

/** Point types that name a node of the same LSP by id, and the record each refers to. */
export const NODE_TYPES = ['HUB', 'WAREHOUSE', 'PARKING', 'TERMINAL'];
export const MAX_LINKS = 100;
export const MAX_TRANSIT_POINTS = 50;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const POINT_TYPE = /^[A-Z][A-Z0-9_]{0,39}$/;
const CODE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const CoveragePage = PageOf(Coverage, 'Coverage');
export const CoverageAreaPage = PageOf(CoverageArea, 'CoverageArea');
export const CoverageRoutePage = PageOf(CoverageRoute, 'CoverageRoute');

@InputType('CoverageHoursInput', { description: 'A duration in hours.' })
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
  @Field(() => CoverageTransitType, { nullable: true, description: 'Transit type; when given it must be the transit type the operation sets (REST: the path\'s `:type`).' })
  @IsOptional() type?: CoverageTransitType;
  @Field(() => CoverageTransitMode, { description: 'How goods travel.' }) mode!: CoverageTransitMode;
  @Field(() => CoverageTransitTimeInput, { description: 'Transit time range.' }) @ValidateNested() time!: CoverageTransitTimeInput;
}

@InputType('CoverageTransitUpdateInput', { description: 'Transit changes; omitted fields keep their value.' })
export class CoverageTransitUpdateInput {
  @Field(() => CoverageTransitType, { nullable: true, description: 'Transit type; when given it must be the transit type the operation sets.' }) @IsOptional() type?: CoverageTransitType;
  @Field(() => CoverageTransitMode, { nullable: true, description: 'How goods travel.' }) @IsOptional() mode?: CoverageTransitMode;
  @Field(() => CoverageTransitTimeInput, { nullable: true, description: 'Transit time range (replaced whole).' }) @IsOptional() @ValidateNested() time?: CoverageTransitTimeInput;
}

@InputType('CoverageDepartureTimeInput', { description: 'A departure time of day.' })
export class CoverageDepartureTimeInput {
  @Field({ description: 'Time of day of the departure, HH:MM (00:00–23:59).' }) @Matches(HHMM, { message: 'must be HH:MM (00:00–23:59)' }) value!: string;
  @Field({ description: 'IANA time zone the time of day is in (e.g. Africa/Nairobi).' }) @IsTimeZone({ message: 'must be an IANA time zone name' }) timezone!: string;
}

@InputType('CoverageScheduleInput', { description: 'When the coverage runs.' })
export class CoverageScheduleInput {
  @Field(() => ScheduleFrequency, { description: 'How often it runs.' }) frequency!: ScheduleFrequency;
  @Field(() => [CoverageDepartureTimeInput], { nullable: true, description: 'Departure times (at most 96, no duplicates).' })
  @IsOptional() @ArrayMaxSize(96) @ValidateNested({ each: true }) @Nullable() departureTimes?: CoverageDepartureTimeInput[];
  @Field(() => [DayOfWeek], { description: 'Days it runs: 1 to 7 days, no duplicates.' })
  @ArrayMinSize(1, { message: 'must name at least one day' }) @ArrayMaxSize(7) operatingDays!: DayOfWeek[];
}

@InputType('CoverageAreaCapacityInput', { description: 'What an area can take.' })
export class CoverageAreaCapacityInput {
  @Field(() => Int, { description: 'Packages the area takes per day (1 to 10,000,000).' }) @Min(1, { message: 'must be a positive integer' }) @Max(10_000_000) packages!: number;
}

@InputType('CoverageRouteCapacityInput', { description: 'What one departure of a route can carry; give sits, packages or both.' })
export class CoverageRouteCapacityInput {
  @Field(() => Int, { nullable: true, description: 'Seats per departure (1 to 10,000; the spec\'s `sits`).' }) @IsOptional() @Min(1, { message: 'must be a positive integer' }) @Max(10_000) @Nullable() sits?: number;
  @Field(() => Int, { nullable: true, description: 'Packages per departure (1 to 10,000,000).' }) @IsOptional() @Min(1, { message: 'must be a positive integer' }) @Max(10_000_000) @Nullable() packages?: number;
}

@InputType('CoverageLengthInput', { description: 'A length with its unit.' })
export class CoverageLengthInput {
  @Field(() => Float, { description: 'The length in its unit, greater than 0 (at most 40,000).' })
  @Min(0.001, { message: 'must be greater than 0' }) @Max(40_000, { message: 'must be at most 40000' }) value!: number;
  @Field(() => CoverageLengthUnit, { description: 'Unit of the length.' }) unit!: CoverageLengthUnit;
}

@InputType('CoveragePointInput', {
  description: 'A node of the LSP by id ({type, id, description?}, type HUB, WAREHOUSE, PARKING or TERMINAL) or a place by address ({type, address, description?}).',
})
export class CoveragePointInput {
  @Field({ description: 'Node type (HUB, WAREHOUSE, PARKING, TERMINAL) with `id`; with `address`, an upper-case identifier of 1–40 the LSP chooses (open vocabulary: ANY, BARRIER, CHECKPOINT, …).' })
  @Matches(POINT_TYPE, { message: 'must be an upper-case identifier such as HUB or ANY' }) type!: string;
  @Field(() => ID, { nullable: true, description: 'Identifier of the node (a hub, warehouse or parking facility of the same LSP).' })
  @IsOptional() @Matches(UUID, { message: 'must be a node identifier (UUID)' }) id?: string;
  @Field({ nullable: true, description: 'Description of the point (1–200 characters); a node defaults to its name.' }) @IsOptional() @Length(1, 200) @Nullable() description?: string;
  @Field(() => AddressInput, { nullable: true, description: 'Where the place is: coordinates or at least a city.' }) @IsOptional() @ValidateNested() address?: AddressInput;
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
  @Field({ description: 'Name of the record (1–120 characters).' }) @Length(1, 120) name!: string;
  @Field({ description: 'Your code (1–40: letters, digits, - and _), unique among the LSP\'s areas and routes.' })
  @Matches(CODE, { message: 'must be 1–40 letters, digits, - or _' }) code!: string;
  @Field(() => CoverageReach, { description: 'How far the record reaches.' }) reach!: CoverageReach;
  @Field(() => CoverageServiceLevel, { nullable: true, description: 'The service level it offers (default STANDARD).' }) @IsOptional() serviceLevel?: CoverageServiceLevel;
  @Field(() => CoverageTransitInput, { description: 'Transit mode and time (its type is the operation\'s transit type).' }) @ValidateNested() transit!: CoverageTransitInput;
  @Field(() => [CoverageScheduleInput], { nullable: true, description: 'One schedule or a list (at most 20; default none).' })
  @IsOptional() @ArrayMaxSize(20) @ValidateNested({ each: true }) @Nullable() schedules?: CoverageScheduleInput[];
  @Field({ nullable: true, description: 'Whether the transit time is guaranteed (default false).' }) @IsOptional() @IsBoolean() isGuaranteed?: boolean;
}

@InputType('CoverageAreaInput', { description: 'The area create body.' })
export class CoverageAreaInput extends CoverageBaseInput {
  @Field(() => CoverageAreaCapacityInput, { nullable: true, description: 'What the area can take (default none).' }) @IsOptional() @ValidateNested() @Nullable() capacity?: CoverageAreaCapacityInput;
  @Field({ nullable: true, description: 'Country, ISO 3166-1 alpha-2 (e.g. KE).' }) @IsOptional() @Matches(/^[A-Za-z]{2}$/, { message: 'must be an ISO 3166-1 alpha-2 code such as KE' }) @Nullable() country?: string;
  @Field({ nullable: true, description: 'Region, state or province (1–100 characters).' }) @IsOptional() @Length(1, 100) @Nullable() region?: string;
  @Field({ nullable: true, description: 'A city served (1–100 characters); stored in `cities`.' }) @IsOptional() @Length(1, 100) city?: string;
  @Field(() => [String], { nullable: true, description: 'Cities served (at most 50; instead of `city`).' })
  @IsOptional() @ArrayMaxSize(50) @Length(1, 100, { each: true }) cities?: string[];
  @Field(() => CoverageLengthInput, { nullable: true, description: 'Reach around its linked nodes or city centres.' }) @IsOptional() @ValidateNested() @Nullable() radius?: CoverageLengthInput;
}

@InputType('CoverageRouteInput', { description: 'The route create body.' })
export class CoverageRouteInput extends CoverageBaseInput {
  @Field(() => CoverageRouteCapacityInput, { nullable: true, description: 'What one departure can carry (default none).' }) @IsOptional() @ValidateNested() @Nullable() capacity?: CoverageRouteCapacityInput;
  @Field(() => CoveragePointInput, { nullable: true, description: 'Where the route starts: a node or a place.' }) @IsOptional() @ValidateNested() @Nullable() origin?: CoveragePointInput;
  @Field(() => CoveragePointInput, { nullable: true, description: 'Where the route ends: a node or a place (not the origin\'s node).' }) @IsOptional() @ValidateNested() @Nullable() destination?: CoveragePointInput;
  @Field(() => CoverageLengthInput, { nullable: true, description: 'Length of the route.' }) @IsOptional() @ValidateNested() @Nullable() distance?: CoverageLengthInput;
}

/** Fields both kinds' update bodies share; omitted fields keep their value. */
@InputType('CoverageBaseUpdateInput', { description: 'Fields both update bodies share.' })
abstract class CoverageBaseUpdateInput {
  @Field({ nullable: true, description: 'Name of the record (1–120 characters).' }) @IsOptional() @Length(1, 120) name?: string;
  @Field(() => CoverageReach, { nullable: true, description: 'How far the record reaches.' }) @IsOptional() reach?: CoverageReach;
  @Field(() => CoverageServiceLevel, { nullable: true, description: 'The service level it offers.' }) @IsOptional() serviceLevel?: CoverageServiceLevel;
  @Field(() => CoverageTransitUpdateInput, { nullable: true, description: 'Transit mode and time.' }) @IsOptional() @ValidateNested() transit?: CoverageTransitUpdateInput;
  @Field(() => [CoverageScheduleInput], { nullable: true, description: 'Schedules (replaced whole; [] removes them).' })
  @IsOptional() @ArrayMaxSize(20) @ValidateNested({ each: true }) schedules?: CoverageScheduleInput[];
  @Field({ nullable: true, description: 'Whether the transit time is guaranteed.' }) @IsOptional() @IsBoolean() isGuaranteed?: boolean;
  @Field(() => CoverageStatus, { nullable: true, description: 'ACTIVE (only when the record is complete) or INACTIVE.' }) @IsOptional() status?: CoverageStatus;
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
  @Field(() => CoverageStatus, { nullable: true, description: 'Only records with this status.' }) @IsOptional() status?: CoverageStatus;
  @Field(() => CoverageTransitType, { nullable: true, description: 'Only records of this transit type (of the listed kind).' }) @IsOptional() transitType?: CoverageTransitType;
}

@ArgsType()
export class AllCoverageArgs extends CoverageListArgs {
  @Field(() => CoverageKind, { nullable: true, description: 'Only areas or only routes.' }) @IsOptional() kind?: CoverageKind;
}
