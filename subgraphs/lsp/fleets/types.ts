import { Field, Float, ID, InputType, Int } from 'type-graphql';
import { ArrayMaxSize, IsIn, IsOptional, Length, Matches, Max, Min, ValidateNested } from 'class-validator';
import { GraphQLJSONObject } from 'graphql-scalars';
import { AddressInput, PageOf } from '../../../kernel/graphql-types.js';
import { nowDate } from '../../../kernel/clock.js';
import { IDENT } from '../../../domain/vocabulary.js';
import { CoverageKind } from '../coverage/enums.js';
import { Fleet, ParkingFacility, Vehicle } from './entities.js';
import { ParkingAccessType, ParkingStatus, VehicleCondition, VehicleEngine, VehicleGearbox, VehicleOwnership, VehicleStatus, WeightCapacityUnit } from './enums.js';
import { Nullable } from '../../../kernel/validation.js';

const IDENT_MSG = { message: 'must be an upper-case identifier such as MINIBUS' };
const THIS_YEAR = nowDate().getUTCFullYear();

export const FleetPage = PageOf(Fleet, 'Fleet');
export const VehiclePage = PageOf(Vehicle, 'Vehicle');
export const ParkingFacilityPage = PageOf(ParkingFacility, 'ParkingFacility');

@InputType({ description: 'A weight a vehicle can carry, with its unit.' })
export class QuantityInput {
  @Field(() => Float, { description: 'The weight in its unit, 0.001 to 1,000,000.' })
  @Min(0.001, { message: 'must be at least 0.001' })
  @Max(1_000_000, { message: 'must be at most 1,000,000' })
  value!: number;
  @Field(() => WeightCapacityUnit, { description: 'Unit of the weight.' }) unit!: WeightCapacityUnit;
}

@InputType({ description: 'Technical data of a vehicle; on update, omitted fields keep their value.' })
export class VehicleSpecsInput {
  @Field({ nullable: true, description: 'Category: an upper-case identifier of 1–40 the LSP chooses (e.g. PASSENGER, CARGO); an open vocabulary.' })
  @IsOptional()
  @Matches(IDENT, IDENT_MSG)
  @Nullable()
  category?: string;
  @Field({ nullable: true, description: 'VIN: 17 characters, digits and capitals without I, O, Q (ISO 3779).' })
  @IsOptional()
  @Matches(/^[A-HJ-NPR-Z0-9]{17}$/, { message: 'must be 17 characters: digits and capital letters except I, O and Q' })
  @Nullable()
  VIN?: string;
  @Field({ nullable: true, description: 'Brand of the vehicle (1–60 characters).' }) @IsOptional() @Length(1, 60) @Nullable() brand?: string;
  @Field({ nullable: true, description: 'Model of the vehicle (1–60 characters).' }) @IsOptional() @Length(1, 60) @Nullable() model?: string;
  @Field({ nullable: true, description: 'Colour of the vehicle (1–40 characters).' }) @IsOptional() @Length(1, 40) @Nullable() color?: string;
  @Field(() => VehicleEngine, { nullable: true, description: 'What powers the vehicle.' }) @IsOptional() @Nullable() engine?: VehicleEngine;
  @Field(() => VehicleGearbox, { nullable: true, description: 'How the vehicle changes gears.' }) @IsOptional() @Nullable() mode?: VehicleGearbox;
  @Field(() => VehicleCondition, { nullable: true, description: 'The state the vehicle is in.' }) @IsOptional() @Nullable() condition?: VehicleCondition;
  @Field(() => Int, { nullable: true, description: 'Number of seats (1–100).' }) @IsOptional() @Min(1) @Max(100) @Nullable() seats?: number;
  @Field(() => Int, { nullable: true, description: `Year of manufacture (1900–${THIS_YEAR + 1}).` })
  @IsOptional()
  @Min(1900, { message: 'must be a year from 1900' })
  @Max(THIS_YEAR + 1, { message: `must not be after ${THIS_YEAR + 1}` })
  @Nullable()
  manufactured?: number;
  @Field({ nullable: true, description: 'Registration (licence plate) number.' })
  @IsOptional()
  @Matches(/^[A-Za-z0-9][A-Za-z0-9 -]{1,14}$/, { message: 'must be 2–15 letters, digits, spaces or -' })
  @Nullable()
  registrationNumber?: string;
  @Field(() => QuantityInput, { nullable: true, description: 'The heaviest load the vehicle carries.' }) @IsOptional() @ValidateNested() @Nullable() maxWeightCapacity?: QuantityInput;
}

