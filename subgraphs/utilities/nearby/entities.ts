import { Entity, Enum, Index, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { OptionalProps } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { TenantEntity } from '../../../kernel/tenancy.js';
import { LiveVehicleStatus } from '../common/enums.js';
import { nowDate } from '../../../kernel/clock.js';

/**
 * The live position of one vehicle of a workspace: the last report its fleet (an LSP's tracking, an IoT telemetry
 * pipeline, or any caller holding a `utilities` API key of the workspace) sent through `reportVehiclePosition`.
 *
 * `earth` is `ll_to_earth(lat, lng)` (the earthdistance extension's point on the Earth as a 3-D cube), stored rather
 * than computed in an expression index, so no maintenance job ever has to resolve the extension's functions. Two
 * GiST indexes, both led by the workspace (btree_gist): `earth` answers radius (earth_box + earth_distance) and
 * k-nearest (`<->` ordering) searches; `point(lng, lat)` answers bounding-box searches. Reads and writes go through
 * store.ts (SQL with the spatial operators), always with the caller's workspace.
 */
@Entity({ tableName: 'live_vehicle_position' })
@Unique({ name: 'live_vehicle_position_workspace_vehicle_unique', properties: ['workspaceId', 'vehicleId'] })
@Index({
  name: 'live_vehicle_position_earth_gist',
  expression: 'create index "live_vehicle_position_earth_gist" on "utilities"."live_vehicle_position" using gist ("workspace_id", "earth")',
})
@Index({
  name: 'live_vehicle_position_point_gist',
  expression: 'create index "live_vehicle_position_point_gist" on "utilities"."live_vehicle_position" using gist ("workspace_id", point("lng", "lat"))',
})
export class LiveVehiclePositionRecord extends TenantEntity {
  [OptionalProps]?: 'id' | 'workspaceId' | 'createdAt' | 'heading' | 'speed';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  /** The fleet's own identifier of the vehicle (unique per workspace). */
  @Property({ length: 64 })
  vehicleId!: string;

  @Property({ length: 40 })
  type!: string;

  @Enum({ items: () => LiveVehicleStatus })
  status!: LiveVehicleStatus;

  @Property({ type: 'double' })
  lat!: number;

  @Property({ type: 'double' })
  lng!: number;

  /** ll_to_earth(lat, lng), written by store.ts. */
  @Property({ columnType: 'cube', type: 'string', lazy: true, hidden: true })
  earth!: string;

  @Property({ type: 'double', nullable: true })
  heading?: number | null;

  @Property({ type: 'double', nullable: true })
  speed?: number | null;

  /** API key (or other credential) that sent the last report. */
  @Property({ type: 'uuid', nullable: true })
  reportedBy?: string | null;

  /** When the position was measured. */
  @Property({ type: 'datetime' })
  updatedAt!: Date;

  @Property({ type: 'datetime' })
  createdAt: Date = nowDate();
}
