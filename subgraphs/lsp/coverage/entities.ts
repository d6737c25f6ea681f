import { Entity, Index, Property, Unique } from '@mikro-orm/decorators/legacy';
import { OptionalProps } from '@mikro-orm/core';
import { Directive, Field, Float, ID, InterfaceType, Int, ObjectType } from 'type-graphql';
import { Address, RecordStamp } from '../../../kernel/graphql-types.js';
import { ProviderReference, providerRef } from '../../../kernel/references.js';
import { DayOfWeek } from '../common/enums.js';
import { LspRecord, type LspRecordOptional } from '../common/records.js';
import {
  CoverageKind, CoverageLengthUnit, CoverageReach, CoverageServiceLevel, CoverageStatus, CoverageTransitMode, CoverageTransitType, ScheduleFrequency,
} from './enums.js';

/**
 * Coverage of an LSP (docs/lsp-coverage.md): where it serves (areas) and which legs it runs (routes).
 * Both kinds live in one table (`lsp.coverage`, `type` = AREA | ROUTE) so that `GET /v1/lsp/coverage` pages over
 * both in one query; GraphQL shows them as two object types behind the `Coverage` interface.
 * Value types carry a `Coverage` prefix so that no other subgraph's type of the same name collides in the supergraph.
 */

@ObjectType('CoverageHours', { description: 'A duration in hours.' })
export class CoverageHours {
  @Field(() => Float, { description: 'Hours (0 or more; fractions allowed).' }) hour!: number;
}

@ObjectType('CoverageTransitTime', { description: 'Duration range of a transit: the least and the most hours it takes.' })
export class CoverageTransitTime {
  @Field(() => CoverageHours, { description: 'Shortest transit.' }) min!: CoverageHours;
  @Field(() => CoverageHours, { description: 'Longest transit.' }) max!: CoverageHours;
}

@ObjectType('CoverageDepartureTime', { description: 'A departure time of day in a time zone.' })
export class CoverageDepartureTime {
  @Field({ description: 'Time of day of the departure, HH:MM (24 h).' }) value!: string;
  @Field({ description: 'IANA time zone the time of day is in.' }) timezone!: string;
}

@ObjectType('CoverageSchedule', { description: 'When a coverage record runs.' })
export class CoverageSchedule {
  @Field(() => ScheduleFrequency, { description: 'How often it runs.' }) frequency!: ScheduleFrequency;
  @Field(() => [CoverageDepartureTime], { description: 'Departure times, sorted by time of day (at most 96).' }) departureTimes!: CoverageDepartureTime[];
  @Field(() => [DayOfWeek], { description: 'Days it runs, in week order.' }) operatingDays!: DayOfWeek[];
}

@ObjectType('CoverageAreaCapacity', { description: 'What an area can take.' })
export class CoverageAreaCapacity {
  @Field(() => Int, { nullable: true, description: 'Packages the area takes per day.' }) packages?: number | null;
}

@ObjectType('CoverageRouteCapacity', { description: 'What one departure of a route can carry.' })
export class CoverageRouteCapacity {
  @Field(() => Int, { nullable: true, description: 'Seats (passengers) per departure (the spec\'s `sits`).' }) sits?: number | null;
  @Field(() => Int, { nullable: true, description: 'Packages per departure.' }) packages?: number | null;
}

@ObjectType('CoverageLength', { description: 'A length (radius or distance) with its unit.' })
export class CoverageLength {
  @Field(() => Float, { description: 'The length in its unit (greater than 0, at most 40,000).' }) value!: number;
  @Field(() => CoverageLengthUnit, { description: 'Unit of the length.' }) unit!: CoverageLengthUnit;
}

/**
 * A point of the network a coverage record refers to: a linkedTo entry, a route's origin or destination, a transit
 * point. Either a node of the same LSP by id (`{type, id, description}`, type HUB, WAREHOUSE, PARKING or TERMINAL),
 * or a place by address (`{type, address}`, any upper-case type such as ANY or BARRIER).
 */
@ObjectType('CoveragePoint', { description: 'A network node of the LSP by id ({type, id, description}) or a place by address ({type, address}).' })
export class CoveragePoint {
  @Field({ description: 'Point type: HUB, WAREHOUSE, PARKING or TERMINAL for a node; for a place, an upper-case identifier the LSP chooses (open vocabulary: ANY, BARRIER, CHECKPOINT, …).' }) type!: string;
  @Field(() => ID, { nullable: true, description: 'Identifier of the node (node points only).' }) id?: string | null;
  @Field(() => String, { nullable: true, description: 'Description of the point (for a node, its name unless one was given).' }) description?: string | null;
  @Field(() => Address, { nullable: true, description: 'Where the place is (address points only).' }) address?: Address | null;
}

/** Stored capacity: the union of both kinds' fields. */
export interface CoverageCapacityData {
  sits?: number | null;
  packages?: number | null;
}

/** The stored record, both kinds (columns of the other kind are null). */
@InterfaceType('Coverage', {
  description: 'A coverage record of an LSP: an area (type AREA) or a route (type ROUTE).',
  resolveType: (value: { type?: string }) => (value.type === 'ROUTE' ? 'CoverageRoute' : 'CoverageArea'),
})
@Entity({ tableName: 'coverage' })
@Unique({ properties: ['workspaceId', 'icode', 'code'] })
@Index({ properties: ['workspaceId', 'icode', 'type', 'code'] })
export class Coverage extends LspRecord {
  [OptionalProps]?: LspRecordOptional | 'radius' | 'country' | 'region' | 'cities' | 'linkedTo' | 'origin' | 'destination' | 'distance' | 'transitPoints';

