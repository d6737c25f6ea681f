import { Entity, Index, ManyToOne, Property, Unique } from '@mikro-orm/decorators/legacy';
import { OptionalProps } from '@mikro-orm/core';
import { Directive, Field, Float, Int, ObjectType } from 'type-graphql';
import { GraphQLJSONObject } from 'graphql-scalars';
import { Address } from '../../../kernel/graphql-types.js';
import { Facility } from '../common/facility.js';
import { LspRecord, type LspRecordOptional } from '../common/records.js';

/** A fleet: a facility that groups vehicles. */
@ObjectType({ description: 'A fleet of an LSP (the facility create body).' })
@Directive('@key(fields: "id")')
@Entity({ tableName: 'fleet' })
@Unique({ properties: ['workspaceId', 'icode', 'code'] })
export class Fleet extends Facility {
  [OptionalProps]?: LspRecordOptional | 'description' | 'address';
}

@ObjectType({ description: 'A weight or capacity with its unit.' })
export class Quantity {
  @Field(() => Float, { description: 'Value.' }) value!: number;
  @Field({ description: 'Unit (kg, t, lb).' }) unit!: string;
}

@ObjectType({ description: 'Technical data of a vehicle.' })
export class VehicleSpecs {
  @Field(() => String, { nullable: true, description: 'Category (e.g. PASSENGER, CARGO).' }) category?: string | null;
  @Field(() => String, { nullable: true, description: 'Vehicle identification number (ISO 3779: 17 characters, no I, O or Q).' }) VIN?: string | null;
  @Field(() => String, { nullable: true, description: 'Brand.' }) brand?: string | null;
  @Field(() => String, { nullable: true, description: 'Model.' }) model?: string | null;
  @Field(() => String, { nullable: true, description: 'Colour.' }) color?: string | null;
  @Field(() => String, { nullable: true, description: 'Engine (e.g. DIESEL, PETROL, ELECTRIC, HYBRID).' }) engine?: string | null;
  @Field(() => String, { nullable: true, description: 'Gearbox mode (MANUAL, AUTOMATIC).' }) mode?: string | null;
  @Field(() => String, { nullable: true, description: 'Condition (e.g. EXCELLENT, GOOD, FAIR, POOR).' }) condition?: string | null;
  @Field(() => Int, { nullable: true, description: 'Seats.' }) seats?: number | null;
  @Field(() => Int, { nullable: true, description: 'Year of manufacture.' }) manufactured?: number | null;
  @Field(() => String, { nullable: true, description: 'Registration (licence plate) number.' }) registrationNumber?: string | null;
  @Field(() => Quantity, { nullable: true, description: 'Maximum load.' }) maxWeightCapacity?: Quantity | null;
}

@ObjectType({ description: 'Which device reports for a vehicle, and where.' })
export class VehicleIot {
  @Field({ description: 'Device identifier (as registered with the IoT provider).' }) deviceId!: string;
  @Field({ description: 'Topic the device publishes its telemetry on.' }) topic!: string;
  @Field(() => String, { nullable: true, description: 'Protocol (e.g. mqtt, http1).' }) protocol?: string | null;
  @Field(() => String, { nullable: true, description: 'Code of the IoT provider, if any.' }) iotsp?: string | null;
}

@ObjectType({ description: 'The service a vehicle is allocated to.' })
export class VehicleAllocation {
  @Field({ description: 'AREA or ROUTE (a coverage record of the same LSP).' }) type!: string;
  @Field({ description: 'Coverage record identifier.' }) id!: string;
  @Field(() => Float, { description: 'Epoch milliseconds of the allocation.' }) at!: number;
  @Field({ description: 'User who allocated.' }) by!: string;
}

/** A vehicle of a fleet. */
@ObjectType({ description: 'A vehicle of a fleet.' })
@Directive('@key(fields: "id")')
@Entity({ tableName: 'vehicle' })
export class Vehicle extends LspRecord {
  [OptionalProps]?: LspRecordOptional | 'grade' | 'iot' | 'allocation' | 'ownership';

  @ManyToOne(() => Fleet, { deleteRule: 'cascade' })
  @Index()
  fleet!: Fleet;

  @Field({ description: 'Fleet identifier.' })
  get fleetId(): string {
    return this.fleet.id;
  }

  @Field({ description: 'Vehicle type (e.g. MINIBUS, VAN, TRUCK, MOTORBIKE).' }) @Property() type!: string;
  @Field(() => String, { nullable: true, description: 'Grade (e.g. ECONOMY, STANDARD, PREMIUM).' }) @Property({ type: 'string', nullable: true }) grade?: string | null;
  @Field({ description: 'Status: INACTIVE, ACTIVE, MAINTENANCE or RETIRED.' }) @Property() status!: string;
  @Field(() => VehicleSpecs, { description: 'Technical data.' }) @Property({ type: 'json' }) specs!: VehicleSpecs;
  @Field(() => String, { nullable: true, description: 'Ownership (e.g. OWNED, LEASED, RENTED).' }) @Property({ type: 'string', nullable: true }) ownership?: string | null;
  @Field(() => VehicleIot, { nullable: true, description: 'Telemetry device and topic.' }) @Property({ type: 'json', nullable: true }) iot?: VehicleIot | null;
  @Field(() => VehicleAllocation, { nullable: true, description: 'Service the vehicle is allocated to, if any.' }) @Property({ type: 'json', nullable: true }) allocation?: VehicleAllocation | null;
}

@ObjectType({ description: 'How a parking facility is entered.' })
export class ParkingAccess {
  @Field({ description: 'Access type (e.g. SCHEDULED, OPEN, CONTROLLED).' }) type!: string;
  @Field(() => [String], { description: 'Restrictions (free text).' }) restrictions!: string[];
}

/** A parking facility of the LSP's fleets (paths use the singular `fleet`). */
@ObjectType({ description: 'A parking facility for the LSP\'s vehicles.' })
@Entity({ tableName: 'parking_facility' })
export class ParkingFacility extends LspRecord {
  [OptionalProps]?: LspRecordOptional | 'decommissionedAt' | 'amenities';

  @Field({ description: 'Name.' }) @Property() name!: string;
  @Field({ description: 'Type (e.g. TERMINAL, DEPOT, YARD).' }) @Property() type!: string;
  @Field({ description: 'Status: OPERATIONAL, CLOSED or DECOMMISSIONED.' }) @Property() status!: string;
  @Field(() => Address, { description: 'Address; coordinates are [lat, lng].' }) @Property({ type: 'json' }) address!: Address;
  @Field(() => ParkingAccess, { description: 'Access rules.' }) @Property({ type: 'json' }) access!: ParkingAccess;
  @Field({ description: 'Security level (e.g. STANDARD, HIGH).' }) @Property() securityLevel!: string;
  @Field(() => GraphQLJSONObject, { description: 'Amenities (free object, e.g. {"charging": "true"}).' }) @Property({ type: 'json' }) amenities: Record<string, unknown> = {};
  @Field(() => Date, { nullable: true, description: 'When it was decommissioned.' }) @Property({ type: 'datetime', nullable: true }) decommissionedAt?: Date | null;
}
