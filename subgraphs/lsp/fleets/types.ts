import { Field, Float, ID, InputType, Int } from 'type-graphql';
import { ArrayMaxSize, IsIn, IsOptional, Length, Matches, Max, Min, ValidateNested } from 'class-validator';
import { GraphQLJSONObject } from 'graphql-scalars';
import { AddressInput, PageOf } from '../../../kernel/graphql-types.js';
import { Fleet, ParkingFacility, Vehicle } from './entities.js';
import { Nullable } from '../../../kernel/validation.js';

const IDENT = /^[A-Z0-9][A-Z0-9_]{0,39}$/;
const IDENT_MSG = { message: 'must be an upper-case identifier such as MINIBUS' };
export const VEHICLE_STATUSES = ['INACTIVE', 'ACTIVE', 'MAINTENANCE', 'RETIRED'];
const THIS_YEAR = new Date().getUTCFullYear();

export const FleetPage = PageOf(Fleet, 'Fleet');
export const VehiclePage = PageOf(Vehicle, 'Vehicle');
export const ParkingFacilityPage = PageOf(ParkingFacility, 'ParkingFacility');

@InputType({ description: 'A weight capacity.' })
export class QuantityInput {
  @Field(() => Float, { description: 'Value, 0.001 to 1,000,000 (in its unit).' })
  @Min(0.001, { message: 'must be at least 0.001' }) @Max(1_000_000, { message: 'must be at most 1,000,000' }) value!: number;
  @Field({ description: 'Unit: kg, t or lb.' }) @IsIn(['kg', 't', 'lb'], { message: 'must be kg, t or lb' }) unit!: string;
}

@InputType({ description: 'Technical data of a vehicle; on update, omitted fields keep their value.' })
export class VehicleSpecsInput {
  @Field({ nullable: true, description: 'Category (e.g. PASSENGER, CARGO).' }) @IsOptional() @Matches(IDENT, IDENT_MSG) @Nullable() category?: string;
  @Field({ nullable: true, description: 'VIN: 17 characters, digits and capitals without I, O, Q (ISO 3779).' })
  @IsOptional() @Matches(/^[A-HJ-NPR-Z0-9]{17}$/, { message: 'must be 17 characters: digits and capital letters except I, O and Q' }) @Nullable() VIN?: string;
  @Field({ nullable: true, description: 'Brand.' }) @IsOptional() @Length(1, 60) @Nullable() brand?: string;
  @Field({ nullable: true, description: 'Model.' }) @IsOptional() @Length(1, 60) @Nullable() model?: string;
  @Field({ nullable: true, description: 'Colour.' }) @IsOptional() @Length(1, 40) @Nullable() color?: string;
  @Field({ nullable: true, description: 'Engine: DIESEL, PETROL, ELECTRIC, HYBRID, CNG or LPG.' })
  @IsOptional() @IsIn(['DIESEL', 'PETROL', 'ELECTRIC', 'HYBRID', 'CNG', 'LPG'], { message: 'must be DIESEL, PETROL, ELECTRIC, HYBRID, CNG or LPG' }) @Nullable() engine?: string;
  @Field({ nullable: true, description: 'Gearbox: MANUAL or AUTOMATIC.' }) @IsOptional() @IsIn(['MANUAL', 'AUTOMATIC'], { message: 'must be MANUAL or AUTOMATIC' }) @Nullable() mode?: string;
  @Field({ nullable: true, description: 'Condition: EXCELLENT, GOOD, FAIR or POOR.' }) @IsOptional() @IsIn(['EXCELLENT', 'GOOD', 'FAIR', 'POOR'], { message: 'must be EXCELLENT, GOOD, FAIR or POOR' }) @Nullable() condition?: string;
  @Field(() => Int, { nullable: true, description: 'Seats (1–100).' }) @IsOptional() @Min(1) @Max(100) @Nullable() seats?: number;
  @Field(() => Int, { nullable: true, description: `Year of manufacture (1900–${THIS_YEAR + 1}).` })
  @IsOptional() @Min(1900, { message: 'must be a year from 1900' }) @Max(THIS_YEAR + 1, { message: `must not be after ${THIS_YEAR + 1}` }) @Nullable() manufactured?: number;
  @Field({ nullable: true, description: 'Registration (licence plate) number.' }) @IsOptional() @Matches(/^[A-Za-z0-9][A-Za-z0-9 -]{1,14}$/, { message: 'must be 2–15 letters, digits, spaces or -' }) @Nullable() registrationNumber?: string;
  @Field(() => QuantityInput, { nullable: true, description: 'Maximum load.' }) @IsOptional() @ValidateNested() @Nullable() maxWeightCapacity?: QuantityInput;
}

