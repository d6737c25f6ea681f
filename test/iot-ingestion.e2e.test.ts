import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Aedes } from 'aedes';
import mqtt from 'mqtt';
import { api, until, newUser, type ApiResponse } from './helpers.js';
import { freePort, SETTINGS_TOPOLOGY, startPlatform, type OwnPlatform } from './support/platform.js';
import { trackerRule } from './iot-helpers.js';

/**
 * IoT ingestion on a platform of this file's own (docs/iot.md "MQTT", "Ingestion, back-pressure and retention"):
 *
 * - MQTT_URL points at an external broker (an Aedes broker this test runs, a real MQTT server on TCP): the platform
 *   subscribes to the registered filters there and finds a device by the topic level equal to its external id;
 * - INGEST_QUEUE_MAX=1000 (the least): concurrent HTTP batches beyond it are refused whole with 503, the rest stored;
 * - TEST_CLOCK and TELEMETRY_SWEEP_INTERVAL_SECONDS=1: reports go exactly TELEMETRY_RETENTION_DAYS (30) after they
 *   arrived, not before.
 */

const DAY = 86_400_000;
const DEVICE = 'iot-ingest-device';
const AGENT = 'iot-ingest-e2e/1.0';
const ORIGIN = 'https://console.iot.example';

let p: OwnPlatform;
let broker: Aedes;
let brokerServer: Server;
let brokerUrl: string;
let token: string;
let ruleRef: string;
/** Signs in again and takes a new context token (after the clock moved past their lifetimes). */
let reauth: () => Promise<void>;

const call = (method: string, path: string, body?: unknown) =>
  api(method, path, { base: p.bridgeUrl, body, headers: { 'svc-auth-token': token, 'svc-user-agent': AGENT, 'svc-auth-device': DEVICE, origin: ORIGIN } });

