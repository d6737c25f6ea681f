import { upsertCopy } from '../../../kernel/copies.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import { nowDate } from '../../../kernel/clock.js';
import { notFound } from '../../../kernel/errors.js';
import { catchUp, type PlatformEvent } from '../../../kernel/events.js';
import { isUuid } from '../../../kernel/ids.js';
import { randomSecret, sha256 } from '../../../kernel/tokens.js';
import { created, findByReference, iotDescription, iotTags, listOf, newReference, removed, saved, statusMove } from '../common/records-service.js';
import type { IotScope } from '../common/scope.js';
import { findRule } from '../rules/service.js';
import { findTopic } from '../topics/service.js';
import { IotDevice, type DeviceCredential, type DeviceWithCredential } from './entities.js';
import { ingestor, prepare, type DeviceInfo } from './ingest.js';
import { readTelemetry } from './telemetry.js';
import type { DeviceListArgs, DeviceRegisterInput, DeviceReportsResult, DeviceUpdateInput, TelemetryArgs } from './types.js';

/** An IoTSP's devices (docs/iot.md "Devices"): register, list, read, update, delete, ingest over HTTP, telemetry. */

export const findDevice = (s: IotScope, reference: string) => findByReference(s, IotDevice, 'device', reference);

/**
 * The MQTT port a credential names (set by devices/broker.ts at start): MQTT_PUBLIC_URL's when set (the address devices
 * reach, e.g. a load balancer in front of replicas), else the embedded broker's MQTT_PORT; null with an external
 * broker and no MQTT_PUBLIC_URL.
 */
let brokerPort: number | null = null;
export const setBrokerPort = (port: number | null) => {
  brokerPort = port;
};

const newSecret = () => `lds_${randomSecret(32)}`;
function issued(device: IotDevice, secret: string): DeviceCredential {
  return { username: device.reference, password: secret, mqttPort: brokerPort };
}

// ───────────────────────────── vehicles ─────────────────────────────

export const VEHICLE_CONSUMER = 'iot.vehicles';
export const VEHICLE_TOPICS = ['lsp.vehicle'] as const;

/** Applies one `lsp.vehicle` event to the copy (idempotent: the last state wins). */
export async function applyVehicleEvent(e: PlatformEvent, em: EntityManager): Promise<void> {
  const p = e.payload as { id: string; icode: string; type: string; status: string; deleted?: boolean };
  if (!e.workspaceId) return;
  await upsertCopy(em, 'iot.vehicle_copy', { id: p.id, workspace_id: e.workspaceId, icode: p.icode, type: p.type, status: p.status, deleted: p.deleted === true }, { keep: ['workspace_id', 'icode'] });
}

const syncVehicles = (em: EntityManager) => catchUp(em, VEHICLE_CONSUMER, VEHICLE_TOPICS, applyVehicleEvent);

/** A vehicle of this workspace's fleets, as the log says now (a vehicle added a moment ago counts); else NOT_FOUND. */
async function vehicleOfWorkspace(s: IotScope, vehicleId: string): Promise<{ id: string; type: string }> {
  if (isUuid(vehicleId)) {
    await syncVehicles(s.ctx.em);
    const rows = await s.ctx.em.execute<{ id: string; type: string }[]>('select id, type from iot.vehicle_copy where id = ? and workspace_id = ? and not deleted', [
      vehicleId.toLowerCase(),
      s.principal.workspaceId,
    ]);
    if (rows.length) return rows[0];
  }
  throw notFound('Vehicle');
}

// ───────────────────────────── devices ─────────────────────────────

const DEVICE_CONFLICT = { field: 'externalId', message: 'the IoTSP already has a device with this external id' };

export async function registerDevice(s: IotScope, input: DeviceRegisterInput): Promise<DeviceWithCredential> {
  const rule = await findRule(s, input.rule);
  const topic = input.topic ? await findTopic(s, input.topic) : null;
  const vehicle = input.vehicleId ? await vehicleOfWorkspace(s, input.vehicleId) : null;
  const secret = newSecret();
  const by = s.principal.userId;
  const device = s.em.create(IotDevice, {
    reference: newReference('device'),
    externalId: input.externalId.trim(),
    name: input.name?.trim() || null,
    description: iotDescription(input.description),
    tags: iotTags(input.tags),
    rule,
    topic,
    vehicleId: vehicle?.id ?? null,
    secretHash: sha256(secret),
    credentialIssuedAt: nowDate(),
    createdBy: by,
    updatedBy: by,
  });
  await created(s, 'device', device, DEVICE_CONFLICT);
  return { device, credential: issued(device, secret) };
}

