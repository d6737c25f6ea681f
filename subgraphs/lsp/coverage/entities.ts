import { Entity, Index, Property, Unique } from '@mikro-orm/decorators/legacy';
import { OptionalProps } from '@mikro-orm/core';
import { Field, Float, ID, InterfaceType, Int, ObjectType } from 'type-graphql';
import { Address, RecordStamp, WorkspaceRef } from '../../../kernel/graphql-types.js';
import { LspRecord, type LspRecordOptional } from '../common/records.js';

/**
 * Coverage of an LSP (docs/lsp-coverage.md): where it serves (areas) and which legs it runs (routes).
 * Both kinds live in one table (`lsp.coverage`, `type` = AREA | ROUTE) so that `GET /v1/lsp/coverage` pages over
 * both in one query; GraphQL shows them as two object types behind the `Coverage` interface.
 * Value types carry a `Coverage` prefix so that no other subgraph's type of the same name collides in the supergraph.
 */

@ObjectType('CoverageHours', { description: 'A number of hours.' })
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
  @Field({ description: 'Time of day, HH:MM (24 h).' }) value!: string;
  @Field({ description: 'IANA time zone the time is in.' }) timezone!: string;
}

@ObjectType('CoverageSchedule', { description: 'When a coverage record runs.' })
export class CoverageSchedule {
  @Field({ description: 'Frequency: HOURLY, DAILY, WEEKLY, BIWEEKLY, MONTHLY or ON_DEMAND.' }) frequency!: string;
  @Field(() => [CoverageDepartureTime], { description: 'Departure times (sorted).' }) departureTimes!: CoverageDepartureTime[];
  @Field(() => [String], { description: 'Days it runs, MONDAY … SUNDAY (in week order).' }) operatingDays!: string[];
}

@ObjectType('CoverageAreaCapacity', { description: 'What an area can take.' })
export class CoverageAreaCapacity {
  @Field(() => Int, { nullable: true, description: 'Packages per day.' }) packages?: number | null;
}

@ObjectType('CoverageRouteCapacity', { description: 'What one departure of a route can carry.' })
export class CoverageRouteCapacity {
  @Field(() => Int, { nullable: true, description: 'Seats (passengers) per departure.' }) sits?: number | null;
  @Field(() => Int, { nullable: true, description: 'Packages per departure.' }) packages?: number | null;
}

@ObjectType('CoverageLength', { description: 'A length (radius or distance) with its unit.' })
export class CoverageLength {
  @Field(() => Float, { description: 'Value (> 0).' }) value!: number;
  @Field({ description: 'Unit: km or mi.' }) unit!: string;
}

/**
 * A point of the network a coverage record refers to: a linkedTo entry, a route's origin or destination, a transit
 * point. Either a node of the same LSP by id (`{type, id, description}`, type HUB, WAREHOUSE, PARKING or TERMINAL),
 * or a place by address (`{type, address}`, any upper-case type such as ANY or BARRIER).
 */
@ObjectType('CoveragePoint', { description: 'A network node of the LSP by id ({type, id, description}) or a place by address ({type, address}).' })
export class CoveragePoint {
  @Field({ description: 'Point type: HUB, WAREHOUSE, PARKING or TERMINAL for a node; any upper-case type (ANY, BARRIER, …) for an address.' }) type!: string;
  @Field(() => String, { nullable: true, description: 'Identifier of the node (node points only).' }) id?: string | null;
  @Field(() => String, { nullable: true, description: 'Description (for a node, its name unless one was given).' }) description?: string | null;
  @Field(() => Address, { nullable: true, description: 'Address; coordinates are [lat, lng] (address points only).' }) address?: Address | null;
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
  @Field(() => ID, { description: 'Record identifier.' }) override id!: string;
  @Field(() => WorkspaceRef, { description: 'Owner: provider kind and code.' }) override get workspace(): WorkspaceRef {
    return { type: 'LSP', icode: this.icode };
  }
  @Field(() => RecordStamp, { description: 'When and by whom the record was added.' }) override added!: RecordStamp;
  @Field(() => RecordStamp, { description: 'When and by whom the record was last changed.' }) override updated!: RecordStamp;

  @Field({ description: 'Kind: AREA or ROUTE.' }) @Property() type!: 'AREA' | 'ROUTE';
  @Field({ description: 'The LSP\'s own code (unique among its areas and routes).' }) @Property() code!: string;
  @Field({ description: 'Name.' }) @Property() name!: string;
  @Field({ description: 'INACTIVE (on creation and after every link, unlink or transit-point change) or ACTIVE.' }) @Property() status!: string;
  @Field({ description: 'Reach: LOCAL, REGIONAL, NATIONAL or INTERNATIONAL.' }) @Property() reach!: string;
  @Field({ description: 'Service level: ECONOMY, STANDARD, EXPRESS, PRIORITY, SAME_DAY or NEXT_DAY.' }) @Property() serviceLevel!: string;
  @Field({ description: 'Transit type (the `:type` of the create and update paths), e.g. LAST_MILE, HUB_TO_TERMINAL.' }) @Property() transitType!: string;
  @Field({ description: 'Transit mode: GROUND, AIR, SEA or RAIL.' }) @Property() transitMode!: string;
  @Field(() => CoverageTransitTime, { description: 'Transit time range (hours).' }) @Property({ type: 'json' }) transitTime!: CoverageTransitTime;
  @Field(() => [CoverageSchedule], { description: 'When it runs.' }) @Property({ type: 'json' }) schedules!: CoverageSchedule[];
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
export class CoverageArea extends Coverage {
  @Field(() => CoverageAreaCapacity, { nullable: true, description: 'Capacity.' }) override capacity?: CoverageAreaCapacity | null;
  @Field(() => CoverageLength, { nullable: true, description: 'How far around its linked nodes (or city centres) the area reaches.' }) override radius?: CoverageLength | null;
  @Field(() => String, { nullable: true, description: 'Country, ISO 3166-1 alpha-2.' }) override country?: string | null;
  @Field(() => String, { nullable: true, description: 'Region, state or province.' }) override region?: string | null;
  @Field(() => [String], { description: 'Cities served.' }) override cities?: string[] | null;
  @Field(() => [CoveragePoint], { description: 'Nodes and places the area is linked to, in the order they were linked.' }) override linkedTo?: CoveragePoint[] | null;
}

/** GraphQL view of a ROUTE record. */
@ObjectType('CoverageRoute', { implements: Coverage, description: 'A coverage route: a leg the LSP runs (stored-record shape of the spec).' })
export class CoverageRoute extends Coverage {
  @Field(() => CoverageRouteCapacity, { nullable: true, description: 'Capacity of one departure.' }) override capacity?: CoverageRouteCapacity | null;
  @Field(() => CoveragePoint, { nullable: true, description: 'Where the route starts.' }) override origin?: CoveragePoint | null;
  @Field(() => CoveragePoint, { nullable: true, description: 'Where the route ends.' }) override destination?: CoveragePoint | null;
  @Field(() => CoverageLength, { nullable: true, description: 'Length of the route.' }) override distance?: CoverageLength | null;
  @Field(() => [CoveragePoint], { description: 'Points the route passes through, in order.' }) override transitPoints?: CoveragePoint[] | null;
}
