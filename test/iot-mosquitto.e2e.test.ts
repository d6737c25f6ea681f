import { spawn, type ChildProcess } from 'node:child_process';
import { pbkdf2Sync, randomBytes } from 'node:crypto';
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import { api, newUser, until, type ApiResponse } from './helpers.js';
import { trackerRule } from './iot-helpers.js';
import { freePort, startPlatform, startProcess, type OwnPlatform, type StartedProcess } from './support/platform.js';

/**
 * The platform on an external Mosquitto 2 (docs/iot.md "MQTT", "An external broker"), with two ingesting replicas:
 *
 * - this file's own Mosquitto (`MOSQUITTO_PATH`, else /usr/sbin/mosquitto; `npm test` installs it) authenticates every
 *   client from its `password_file` and limits each by its `acl_file`, as docs/iot.md tells an operator to: the
 *   platform's user reads the registered filters, a device (user name = its reference, password = the secret of its
 *   credential) writes its own topic only;
 * - two iot replicas on one database subscribe to it: this file's platform (MQTT_URL, MQTT_PUBLIC_URL set; the share
 *   group left at its default) and a second iot subgraph process beside it. With shared subscriptions each report is
 *   stored exactly once, and both replicas take part;
 * - an MQTT 5 device publishes through the broker and its report is stored;
 * - the credential names MQTT_PUBLIC_URL's port.
 */

const MOSQUITTO = process.env.MOSQUITTO_PATH || '/usr/sbin/mosquitto';
/** The share group's default (docs/iot.md): the platform subscribes as `$share/logistics-platform/<filter>`. */
const SHARE_GROUP = 'logistics-platform';
/** The address devices reach (a load balancer's); an mqtts:// URL naming no port means 8883 (IANA, docs/iot.md). */
const PUBLIC_URL = 'mqtts://mqtt.replicas.example';
const PUBLIC_PORT = 8883;
const FILTER = 'replicas/+/report';
const REPORTS = 40;
const DEVICE = 'iot-mosquitto-device';
const AGENT = 'iot-mosquitto-e2e/1.0';
const ORIGIN = 'https://console.iot.example';
const PLATFORM_USER = 'logistics-platform';

/** A Mosquitto 2 password-file entry (`$7$`: PBKDF2-HMAC-SHA512, 101 iterations, 12-byte salt, as mosquitto_passwd writes). */
function passwdEntry(user: string, password: string): string {
  const salt = randomBytes(12);
  return `${user}:$7$101$${salt.toString('base64')}$${pbkdf2Sync(password, salt, 101, 64, 'sha512').toString('base64')}\n`;
}

interface Broker {
  port: number;
  dir: string;
  proc: ChildProcess;
  output(): string;
}

/** This file's Mosquitto on a free loopback port: authentication from a password file, an ACL, no persistence. */
async function startMosquitto(platformSecret: string): Promise<Broker> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'mosquitto-'));
  writeFileSync(join(dir, 'passwd'), passwdEntry(PLATFORM_USER, platformSecret), { mode: 0o600 });
  writeFileSync(join(dir, 'acl'), `user ${PLATFORM_USER}\ntopic read replicas/#\n`, { mode: 0o600 });
  const conf = [
    `listener ${port} 127.0.0.1`,
    'allow_anonymous false',
    `password_file ${join(dir, 'passwd')}`,
    `acl_file ${join(dir, 'acl')}`,
    'persistence false',
    // run as whoever runs the suite (as root, Mosquitto would switch to the user "mosquitto", who cannot read the files)
    `user ${userInfo().username}`,
    'log_dest stderr',
    'log_timestamp false',
    'log_type error',
    'log_type warning',
    'log_type notice',
    'log_type information',
    'log_type subscribe',
  ];
  writeFileSync(join(dir, 'mosquitto.conf'), `${conf.join('\n')}\n`);
  const proc = spawn(MOSQUITTO, ['-c', join(dir, 'mosquitto.conf')], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  const broker: Broker = { port, dir, proc, output: () => output };
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Mosquitto (${MOSQUITTO}) not running in 10 s:\n${output}`)), 10_000);
    const onData = (c: Buffer) => {
      output += c.toString();
      if (/mosquitto version \S+ running/.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    proc.stdout.on('data', onData);
    proc.stderr.on('data', onData);
    proc.once('error', (err) => {
      clearTimeout(timer);
      reject(new Error(`Mosquitto (${MOSQUITTO}) did not start: ${err.message}`));
    });
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Mosquitto exited (${code}):\n${output}`));
    });
  });
  proc.removeAllListeners('exit');
  return broker;
}