async function must(res: ApiResponse, status: number, what: string) {
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

let seq = 0;
const imei = () => `35${Date.now().toString().slice(-9)}${(seq++).toString().padStart(4, '0')}`;
const line = (id: string, i: number, t: number) => `+RESP,${id},${(-1.2 - i / 1e4).toFixed(4)},${(36.8 + i / 1e4).toFixed(4)},${i % 120}km/h,${i % 360},${t},$`;

async function device(topic?: string) {
  const externalId = imei();
  const body = await must(await call('POST', '/v1/iotsp/devices', { externalId, rule: ruleRef, ...(topic ? { topic } : {}) }), 201, 'device');
  return { externalId, reference: body.data.device.reference as string };
}

beforeAll(async () => {
  broker = await Aedes.createBroker();
  brokerServer = createServer(broker.handle);
  const port = await freePort();
  await new Promise<void>((r) => brokerServer.listen(port, '127.0.0.1', r));
  brokerUrl = `mqtt://127.0.0.1:${port}`;
  p = await startPlatform({
    topology: SETTINGS_TOPOLOGY,
    env: { TEST_CLOCK: 'true', MQTT_URL: brokerUrl, INGEST_QUEUE_MAX: '1000', TELEMETRY_SWEEP_INTERVAL_SECONDS: '1', TELEMETRY_RETENTION_DAYS: '30' },
  });
  const owner = await newUser({ name: 'IoT owner' }, p.bridgeUrl);
  const signIn = async () =>
    (token = (await must(await api('POST', '/v1/auth/login', { base: p.bridgeUrl, body: { email: owner.email, password: owner.password, deviceId: DEVICE } }), 200, 'login')).accessToken as string);
  await signIn();
  const wid = (await must(await call('POST', '/v1/workspace', { name: 'IoT ingestion' }), 201, 'workspace')).data.workspace.id;
  const code = (
    await must(await call('POST', `/v1/${wid}/iotsp/setup`, { type: 'TELEMATICS', name: 'Trackers', address: { city: 'Nairobi', country: 'KE', coordinates: [-1.29, 36.82] } }), 201, 'iotsp')
  ).data.code;
  reauth = async () => {
    await signIn();
    token = (await must(await call('GET', `/v1/${wid}/iotsp/${code}/context`), 200, 'context')).data.token;
  };
  await reauth();
  ruleRef = (await must(await call('POST', '/v1/iotsp/rules/add', trackerRule()), 201, 'rule')).data.reference;
}, 120_000);

afterAll(async () => {
  await p?.stop();
  await new Promise<void>((r) => (broker ? broker.close(() => r()) : r()));
  await new Promise<void>((r) => (brokerServer ? brokerServer.close(() => r()) : r()));
});

describe('an external MQTT broker (MQTT_URL)', () => {
  it('a report published on the external broker under a registered filter is stored for the device named by a topic level', async () => {
    const topic = (await must(await call('POST', '/v1/iotsp/topics/register', { path: 'trackers/+/report', qos: 1 }), 201, 'topic')).data;
    const d = await device(topic.reference);
    const other = await device();
    const publisher = await mqtt.connectAsync(brokerUrl, { reconnectPeriod: 0 });
    const t = Math.floor(p.now() / 1000);
    // the platform subscribes within a second of the registration; publish until the first report lands
    const stored = await until(
      async () => {
        await publisher.publishAsync(`trackers/${d.externalId}/report`, line(d.externalId, 1, t), { qos: 1 });
        return call('GET', `/v1/iotsp/devices/${d.reference}/telemetry`);
      },
      (r) => (r.body.data?.length ?? 0) > 0,
    );
    expect(stored.body.data[0]).toMatchObject({ source: 'MQTT', topic: `trackers/${d.externalId}/report`, values: { device: { id: d.externalId } } });
    // a topic no ACTIVE filter matches reaches nobody; a topic level naming no device of the IoTSP stores nothing
    await publisher.publishAsync(`elsewhere/${other.externalId}/report`, line(other.externalId, 2, t), { qos: 1 });
    await publisher.publishAsync(`trackers/unknown-device/report`, line('unknown-device', 3, t), { qos: 1 });
    await publisher.endAsync();
    await new Promise((r) => setTimeout(r, 1500));
    const none = await call('GET', `/v1/iotsp/devices/${other.reference}/telemetry`);
    expect(none.body.pagination.total).toBe(0);
    const failedNone = await call('GET', `/v1/iotsp/devices/${other.reference}/telemetry?outcome=FAILED`);
    expect(failedNone.body.pagination.total).toBe(0);
  });
});

describe('back-pressure (INGEST_QUEUE_MAX=1000)', () => {
  it('concurrent batches beyond the queue are refused whole with 503; the others are stored whole; reads are served meanwhile', async () => {
    const d = await device();
    const t = Math.floor(p.now() / 1000);
    const batch = (k: number) => Array.from({ length: 1000 }, (_, i) => line(d.externalId, k * 1000 + i, t - 3600 + (k * 1000 + i) / 10));
    const sending = Array.from({ length: 12 }, (_, k) => call('POST', `/v1/iotsp/devices/${d.reference}/reports`, { reports: batch(k) }));
    const read = await call('GET', `/v1/iotsp/devices/${d.reference}`);
    expect(read.status).toBe(200);
    const answers = await Promise.all(sending);
    const refused = answers.filter((a) => a.status === 503);
    const stored = answers.filter((a) => a.status === 200);
    expect(refused.length + stored.length, JSON.stringify(answers.map((a) => a.status))).toBe(12);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) expect(r.body).toMatchObject({ error: true, status: 'SERVICE_UNAVAILABLE' });
    for (const s of stored) expect(s.body.data).toMatchObject({ accepted: 1000, stored: 1000, failed: 0 });
    const after = await call('GET', `/v1/iotsp/devices/${d.reference}`);
    expect(after.body.data.reportsStored).toBe(stored.length * 1000);
  });
});

describe('retention (TELEMETRY_RETENTION_DAYS=30)', () => {
  it('a report is kept 30 days after it arrived and deleted just after', async () => {
    const d = await device();
    const t0 = p.now();
    await must(await call('POST', `/v1/iotsp/devices/${d.reference}/reports`, { reports: [line(d.externalId, 1, Math.floor(t0 / 1000)), 'garbage'] }), 200, 'reports');
    const count = async () => {
      const range = `from=${new Date(t0 - DAY).toISOString()}&to=${new Date(t0 + DAY).toISOString()}`;
      const stored = await call('GET', `/v1/iotsp/devices/${d.reference}/telemetry?${range}`);
      const failed = await call('GET', `/v1/iotsp/devices/${d.reference}/telemetry?${range}&outcome=FAILED`);
      return stored.body.pagination.total + failed.body.pagination.total;
    };
    expect(await count()).toBe(2);
    await p.clockTo(t0 + 30 * DAY - 60_000);
    await reauth();
    await new Promise((r) => setTimeout(r, 2500)); // two sweeps
    expect(await count()).toBe(2);
    await p.clockTo(t0 + 30 * DAY + 60_000);
    await reauth();
    expect(await until(count, (n) => n === 0)).toBe(0);
  });
});