@InputType({ description: 'A vehicle to add to a fleet.' })
export class VehicleInput {
  @Field({ description: 'Vehicle type: an upper-case identifier of 1–40 the LSP chooses (e.g. MINIBUS); an open vocabulary.' }) @Matches(IDENT, IDENT_MSG) type!: string;
  @Field({ nullable: true, description: 'Grade: an upper-case identifier of 1–40 the LSP chooses; an open vocabulary.' }) @IsOptional() @Matches(IDENT, IDENT_MSG) @Nullable() grade?: string;
  @Field(() => VehicleStatus, { nullable: true, description: 'Whether the vehicle is in service (default INACTIVE).' }) @IsOptional() status?: VehicleStatus;
  @Field(() => VehicleSpecsInput, { description: 'Technical data of the vehicle.' }) @ValidateNested() specs!: VehicleSpecsInput;
  @Field(() => VehicleOwnership, { nullable: true, description: 'How the LSP holds the vehicle.' }) @IsOptional() @Nullable() ownership?: VehicleOwnership;
}

@InputType({ description: 'Vehicle changes; omitted fields keep their value.' })
export class VehicleUpdateInput {
  @Field({ nullable: true, description: 'Vehicle type: an upper-case identifier of 1–40; an open vocabulary.' }) @IsOptional() @Matches(IDENT, IDENT_MSG) type?: string;
  @Field({ nullable: true, description: 'Grade: an upper-case identifier of 1–40 (null clears it); an open vocabulary.' }) @IsOptional() @Matches(IDENT, IDENT_MSG) @Nullable() grade?: string;
  @Field(() => VehicleStatus, { nullable: true, description: 'Whether the vehicle is in service (not MAINTENANCE or RETIRED while allocated).' }) @IsOptional() status?: VehicleStatus;
  @Field(() => VehicleOwnership, { nullable: true, description: 'How the LSP holds the vehicle (null clears it).' }) @IsOptional() @Nullable() ownership?: VehicleOwnership;
}

@InputType({ description: 'Which device reports for the vehicle, and where.' })
export class VehicleIotInput {
  @Field({ description: 'Device identifier, as registered with the IoT provider (1–100 characters, kept as given: not a platform ID).' }) @Length(1, 100) deviceId!: string;
  @Field({ description: 'Telemetry topic (MQTT-style path, e.g. fleet/KBX123/telemetry).' })
  @Matches(/^[A-Za-z0-9_.\-/+#]{1,200}$/, { message: 'must be a topic path of letters, digits and / . _ - + #' })
  topic!: string;
  @Field({ nullable: true, description: 'Protocol the device speaks: a lower-case name of 1–20 (e.g. mqtt, http1); an open vocabulary.' })
  @IsOptional()
  @Matches(/^[a-z][a-z0-9._-]{0,19}$/, { message: 'must be a protocol name such as mqtt' })
  @Nullable()
  protocol?: string;
  @Field({ nullable: true, description: 'Code of the IoT provider, if any (1–40 characters).' }) @IsOptional() @Length(1, 40) @Nullable() iotsp?: string;
}

@InputType({ description: 'The coverage area or route to allocate a vehicle to.' })
export class AllocationInput {
  @Field(() => CoverageKind, { description: 'Whether the vehicle is to serve an area or a route.' }) type!: CoverageKind;
  @Field(() => ID, { description: 'Identifier of the coverage area or route (of the same LSP).' }) id!: string;
}

@InputType({ description: 'How vehicles get into a parking facility.' })
export class ParkingAccessInput {
  @Field(() => ParkingAccessType, { description: 'How entry is controlled.' }) type!: ParkingAccessType;
  @Field(() => [String], { nullable: true, description: 'Restrictions in free text (at most 20, each 1–200 characters).' })
  @IsOptional()
  @ArrayMaxSize(20)
  @Length(1, 200, { each: true })
  restrictions?: string[];
}

@InputType({ description: 'A parking facility to create.' })
export class ParkingFacilityInput {
  @Field({ description: 'Name of the facility (1–120 characters).' }) @Length(1, 120) name!: string;
  @Field({ description: 'Type: an upper-case identifier of 1–40 the LSP chooses (e.g. TERMINAL, DEPOT, YARD); an open vocabulary.' }) @Matches(IDENT, IDENT_MSG) type!: string;
  @Field(() => ParkingStatus, { nullable: true, description: 'OPERATIONAL (the default) or CLOSED.' })
  @IsOptional()
  @IsIn(['OPERATIONAL', 'CLOSED'], { message: 'must be OPERATIONAL or CLOSED' })
  status?: ParkingStatus;
  @Field(() => AddressInput, { description: 'Where the facility is.' }) @ValidateNested() address!: AddressInput;
  @Field(() => ParkingAccessInput, { description: 'How vehicles get in.' }) @ValidateNested() access!: ParkingAccessInput;
  @Field({ nullable: true, description: 'Security level: an upper-case identifier of 1–40 (default STANDARD); an open vocabulary.' }) @IsOptional() @Matches(IDENT, IDENT_MSG) securityLevel?: string;
  @Field(() => GraphQLJSONObject, { nullable: true, description: 'Amenities, a free object (at most 10 KB of JSON).' }) amenities?: Record<string, unknown>;
}