export async function listDevices(s: IotScope, args: DeviceListArgs) {
  const where: Record<string, unknown> = {};
  if (args.rule) where.rule = (await findRule(s, args.rule)).id;
  if (args.vehicleId) where.vehicleId = isUuid(args.vehicleId) ? args.vehicleId.toLowerCase() : '00000000-0000-0000-0000-000000000000';
  return listOf(s, IotDevice, args, where);
}

export async function updateDevice(s: IotScope, reference: string, input: DeviceUpdateInput): Promise<DeviceWithCredential> {
  const device = await findDevice(s, reference);
  const rule = input.rule ? await findRule(s, input.rule) : undefined;
  const topic = input.topic ? await findTopic(s, input.topic) : input.topic === null ? null : undefined;
  const vehicle = input.vehicleId ? await vehicleOfWorkspace(s, input.vehicleId) : input.vehicleId === null ? null : undefined;
  const secret = input.rotateCredential ? newSecret() : undefined;
  await saved(
    s,
    'device',
    device,
    secret ? 'credential-rotated' : 'updated',
    () => {
      if (input.name !== undefined) device.name = input.name?.trim() || null;
      if (input.description !== undefined) device.description = iotDescription(input.description);
      if (input.tags !== undefined) device.tags = iotTags(input.tags);
      if (rule) device.rule = rule;
      if (topic !== undefined) device.topic = topic;
      if (vehicle !== undefined) device.vehicleId = vehicle?.id ?? null;
      // (judged on the locked read: a status it already has is no move)
      if (input.status && input.status !== device.status) device.status = statusMove('device', device.status, input.status);
      if (secret) {
        device.secretHash = sha256(secret);
        device.credentialIssuedAt = nowDate();
      }
    },
    DEVICE_CONFLICT,
  );
  return { device, credential: secret ? issued(device, secret) : null };
}

/** Deletes the device and every report it sent (docs/iot.md "Devices"); its credential stops working at once. */
export async function deleteDevice(s: IotScope, reference: string) {
  const device = await findDevice(s, reference);
  return removed(s, 'device', IotDevice, device, async (tx) => {
    await tx.execute('delete from iot.report where device_id = ?', [device.id]);
  });
}

/** What ingestion needs of a device, from its record (the HTTP path; the broker reads it by SQL, devices/broker.ts). */
async function deviceInfo(s: IotScope, device: IotDevice): Promise<DeviceInfo> {
  const vehicle = device.vehicleId ? await s.ctx.em.execute<{ type: string }[]>('select type from iot.vehicle_copy where id = ?', [device.vehicleId]) : [];
  return {
    id: device.id,
    workspaceId: device.workspaceId,
    icode: device.icode,
    reference: device.reference,
    status: device.status,
    vehicleId: device.vehicleId ?? null,
    vehicleType: vehicle[0]?.type ?? null,
    topicPath: device.topic?.path ?? null,
    rule: { id: device.rule.id, head: device.rule.head, struct: device.rule.struct, schema: device.rule.schema, status: device.rule.status },
  };
}

/** A batch over HTTP: parsed here, stored by the ingestion writer; the answer comes once it is stored. */
export async function ingestReports(s: IotScope, reference: string, lines: string[]): Promise<DeviceReportsResult> {
  const device = await findByReference(s, IotDevice, 'device', reference, ['rule', 'topic']);
  const prepared = prepare(await deviceInfo(s, device), lines, 'HTTP', null);
  await ingestor().submit(prepared);
  const failed = prepared.errors.length;
  return { accepted: lines.length, stored: lines.length - failed, failed, errors: prepared.errors.slice(0, 100) };
}

export async function deviceTelemetry(s: IotScope, reference: string, args: TelemetryArgs) {
  const device = await findDevice(s, reference);
  return readTelemetry(s.ctx.em, device.id, args);
}
