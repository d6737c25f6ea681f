import { Entity, Index, ManyToOne, Property, Unique } from '@mikro-orm/decorators/legacy';
import { OptionalProps } from '@mikro-orm/core';
import { Directive, Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { GraphQLJSONObject } from 'graphql-scalars';
import { Address } from '../../../kernel/graphql-types.js';
import { Facility, type FacilityOptional } from '../common/facility.js';
import { LspRecord, type LspRecordOptional } from '../common/records.js';
import { CoverageKind } from '../coverage/enums.js';
import { ENTITY_DOCS } from '../../../kernel/references.js';
import { ParkingAccessType, ParkingStatus, VehicleCondition, VehicleEngine, VehicleGearbox, VehicleOwnership, VehicleStatus, WeightCapacityUnit } from './enums.js';

/** A fleet: a facility that groups vehicles. */
@ObjectType({ description: 'A fleet of an LSP: a facility that groups vehicles (the facility create body).' })
@Directive('@key(fields: "id")')
@Entity({ tableName: 'fleet' })
@Unique({ properties: ['workspaceId', 'icode', 'code'] })
export class Fleet extends Facility {
  [OptionalProps]?: LspRecordOptional | FacilityOptional;
}

@ObjectType({ description: 'A weight a vehicle can carry, with its unit.' })
export class Quantity {
  @Field(() => Float, { description: 'The weight in its unit (0.001 to 1,000,000).' }) value!: number;
  @Field(() => WeightCapacityUnit, { description: 'Unit of the weight.' }) unit!: WeightCapacityUnit;
}

@ObjectType({ description: 'Technical data of a vehicle.' })
export class VehicleSpecs {
  @Field(() => String, { nullable: true, description: 'Category, an upper-case identifier the LSP chooses (open vocabulary, e.g. PASSENGER, CARGO).' }) category?: string | null;
  @Field(() => String, { nullable: true, description: 'Vehicle identification number (ISO 3779: 17 characters, no I, O or Q).' }) VIN?: string | null;
  @Field(() => String, { nullable: true, description: 'Brand of the vehicle.' }) brand?: string | null;
  @Field(() => String, { nullable: true, description: 'Model of the vehicle.' }) model?: string | null;
  @Field(() => String, { nullable: true, description: 'Colour of the vehicle.' }) color?: string | null;
  @Field(() => VehicleEngine, { nullable: true, description: 'What powers the vehicle.' }) engine?: VehicleEngine | null;
  @Field(() => VehicleGearbox, { nullable: true, description: 'How the vehicle changes gears.' }) mode?: VehicleGearbox | null;
  @Field(() => VehicleCondition, { nullable: true, description: 'The state the vehicle is in.' }) condition?: VehicleCondition | null;
  @Field(() => Int, { nullable: true, description: 'Number of seats (1–100).' }) seats?: number | null;
  @Field(() => Int, { nullable: true, description: 'Year of manufacture.' }) manufactured?: number | null;
  @Field(() => String, { nullable: true, description: 'Registration (licence plate) number.' }) registrationNumber?: string | null;
  @Field(() => Quantity, { nullable: true, description: 'The heaviest load the vehicle carries.' }) maxWeightCapacity?: Quantity | null;
}

@ObjectType({ description: 'Which device reports for a vehicle, and where.' })
export class VehicleIot {
  @Field({ description: 'Device identifier, as registered with the IoT provider (its own form, kept as given: not a platform ID).' }) deviceId!: string;
  @Field({ description: 'Topic the device publishes its telemetry on (MQTT-style path).' }) topic!: string;
  @Field(() => String, { nullable: true, description: 'Protocol the device speaks, a lower-case name (open vocabulary, e.g. mqtt, http1).' }) protocol?: string | null;
  @Field(() => String, { nullable: true, description: 'Code of the IoT provider, if any.' }) iotsp?: string | null;
}

@ObjectType({ description: 'The coverage area or route a vehicle is allocated to.' })
export class VehicleAllocation {
  @Field(() => CoverageKind, { description: 'Whether the vehicle serves an area or a route.' }) type!: CoverageKind;
  @Field(() => ID, { description: 'Identifier of the coverage area or route (of the same LSP).' }) id!: string;
  @Field(() => Date, { description: 'When the vehicle was allocated (REST writes it in epoch milliseconds).' }) at!: number;
  @Field(() => ID, { description: 'Identifier of the user who allocated the vehicle.' }) by!: string;
}

/** A vehicle of a fleet. */
@ObjectType({ description: ENTITY_DOCS.vehicle })
@Directive('@key(fields: "id")')
@Entity({ tableName: 'vehicle' })
export class Vehicle extends LspRecord {
  [OptionalProps]?: LspRecordOptional | 'grade' | 'iot' | 'allocation' | 'ownership';

  @ManyToOne(() => Fleet, { deleteRule: 'cascade' })
  @Index()
  fleet!: Fleet;

  @Field(() => ID, { description: "Identifier of the vehicle's fleet." })
  get fleetId(): string {
    return this.fleet.id;
  }

  @Field({ description: 'Vehicle type, an upper-case identifier the LSP chooses (open vocabulary, e.g. MINIBUS, VAN, TRUCK, MOTORBIKE).' }) @Property() type!: string;
  @Field(() => String, { nullable: true, description: 'Grade, an upper-case identifier the LSP chooses (open vocabulary, e.g. ECONOMY, STANDARD, PREMIUM).' })
  @Property({ type: 'string', nullable: true })
  grade?: string | null;
  @Field(() => VehicleStatus, { description: 'Whether the vehicle is in service.' }) @Property() status!: VehicleStatus;
  @Field(() => VehicleSpecs, { description: 'Technical data of the vehicle.' }) @Property({ type: 'json' }) specs!: VehicleSpecs;
  @Field(() => VehicleOwnership, { nullable: true, description: 'How the LSP holds the vehicle.' }) @Property({ type: 'string', nullable: true }) ownership?: VehicleOwnership | null;
  @Field(() => VehicleIot, { nullable: true, description: 'The device that reports for the vehicle, and its topic.' }) @Property({ type: 'json', nullable: true }) iot?: VehicleIot | null;
  @Field(() => VehicleAllocation, { nullable: true, description: 'The coverage area or route the vehicle serves, if any.' })
  @Property({ type: 'json', nullable: true })
  allocation?: VehicleAllocation | null;
}

@ObjectType({ description: 'How vehicles get into a parking facility.' })
export class ParkingAccess {
  @Field(() => ParkingAccessType, { description: 'How entry is controlled.' }) type!: ParkingAccessType;
  @Field(() => [String], { description: 'Restrictions, in free text (at most 20).' }) restrictions!: string[];
}

/** A parking facility of the LSP's fleets (paths use the singular `fleet`). */
@ObjectType({ description: "A parking facility for the LSP's vehicles." })
@Directive('@key(fields: "id")')
@Entity({ tableName: 'parking_facility' })
export class ParkingFacility extends LspRecord {
  [OptionalProps]?: LspRecordOptional | 'decommissionedAt' | 'amenities';

  @Field({ description: 'Name of the parking facility.' }) @Property() name!: string;
  @Field({ description: 'Type, an upper-case identifier the LSP chooses (open vocabulary, e.g. TERMINAL, DEPOT, YARD).' }) @Property() type!: string;
  @Field(() => ParkingStatus, { description: 'Whether the facility takes vehicles.' }) @Property() status!: ParkingStatus;
  @Field(() => Address, { description: 'Where the facility is.' }) @Property({ type: 'json' }) address!: Address;
  @Field(() => ParkingAccess, { description: 'How vehicles get in.' }) @Property({ type: 'json' }) access!: ParkingAccess;
  @Field({ description: 'Security level, an upper-case identifier the LSP chooses (open vocabulary, e.g. STANDARD, HIGH).' }) @Property() securityLevel!: string;
  @Field(() => GraphQLJSONObject, { description: 'Amenities, a free object (e.g. {"charging": "true"}; at most 10 KB).' }) @Property({ type: 'json' }) amenities: Record<string, unknown> = {};
  @Field(() => Date, { nullable: true, description: 'When the facility was decommissioned.' }) @Property({ type: 'datetime', nullable: true }) decommissionedAt?: Date | null;
}