@InputType({ description: 'The vehicle body (add to fleet).' })
export class VehicleInput {
  @Field({ description: 'Vehicle type, upper-case (e.g. MINIBUS).' }) @Matches(IDENT, IDENT_MSG) type!: string;
  @Field({ nullable: true, description: 'Grade, upper-case.' }) @IsOptional() @Matches(IDENT, IDENT_MSG) @Nullable() grade?: string;
  @Field({ nullable: true, description: 'Status: INACTIVE (default), ACTIVE, MAINTENANCE or RETIRED.' })
  @IsOptional() @IsIn(VEHICLE_STATUSES, { message: 'must be INACTIVE, ACTIVE, MAINTENANCE or RETIRED' }) status?: string;
  @Field(() => VehicleSpecsInput, { description: 'Technical data.' }) @ValidateNested() specs!: VehicleSpecsInput;
  @Field({ nullable: true, description: 'Ownership: OWNED, LEASED, RENTED or SUBCONTRACTED.' })
  @IsOptional() @IsIn(['OWNED', 'LEASED', 'RENTED', 'SUBCONTRACTED'], { message: 'must be OWNED, LEASED, RENTED or SUBCONTRACTED' }) @Nullable() ownership?: string;
}

@InputType({ description: 'Vehicle changes; omitted fields keep their value.' })
export class VehicleUpdateInput {
  @Field({ nullable: true, description: 'Vehicle type.' }) @IsOptional() @Matches(IDENT, IDENT_MSG) type?: string;
  @Field({ nullable: true, description: 'Grade.' }) @IsOptional() @Matches(IDENT, IDENT_MSG) @Nullable() grade?: string;
  @Field({ nullable: true, description: 'Status: INACTIVE, ACTIVE, MAINTENANCE or RETIRED (not while allocated, for the last two).' })
  @IsOptional() @IsIn(VEHICLE_STATUSES, { message: 'must be INACTIVE, ACTIVE, MAINTENANCE or RETIRED' }) status?: string;
  @Field({ nullable: true, description: 'Ownership.' })
  @IsOptional() @IsIn(['OWNED', 'LEASED', 'RENTED', 'SUBCONTRACTED'], { message: 'must be OWNED, LEASED, RENTED or SUBCONTRACTED' }) @Nullable() ownership?: string;
}

@InputType({ description: 'Which device reports for the vehicle.' })
export class VehicleIotInput {
  @Field({ description: 'Device identifier.' }) @Length(1, 100) deviceId!: string;
  @Field({ description: 'Telemetry topic (MQTT-style path, e.g. fleet/KBX123/telemetry).' })
  @Matches(/^[A-Za-z0-9_.\-/+#]{1,200}$/, { message: 'must be a topic path of letters, digits and / . _ - + #' }) topic!: string;
  @Field({ nullable: true, description: 'Protocol (e.g. mqtt, http1).' }) @IsOptional() @Matches(/^[a-z][a-z0-9._-]{0,19}$/, { message: 'must be a protocol name such as mqtt' }) @Nullable() protocol?: string;
  @Field({ nullable: true, description: 'Code of the IoT provider, if any.' }) @IsOptional() @Length(1, 40) @Nullable() iotsp?: string;
}

@InputType({ description: 'A service (coverage area or route) to allocate a vehicle to.' })
export class AllocationInput {
  @Field({ description: 'AREA or ROUTE.' }) @IsIn(['AREA', 'ROUTE'], { message: 'must be AREA or ROUTE' }) type!: string;
  @Field(() => ID, { description: 'Coverage record identifier (of the same LSP).' }) id!: string;
}

@InputType({ description: 'Access rules of a parking facility.' })
export class ParkingAccessInput {
  @Field({ description: 'Access type: SCHEDULED, OPEN or CONTROLLED.' }) @IsIn(['SCHEDULED', 'OPEN', 'CONTROLLED'], { message: 'must be SCHEDULED, OPEN or CONTROLLED' }) type!: string;
  @Field(() => [String], { nullable: true, description: 'Restrictions (at most 20).' }) @IsOptional() @ArrayMaxSize(20) @Length(1, 200, { each: true }) restrictions?: string[];
}

@InputType({ description: 'The parking facility body.' })
export class ParkingFacilityInput {
  @Field({ description: 'Name (1–120).' }) @Length(1, 120) name!: string;
  @Field({ description: 'Type, upper-case (e.g. TERMINAL, DEPOT, YARD).' }) @Matches(IDENT, IDENT_MSG) type!: string;
  @Field({ nullable: true, description: 'Status: OPERATIONAL (default) or CLOSED.' }) @IsOptional() @IsIn(['OPERATIONAL', 'CLOSED'], { message: 'must be OPERATIONAL or CLOSED' }) status?: string;
  @Field(() => AddressInput, { description: 'Address; coordinates are [lat, lng].' }) @ValidateNested() address!: AddressInput;
  @Field(() => ParkingAccessInput, { description: 'Access rules.' }) @ValidateNested() access!: ParkingAccessInput;
  @Field({ nullable: true, description: 'Security level, upper-case (default STANDARD).' }) @IsOptional() @Matches(IDENT, IDENT_MSG) securityLevel?: string;
  @Field(() => GraphQLJSONObject, { nullable: true, description: 'Amenities (free object).' }) amenities?: Record<string, unknown>;
}
