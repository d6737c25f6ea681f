import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { TenantEntity } from '../../../kernel/tenancy.js';

/**
 * The tables of the queries family, declared for the ORM's metadata (the migration creates them; docs/queries.md).
 * Every read and write is SQL in registry/store.ts and the areas' stores, with the caller's workspace in its WHERE
 * clause (the nearby store's rule: the ORM filter cannot see raw SQL).
 */

/** One service of the registry: an LSP warehouse, hub, fleet (CARRIER) or terminal, or an IoTSP provider. */
@Entity({ tableName: 'service_entry' })
@Index({ name: 'service_entry_earth_gist', expression: 'create index "service_entry_earth_gist" on "queries"."service_entry" using gist ("workspace_id", "service_type", "earth")' })
export class ServiceEntryRecord extends TenantEntity {
  /** The source record's id (a warehouse's, a fleet's, a provider's …): the `<serviceId>` of the composite id. */
  @PrimaryKey({ type: 'uuid' }) serviceId!: string;
  /** The provider's code: the `<lsp>` of the composite id. */
  @Property() lsp!: string;
  @Property({ type: 'text' }) compositeId!: string;
  @Property({ length: 20 }) serviceType!: string;
  /** FLEET, WAREHOUSE, HUB, PARKING or PROVIDER: the kind of the source record. */
  @Property({ length: 20 }) source!: string;
  @Property({ type: 'text' }) name!: string;
  @Property({ type: 'text', nullable: true }) description?: string | null;
  @Property({ type: 'double', nullable: true }) lat?: number | null;
  @Property({ type: 'double', nullable: true }) lng?: number | null;
  @Property({ columnType: 'cube', type: 'string', nullable: true, lazy: true, hidden: true }) earth?: string | null;
  @Property({ type: 'json', nullable: true }) address?: Record<string, unknown> | null;
  @Property({ type: 'text' }) timezone!: string;
  @Property({ type: 'json' }) capabilities!: Record<string, unknown>;
  @Property({ type: 'json' }) capacities!: unknown[];
  @Property({ type: 'json' }) computedCapacities!: unknown[];
  @Property({ type: 'datetime', nullable: true }) capacitiesUpdatedAt?: Date | null;
  @Property({ type: 'json' }) pricing!: unknown[];
  @Property({ type: 'json' }) tags!: string[];
  @Property({ length: 20 }) status!: string;
  @Property({ type: 'datetime' }) createdAt!: Date;
  @Property({ type: 'datetime' }) updatedAt!: Date;
  @Property({ type: 'datetime' }) lastSynced!: Date;
  @Property({ type: 'bigint' }) eventId!: number;
}

/** The performance a caller synced for a service (`POST /performance/sync`): the family's own data. */
@Entity({ tableName: 'service_performance' })
export class ServicePerformanceRecord extends TenantEntity {
  @PrimaryKey({ type: 'uuid' }) serviceId!: string;
  @Property() lsp!: string;
  @Property({ type: 'double' }) onTimeDeliveryRate!: number;
  @Property({ type: 'double' }) orderAccuracy!: number;
  @Property({ type: 'double' }) averageProcessingTime!: number;
  @Property({ type: 'double' }) damageRate!: number;
  @Property({ type: 'double', nullable: true }) customerSatisfaction?: number | null;
  @Property({ type: 'double' }) overallScore!: number;
  @Property({ type: 'datetime' }) lastUpdated!: Date;
}

/** An LSP coverage area or route as the registry copies it (`lsp.coverage`): where the LSP's services reach. */
@Entity({ tableName: 'coverage_copy' })
export class CoverageCopy extends TenantEntity {
  @PrimaryKey({ type: 'uuid' }) id!: string;
  @Property() lsp!: string;
  @Property({ length: 20 }) status!: string;
  @Property({ type: 'json' }) geographic!: { type: string; value: string }[];
  @Property({ type: 'json' }) serviceTypes!: string[];
  @Property({ type: 'bigint' }) eventId!: number;
}

/** A vehicle of an LSP fleet as the registry copies it (`lsp.vehicle`): a carrier's VEHICLES capacity. */
@Entity({ tableName: 'fleet_vehicle_copy' })
export class FleetVehicleCopy extends TenantEntity {
  @PrimaryKey({ type: 'uuid' }) id!: string;
  @Property({ type: 'uuid' }) fleetId!: string;
  @Property({ length: 20 }) status!: string;
  @Property() allocated!: boolean;
  /** When the vehicle last changed (its event's time); a deleted vehicle stays as a DELETED tombstone, so a fleet's capacity has a stable lastUpdated. */
  @Property({ type: 'datetime' }) changedAt!: Date;
  @Property({ type: 'bigint' }) eventId!: number;
}
