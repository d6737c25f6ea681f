import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { OptionalProps } from '@mikro-orm/core';
import { Directive, Field, Int, ObjectType } from 'type-graphql';
import { VehicleReference, vehicleRef } from '../../../kernel/references.js';
import { ProviderOwnedEntity } from '../../../kernel/tenancy.js';
import { IotRecord, type IotRecordOptional } from '../common/records.js';
import { IotRule } from '../rules/entities.js';
import { IotTopic } from '../topics/entities.js';

/**
 * A device of an IoTSP (docs/iot.md "Devices"): it speaks one rule, may publish on one topic (else on any ACTIVE topic
 * of its IoTSP), may ride in an LSP vehicle of the workspace, and authenticates with a credential shown once
 * (username = its reference, password = the secret; only the secret's SHA-256 is kept).
 */
@ObjectType({ description: 'A device of an IoTSP: a tracker or gateway that sends report lines its rule parses.' })
@Directive('@key(fields: "id")')
@Entity({ tableName: 'device' })
@Unique({ properties: ['workspaceId', 'icode', 'externalId'] })
@Index({ properties: ['vehicleId'] })
export class IotDevice extends IotRecord {
  [OptionalProps]?: IotRecordOptional | 'topic' | 'vehicleId' | 'name' | 'reportsStored' | 'reportsFailed' | 'lastReportAt' | 'credentialIssuedAt' | 'vehicle';

  @Field({ description: 'The reference, `DVC-` and 10 Crockford base32 characters; also the MQTT username (REST: `:reference`, any case).' }) @Property({ unique: true }) reference!: string;
  @Field({ description: "The device's own identifier (IMEI, serial number…), 1–64 characters, unique in the IoTSP." }) @Property() externalId!: string;
  @Field(() => String, { nullable: true, description: 'A display name, at most 120 characters.' }) @Property({ nullable: true }) name?: string | null = null;
  /** The rule it speaks (GraphQL `rule`, `ruleReference`: devices/resolvers.ts, batched). */
  @ManyToOne(() => IotRule, { deleteRule: 'no action' }) @Index() rule!: IotRule;
  /** The topic it publishes on, or null (GraphQL `topic`, `topicReference`). */
  @ManyToOne(() => IotTopic, { nullable: true, deleteRule: 'no action' }) @Index() topic?: IotTopic | null = null;
  /** The LSP vehicle it rides in (an id of the workspace's fleets), or null. */
  @Property({ type: 'uuid', nullable: true }) vehicleId?: string | null = null;
  @Property({ hidden: true }) secretHash!: string;
  @Field({ description: 'When the current credential was issued (registration, or a rotation by PATCH).' }) @Property({ type: 'datetime' }) credentialIssuedAt!: Date;
  @Field(() => Int, { description: 'Reports stored as telemetry.' }) @Property() reportsStored: number = 0;
  @Field(() => Int, { description: 'Reports kept as failures (never dropped silently).' }) @Property() reportsFailed: number = 0;
  @Field(() => Date, { nullable: true, description: 'When its last report arrived; null before the first.' }) @Property({ type: 'datetime', nullable: true }) lastReportAt?: Date | null = null;

  @Field(() => VehicleReference, { nullable: true, description: 'The LSP vehicle it rides in (resolved by the LSP subgraph); null when none.' })
  get vehicle(): VehicleReference | null {
    return this.vehicleId ? vehicleRef(this.vehicleId) : null;
  }
}

/**
 * The IoT family's copy of the workspace's LSP vehicles, fed by `lsp.vehicle` events: what binding a device to a
 * vehicle checks, and the vehicle type a position carries to the utilities' nearby index.
 */
@Entity({ tableName: 'vehicle_copy' })
export class VehicleCopy extends ProviderOwnedEntity {
  [OptionalProps]?: 'workspaceId' | 'icode' | 'deleted';
  @PrimaryKey({ type: 'uuid' }) id!: string;
  @Property() type!: string;
  @Property() status!: string;
  @Property() deleted: boolean = false;
}

@ObjectType({ description: 'A device as registered, or with a new credential: the secret is shown this once.' })
export class DeviceCredential {
  @Field({ description: 'The MQTT username, and what names the device: its reference.' }) username!: string;
  @Field({ description: 'The secret (MQTT password), `lds_…`: shown once; only its SHA-256 is kept.' }) password!: string;
  @Field(() => Int, { description: "The embedded broker's MQTT port (`MQTT_PORT`); null when the platform uses an external broker.", nullable: true }) mqttPort?: number | null;
}

@ObjectType({ description: 'A device with its credential: the answer of registration and of a credential rotation.' })
export class DeviceWithCredential {
  @Field(() => IotDevice, { description: 'The device.' }) device!: IotDevice;
  @Field(() => DeviceCredential, { nullable: true, description: 'The credential, shown once: at registration and when `rotateCredential` was asked; null otherwise.' })
  credential?: DeviceCredential | null;
}