async function stopGroup(proc: ChildProcess | undefined) {
  if (!proc?.pid || proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise((r) => proc.once('exit', r));
  process.kill(-proc.pid, 'SIGKILL');
  await exited;
}

let broker: Broker;
let brokerUrl: string;
let platformUrl: string;
let p: OwnPlatform;
let replica: StartedProcess;
let replicaDir: string;
let replicaPort: number;
let token: string;

const call = (method: string, path: string, body?: unknown) =>
  api(method, path, { base: p.bridgeUrl, body, headers: { 'svc-auth-token': token, 'svc-user-agent': AGENT, 'svc-auth-device': DEVICE, origin: ORIGIN } });

async function must(res: ApiResponse, status: number, what: string) {
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

let seq = 0;
const imei = () => `35${Date.now().toString().slice(-9)}${(seq++).toString().padStart(4, '0')}`;
/** A tracker line (trackerRule) whose position.time is `t`. */
const line = (id: string, i: number, t: number) => `+RESP,${id},${(-1.2 - i / 1e4).toFixed(4)},${(36.8 + i / 1e4).toFixed(4)},${i % 120}km/h,${i % 360},${t},$`;

let ruleRef: string;
let topicRef: string;

/** A device on the topic, given a broker credential as docs/iot.md says: its reference and secret, write on its own topic only. */
async function device() {
  const externalId = imei();
  const body = await must(await call('POST', '/v1/iotsp/devices', { externalId, rule: ruleRef, topic: topicRef }), 201, 'device');
  const credential = body.data.credential as { username: string; password: string; mqttPort: number | null };
  const reference = body.data.device.reference as string;
  const topic = FILTER.replace('+', externalId);
  appendFileSync(join(broker.dir, 'passwd'), passwdEntry(credential.username, credential.password));
  appendFileSync(join(broker.dir, 'acl'), `\nuser ${credential.username}\ntopic write ${topic}\n`);
  process.kill(broker.proc.pid!, 'SIGHUP'); // Mosquitto reads its password file and ACL again
  const connects = await until(
    () =>
      mqtt.connectAsync(brokerUrl, { username: credential.username, password: credential.password, reconnectPeriod: 0 }).then(
        async (c) => (await c.endAsync(), true),
        () => false,
      ),
    (ok) => ok,
  );
  if (!connects) throw new Error(`Mosquitto did not take the credential of ${reference}:\n${broker.output().slice(-2000)}`);
  return { externalId, reference, topic, credential };
}

/** The reports the device's telemetry route reads back (STORED, the last 24 hours), all of them. */
async function stored(reference: string): Promise<{ total: number; items: any[] }> {
  const body = await must(await call('GET', `/v1/iotsp/devices/${reference}/telemetry?limit=100`), 200, 'telemetry');
  return { total: body.pagination.total, items: body.data };
}

/** `iot_reports_total{outcome="STORED",source="MQTT"}` of the process serving `port` (0 before its first). */
async function storedByMqtt(port: number): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const row = text.split('\n').find((l) => l.startsWith('iot_reports_total{') && l.includes('outcome="STORED"') && l.includes('source="MQTT"'));
  return row ? Number(row.split(' ').pop()) : 0;
}

/** The client ids Mosquitto logged subscribing to `subscription`. */
const subscribers = (subscription: string) =>
  new Set(
    broker
      .output()
      .split('\n')
      .map((l) => l.split(' '))
      .filter((w) => w.length === 3 && w[2] === subscription)
      .map((w) => w[0]),
  );

beforeAll(async () => {
  const platformSecret = randomBytes(16).toString('hex');
  broker = await startMosquitto(platformSecret);
  brokerUrl = `mqtt://127.0.0.1:${broker.port}`;
  platformUrl = `mqtt://${PLATFORM_USER}:${platformSecret}@127.0.0.1:${broker.port}`;
  // the telemetry polls below would pass the general per-caller limit of a minute
  p = await startPlatform({ env: { MQTT_URL: platformUrl, MQTT_PUBLIC_URL: PUBLIC_URL, RATE_LIMIT_PER_MINUTE: '10000', RATE_LIMIT_PER_HOUR: '100000' } });
  // a second iot replica on the same database and broker
  replicaDir = mkdtempSync(join(tmpdir(), 'iot-replica-'));
  replicaPort = await freePort();
  replica = await startProcess(
    'dist/subgraphs/iot/main.js',
    { DATABASE_URL: p.databaseUrl, IOT_PORT: String(replicaPort), HOST: '127.0.0.1', DATA_DIR: replicaDir, MQTT_URL: platformUrl, MQTT_PUBLIC_URL: PUBLIC_URL, LOG_LEVEL: 'info', DB_POOL_SIZE: '2' },
    /"msg":"listening"/,
  );

  const owner = await newUser({ name: 'Mosquitto owner' }, p.bridgeUrl);
  token = (await must(await api('POST', '/v1/auth/login', { base: p.bridgeUrl, body: { email: owner.email, password: owner.password, deviceId: DEVICE } }), 200, 'login')).accessToken;
  const wid = (await must(await call('POST', '/v1/workspace', { name: 'IoT replicas' }), 201, 'workspace')).data.workspace.id;
  const code = (
    await must(
      await call('POST', `/v1/${wid}/iotsp/setup`, { type: 'TELEMATICS', name: 'Replicated trackers', address: { city: 'Nairobi', country: 'KE', coordinates: [-1.29, 36.82] } }),
      201,
      'iotsp',
    )
  ).data.code;
  token = (await must(await call('GET', `/v1/${wid}/iotsp/${code}/context`), 200, 'context')).data.token;
  ruleRef = (await must(await call('POST', '/v1/iotsp/rules/add', trackerRule()), 201, 'rule')).data.reference;
  topicRef = (await must(await call('POST', '/v1/iotsp/topics/register', { path: FILTER, qos: '1' }), 201, 'topic')).data.reference;

  // both replicas subscribe to the new filter within a second or two, in the share group, over MQTT 5
  const subscription = `$share/${SHARE_GROUP}/${FILTER}`;
  const both = await until(
    async () => subscribers(subscription),
    (ids) => ids.size === 2,
    20_000,
  );
  if (both.size !== 2) throw new Error(`Mosquitto saw ${both.size} replica(s) subscribe to ${subscription}:\n${broker.output().slice(-4000)}`);
}, 240_000);

afterAll(async () => {
  await replica?.stop();
  await p?.stop();
  await stopGroup(broker?.proc);
  for (const d of [broker?.dir, replicaDir]) if (d) rmSync(d, { recursive: true, force: true });
}, 60_000);

describe('two replicas on an external Mosquitto (shared subscriptions)', () => {
  it('the platform connects with MQTT 5 and each replica subscribes to the filter in the share group', () => {
    const ids = [...subscribers(`$share/${SHARE_GROUP}/${FILTER}`)];
    expect(ids).toHaveLength(2);
    for (const id of ids) expect(broker.output()).toMatch(new RegExp(`as ${id} \\(p5, c1, k\\d+, u'${PLATFORM_USER}'\\)`));
    // no plain subscription to the filter: that would hand every replica every report
    expect(subscribers(FILTER).size).toBe(0);
  });

  it(`${REPORTS} reports published once each are stored exactly once, and both replicas stored some`, async () => {
    const d = await device();
    const before = [await storedByMqtt(p.ports.IOT_PORT), await storedByMqtt(replicaPort)];
    const t0 = Math.floor(Date.now() / 1000) - 3600;
    const publisher = await mqtt.connectAsync(brokerUrl, { username: d.credential.username, password: d.credential.password, reconnectPeriod: 0 });
    for (let i = 0; i < REPORTS; i++) await publisher.publishAsync(d.topic, line(d.externalId, i, t0 + i), { qos: 1 });
    await publisher.endAsync();

    const all = await until(
      () => stored(d.reference),
      (s) => s.total >= REPORTS,
    );
    expect(all.total).toBe(REPORTS);
    // a second copy would land within the same moments: look again a little later
    await new Promise((r) => setTimeout(r, 1500));
    const again = await stored(d.reference);
    expect(again.total).toBe(REPORTS);
    const times = again.items.map((r) => r.values.position.time as number).sort((a, b) => a - b);
    expect(times).toEqual(Array.from({ length: REPORTS }, (_, i) => t0 + i));
    for (const r of again.items) expect(r).toMatchObject({ outcome: 'STORED', source: 'MQTT', topic: d.topic });
    const failed = await must(await call('GET', `/v1/iotsp/devices/${d.reference}/telemetry?outcome=FAILED`), 200, 'failures');
    expect(failed.pagination.total).toBe(0);
    const read = await must(await call('GET', `/v1/iotsp/devices/${d.reference}`), 200, 'device');
    expect(read.data).toMatchObject({ reportsStored: REPORTS, reportsFailed: 0 });

    // the broker handed the reports round the group: each replica stored some, together each once
    const after = [await storedByMqtt(p.ports.IOT_PORT), await storedByMqtt(replicaPort)];
    const byReplica = after.map((n, i) => n - before[i]);
    expect(byReplica[0] + byReplica[1]).toBe(REPORTS);
    expect(byReplica[0]).toBeGreaterThan(0);
    expect(byReplica[1]).toBeGreaterThan(0);
  });
});

describe('MQTT 5 devices through the external broker', () => {
  it('an MQTT 5 device authenticated by the broker publishes a report and it is stored once; the broker refuses its wrong password and a topic not its own', async () => {
    const d = await device();
    const other = await device();
    const wrong = await mqtt.connectAsync(brokerUrl, { protocolVersion: 5, username: d.credential.username, password: 'lds_wrong', reconnectPeriod: 0 }).then(
      async (c) => (await c.endAsync(), 'connected'),
      (e: Error & { code?: number }) => e.code,
    );
    expect(wrong).toBe(135); // MQTT 5 CONNACK 0x87: not authorized

    const client = await mqtt.connectAsync(brokerUrl, { protocolVersion: 5, username: d.credential.username, password: d.credential.password, reconnectPeriod: 0 });
    expect(client.options.protocolVersion).toBe(5);
    const t = Math.floor(Date.now() / 1000);
    await client.publishAsync(d.topic, line(d.externalId, 7, t), { qos: 1, properties: { payloadFormatIndicator: true, contentType: 'text/plain' } });
    // the ACL: not on another device's topic (PUBACK 0x87), so nothing reaches the platform for it
    const foreign = await client.publishAsync(other.topic, line(other.externalId, 8, t), { qos: 1 }).then(
      () => 'acknowledged',
      (e: Error & { code?: number }) => e.code,
    );
    expect(foreign).toBe(135);
    await client.endAsync();

    const one = await until(
      () => stored(d.reference),
      (s) => s.total >= 1,
    );
    expect(one.total).toBe(1);
    expect(one.items[0]).toMatchObject({ outcome: 'STORED', source: 'MQTT', topic: d.topic, values: { device: { id: d.externalId }, position: { time: t, speed: 7 } } });
    await new Promise((r) => setTimeout(r, 1500));
    expect((await stored(d.reference)).total).toBe(1);
    const none = await stored(other.reference);
    expect(none.total).toBe(0);
    const noneFailed = await must(await call('GET', `/v1/iotsp/devices/${other.reference}/telemetry?outcome=FAILED`), 200, 'failures');
    expect(noneFailed.pagination.total).toBe(0);
  });
});

describe('MQTT_PUBLIC_URL', () => {
  it("a device credential names the public address's port (mqtts:// naming none: 8883), at registration and at rotation", async () => {
    const reg = await must(await call('POST', '/v1/iotsp/devices', { externalId: imei(), rule: ruleRef }), 201, 'device');
    expect(reg.data.credential).toMatchObject({ username: reg.data.device.reference, mqttPort: PUBLIC_PORT });
    const rotated = await call('PATCH', `/v1/iotsp/devices/${reg.data.device.reference}`, { rotateCredential: true });
    expect(rotated.status).toBe(200);
    expect(rotated.body.data.credential).toMatchObject({ username: reg.data.device.reference, mqttPort: PUBLIC_PORT });
    expect(rotated.body.data.credential.password).not.toBe(reg.data.credential.password);
  });
});