  // LspRecord's fields, declared again: type-graphql does not copy an object type's fields into an interface
  @Field(() => ID, { description: 'Record identifier (a UUID).' }) override id!: string;
  @Field(() => ProviderReference, { nullable: true, description: 'The LSP that owns the record (its workspace, kind LSP and code: the key, so no lookup).' }) override get provider(): ProviderReference {
    return providerRef(this.workspaceId, 'LSP', this.icode);
  }
  @Field(() => RecordStamp, { description: 'When and by whom the record was added.' }) override added!: RecordStamp;
  @Field(() => RecordStamp, { description: 'When and by whom the record was last changed.' }) override updated!: RecordStamp;

  @Field(() => CoverageKind, { description: 'Kind of record: an area or a route.' }) @Property() type!: CoverageKind;
  @Field({ description: 'The LSP\'s own code for the record (unique among its areas and routes).' }) @Property() code!: string;
  @Field({ description: 'Name of the record.' }) @Property() name!: string;
  @Field(() => CoverageStatus, { description: 'Whether the record is in service.' }) @Property() status!: CoverageStatus;
  @Field(() => CoverageReach, { description: 'How far the record reaches.' }) @Property() reach!: CoverageReach;
  @Field(() => CoverageServiceLevel, { description: 'The service level the record offers.' }) @Property() serviceLevel!: CoverageServiceLevel;
  @Field(() => CoverageTransitType, { description: 'Which leg of a shipment the record serves (REST: the `:type` of the create and update paths).' }) @Property() transitType!: CoverageTransitType;
  @Field(() => CoverageTransitMode, { description: 'How goods travel on it.' }) @Property() transitMode!: CoverageTransitMode;
  @Field(() => CoverageTransitTime, { description: 'How long a transit takes, in hours.' }) @Property({ type: 'json' }) transitTime!: CoverageTransitTime;
  @Field(() => [CoverageSchedule], { description: 'When it runs (at most 20 schedules).' }) @Property({ type: 'json' }) schedules!: CoverageSchedule[];
  @Field({ description: 'Whether the transit time is guaranteed.' }) @Property() isGuaranteed!: boolean;

  @Property({ type: 'json', nullable: true }) capacity?: CoverageCapacityData | null;
  // area columns
  @Property({ type: 'json', nullable: true }) radius?: CoverageLength | null;
  @Property({ type: 'string', nullable: true }) country?: string | null;
  @Property({ type: 'string', nullable: true }) region?: string | null;
  @Property({ type: 'json', nullable: true }) cities?: string[] | null;
  @Property({ type: 'json', nullable: true }) linkedTo?: CoveragePoint[] | null;
  // route columns
  @Property({ type: 'json', nullable: true }) origin?: CoveragePoint | null;
  @Property({ type: 'json', nullable: true }) destination?: CoveragePoint | null;
  @Property({ type: 'json', nullable: true }) distance?: CoverageLength | null;
  @Property({ type: 'json', nullable: true }) transitPoints?: CoveragePoint[] | null;
}

/** GraphQL view of an AREA record (the same entity; no table of its own). */
@ObjectType('CoverageArea', { implements: Coverage, description: 'A coverage area: where the LSP serves (stored-record shape of the spec).' })
@Directive('@key(fields: "id")')
export class CoverageArea extends Coverage {
  @Field(() => CoverageAreaCapacity, { nullable: true, description: 'What the area can take.' }) override capacity?: CoverageAreaCapacity | null;
  @Field(() => CoverageLength, { nullable: true, description: 'How far around its linked nodes (or city centres) the area reaches.' }) override radius?: CoverageLength | null;
  @Field(() => String, { nullable: true, description: 'Country, ISO 3166-1 alpha-2.' }) override country?: string | null;
  @Field(() => String, { nullable: true, description: 'Region, state or province.' }) override region?: string | null;
  @Field(() => [String], { description: 'Cities served (at most 50).' }) override cities?: string[] | null;
  @Field(() => [CoveragePoint], { description: 'Nodes and places the area is linked to, in the order they were linked (at most 100).' }) override linkedTo?: CoveragePoint[] | null;
}

/** GraphQL view of a ROUTE record. */
@ObjectType('CoverageRoute', { implements: Coverage, description: 'A coverage route: a leg the LSP runs (stored-record shape of the spec).' })
@Directive('@key(fields: "id")')
export class CoverageRoute extends Coverage {
  @Field(() => CoverageRouteCapacity, { nullable: true, description: 'Capacity of one departure.' }) override capacity?: CoverageRouteCapacity | null;
  @Field(() => CoveragePoint, { nullable: true, description: 'Where the route starts.' }) override origin?: CoveragePoint | null;
  @Field(() => CoveragePoint, { nullable: true, description: 'Where the route ends.' }) override destination?: CoveragePoint | null;
  @Field(() => CoverageLength, { nullable: true, description: 'Length of the route.' }) override distance?: CoverageLength | null;
  @Field(() => [CoveragePoint], { description: 'Points the route passes through, in order (at most 50).' }) override transitPoints?: CoveragePoint[] | null;
}
