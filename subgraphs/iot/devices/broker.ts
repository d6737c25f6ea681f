import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import { Aedes, type Client } from 'aedes';
import mqtt, { type MqttClient } from 'mqtt';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Config } from '../../../kernel/config.js';
import { now } from '../../../kernel/clock.js';
import type { Logger } from '../../../kernel/logger.js';
import { safeEqualHex, sha256 } from '../../../kernel/tokens.js';
import type { ReportError } from '../common/types.js';
import { checkTopicName, topicMatches } from '../topics/filters.js';
import { ingestor, prepare, type DeviceInfo } from './ingest.js';
import { setBrokerPort } from './service.js';

/**
 * MQTT ingestion (docs/iot.md "MQTT"). Two ways, one path after the message arrives (parse by the device's rule,
 * queue, store):
 *
 * - **embedded** (default): an Aedes 1.x broker on `MQTT_PORT`, MQTT 3.1.1 and 3.1 (Aedes 1.x refuses MQTT 5 with
 *   CONNACK 1). A device connects with username = its reference and password = its secret; an INACTIVE or unknown
 *   device, or a wrong secret, is refused (CONNACK 4 or 5). It publishes to a topic name its registered, ACTIVE topic
 *   filter matches (the device's own topic, or any of its IoTSP's); a publish elsewhere is kept as a failure
 *   TOPIC_NOT_REGISTERED. Devices may not subscribe (SUBACK 0x80), and nothing they publish is retained or forwarded.
 * - **external** (`MQTT_URL`): the platform subscribes to every ACTIVE registered topic filter on that broker (which
 *   authenticates the devices itself), as MQTT 5 shared subscriptions of `MQTT_SHARE_GROUP`, so that replicas share
 *   the reports. A message names its device by a topic level equal to the device's external id
 *   (`trackers/862010000000001/report`), in an IoTSP whose ACTIVE filter matches the topic.
 *
 * A device credential names `MQTT_PUBLIC_URL`'s port when it is set (replicas behind a load balancer), else the
 * embedded broker's `MQTT_PORT` (null with an external broker).
 */

const CACHE_MS = 1000;

interface Cached<T> {
  at: number;
  value: T;
}

const DEVICE_SQL = `select d.id, d.workspace_id, d.icode, d.reference, d.status, d.vehicle_id, d.secret_hash, d.external_id, t.path as topic_path,
    r.id as rule_id, r.head, r.struct, r.schema, r.status as rule_status, v.type as vehicle_type
  from iot.device d join iot.rule r on r.id = d.rule_id left join iot.topic t on t.id = d.topic_id left join iot.vehicle_copy v on v.id = d.vehicle_id`;

interface DeviceRow {
  id: string;
  workspace_id: string;
  icode: string;
  reference: string;
  status: string;
  vehicle_id: string | null;
  secret_hash: string;
  external_id: string;
  topic_path: string | null;
  rule_id: string;
  head: string[];
  struct: string;
  schema: Record<string, unknown>;
  rule_status: string;
  vehicle_type: string | null;
}

const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

function infoOf(r: DeviceRow): DeviceInfo & { secretHash: string } {
  return {
    id: r.id,
    workspaceId: r.workspace_id,
    icode: r.icode,
    reference: r.reference,
    status: r.status,
    vehicleId: r.vehicle_id,
    vehicleType: r.vehicle_type,
    topicPath: r.topic_path,
    secretHash: r.secret_hash,
    rule: { id: r.rule_id, head: json(r.head), struct: r.struct, schema: json(r.schema), status: r.rule_status },
  };
}

/** Devices and topic filters as the broker path reads them: by SQL across tenants, cached one second. */
class Directory {
  private devices = new Map<string, Cached<(DeviceInfo & { secretHash: string }) | null>>();
  private filters = new Map<string, Cached<string[]>>();
  constructor(private readonly orm: MikroORM) {}

  private em(): EntityManager {
    return this.orm.em.fork();
  }

  /** Lookups in flight, by key: a publish that finds the cache stale joins the one lookup instead of sending its own. */
  private pending = new Map<string, Promise<unknown>>();
  private once<T>(key: string, load: () => Promise<T>): Promise<T> {
    let p = this.pending.get(key) as Promise<T> | undefined;
    if (!p) {
      p = load().finally(() => this.pending.delete(key));
      this.pending.set(key, p);
    }
    return p;
  }

  device(reference: string): Promise<(DeviceInfo & { secretHash: string }) | null> {
    const hit = this.devices.get(reference);
    if (hit && now() - hit.at < CACHE_MS) return Promise.resolve(hit.value);
    return this.once(`device:${reference}`, () => this.loadDevice(reference));
  }

  private async loadDevice(reference: string): Promise<(DeviceInfo & { secretHash: string }) | null> {
    const rows = await this.em().execute<DeviceRow[]>(`${DEVICE_SQL} where d.reference = ?`, [reference]);
    const value = rows[0] ? infoOf(rows[0]) : null;
    if (this.devices.size > 100_000) this.devices.clear();
    this.devices.set(reference, { at: now(), value });
    return value;
  }

  /** The ACTIVE topic filters of one IoTSP. */
  activeFilters(workspaceId: string, icode: string): Promise<string[]> {
    const key = `${workspaceId}/${icode}`;
    const hit = this.filters.get(key);
    if (hit && now() - hit.at < CACHE_MS) return Promise.resolve(hit.value);
    return this.once(`filters:${key}`, () => this.loadFilters(workspaceId, icode, key));
  }

  private async loadFilters(workspaceId: string, icode: string, key: string): Promise<string[]> {
    const rows = await this.em().execute<{ path: string }[]>(`select path from iot.topic where workspace_id = ? and icode = ? and status = 'ACTIVE'`, [workspaceId, icode]);
    const value = rows.map((r) => r.path);
    this.filters.set(key, { at: now(), value });
    return value;
  }

  /** Every ACTIVE topic filter of the platform, with its IoTSP (the external broker's subscriptions). */
  private active?: Cached<{ path: string; qos: number; workspaceId: string; icode: string }[]>;
  allActive(): Promise<{ path: string; qos: number; workspaceId: string; icode: string }[]> {
    if (this.active && now() - this.active.at < CACHE_MS) return Promise.resolve(this.active.value);
    return this.once('active', () => this.loadActive());
  }

  private async loadActive(): Promise<{ path: string; qos: number; workspaceId: string; icode: string }[]> {
    const rows = await this.em().execute<{ path: string; qos: number; workspace_id: string; icode: string }[]>(`select path, qos, workspace_id, icode from iot.topic where status = 'ACTIVE'`);
    const value = rows.map((r) => ({ path: r.path, qos: r.qos, workspaceId: r.workspace_id, icode: r.icode }));
    this.active = { at: now(), value };
    return value;
  }

  /** The devices of one IoTSP whose external id is one of `ids`. */
  async byExternalIds(workspaceId: string, icode: string, ids: string[]): Promise<DeviceInfo[]> {
    if (!ids.length) return [];
    const rows = await this.em().execute<DeviceRow[]>(`${DEVICE_SQL} where d.workspace_id = ? and d.icode = ? and d.external_id in (select jsonb_array_elements_text(?::jsonb))`, [
      workspaceId,
      icode,
      JSON.stringify(ids),
    ]);
    return rows.map(infoOf);
  }
}

const refusal = (code: string, message: string): ReportError => ({ code, position: 0, field: null, message });

/** The checks of a publish by a device: a valid topic name its (or its IoTSP's) ACTIVE filter matches. */
async function topicRefusal(dir: Directory, device: DeviceInfo, topic: string): Promise<ReportError | undefined> {
  const problem = checkTopicName(topic);
  if (problem) return refusal('TOPIC_NOT_REGISTERED', `The topic name is not valid: ${problem}`);
  const filters = await dir.activeFilters(device.workspaceId, device.icode);
  const allowed = device.topicPath ? filters.filter((f) => f === device.topicPath) : filters;
  if (!allowed.some((f) => topicMatches(f, topic))) {
    return refusal('TOPIC_NOT_REGISTERED', device.topicPath ? `The device publishes on ${device.topicPath} (ACTIVE), not on ${topic}` : `No ACTIVE topic filter of the IoTSP matches ${topic}`);
  }
  return undefined;
}

const lineOf = (payload: Buffer | string): string => (typeof payload === 'string' ? payload : payload.toString('utf8'));

/** A payload may carry several report lines (one per line). */
const linesOf = (payload: Buffer | string): string[] =>
  lineOf(payload)
    .split(/\r?\n/)
    .filter((l) => l.length > 0)
    .slice(0, 1000);

type DeviceClient = Client & { device?: DeviceInfo & { secretHash: string } };

/** The embedded broker; answers how to stop it. */
async function embeddedBroker(orm: MikroORM, config: Config, log: Logger): Promise<() => Promise<void>> {
  const dir = new Directory(orm);
  const broker = await Aedes.createBroker({ drainTimeout: 30_000, maxTopicLevels: 32 });
  broker.authenticate = (client: DeviceClient, username, password, done) => {
    void (async () => {
      const device = username ? await dir.device(username.trim().toUpperCase()) : null;
      const ok = !!device && device.status === 'ACTIVE' && !!password && safeEqualHex(sha256(password.toString('utf8')), device.secretHash);
      if (!ok) {
        const err = Object.assign(new Error('Bad device credential'), { returnCode: device && device.status !== 'ACTIVE' ? 5 : 4 });
        return done(err, false);
      }
      client.device = device!;
      done(null, true);
    })().catch((err) => {
      log.error({ err }, 'MQTT authentication failed');
      done(Object.assign(new Error('Server unavailable'), { returnCode: 3 }), false);
    });
  };
  broker.authorizeSubscribe = (_client, _sub, done) => done(null, null);
  // A publish is stored before it is authorized, and Aedes acknowledges (QoS 1 PUBACK) only after: a report the
  // platform acknowledged is in iot.report. One that cannot be stored is refused, which closes the connection without
  // the PUBACK, so the device sends it again (at least once). Aedes handles a client's packets one after the other:
  // a device waits while the queue is full (back-pressure).
  broker.authorizePublish = (client: DeviceClient | null, packet, done) => {
    if (!client?.device) return done(new Error('Only devices publish'));
    packet.retain = false;
    void (async () => {
      const device = (await dir.device(client.device!.reference)) ?? client.device!;
      const lines = linesOf(packet.payload);
      if (!lines.length) return;
      const refused = device.status !== 'ACTIVE' ? undefined : await topicRefusal(dir, device, packet.topic);
      await ingestor().submitWhenRoom(prepare(device, lines, 'MQTT', packet.topic, refused));
    })().then(
      () => done(null),
      (err) => {
        log.warn({ err: (err as Error).message, device: client.device?.reference }, 'an MQTT report was not stored; the device will send it again');
        done(err as Error);
      },
    );
  };
  broker.authorizeForward = () => null;
  const server: Server = createServer(broker.handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.MQTT_PORT, config.HOST, () => resolve());
  });
  // the port the credential names: the public address's (a load balancer in front of replicas) when there is one
  setBrokerPort(config.mqttPublicPort ?? config.MQTT_PORT);
  log.info({ port: config.MQTT_PORT }, 'embedded MQTT broker listening');
  return async () => {
    setBrokerPort(null);
    await new Promise<void>((r) => broker.close(() => r()));
    await new Promise<void>((r) => server.close(() => r()));
  };
}

/** CONNACK refusals that mean "not this protocol version": MQTT 3.1.1's 1, MQTT 5's 0x84 (132). */
const UNSUPPORTED_PROTOCOL = new Set([1, 132]);

/**
 * Subscribes to an external broker; answers how to stop.
 *
 * The platform connects with MQTT 5 and subscribes to each ACTIVE filter as `$share/<MQTT_SHARE_GROUP>/<filter>`: the
 * broker hands each message to one member of the group, so replicas share the reports instead of each storing every
 * one. The broker delivers the message under its own topic name (not the `$share/…` filter), which is what the
 * platform matches against the registered filters. A broker that refuses MQTT 5 (CONNACK 1, or 0x84) gets MQTT 3.1.1
 * and one that says it has no shared subscriptions (CONNACK property 0) gets plain ones: each with a warning, since
 * then every replica would store every report. An empty MQTT_SHARE_GROUP asks for plain subscriptions.
 */
async function externalBroker(orm: MikroORM, config: Config, log: Logger): Promise<() => Promise<void>> {
  const url = config.MQTT_URL!;
  const group = config.MQTT_SHARE_GROUP;
  const dir = new Directory(orm);
  // unique across replicas (process ids repeat across containers): two clients with one id would take each other's session
  const clientId = `logistics-${randomBytes(6).toString('hex')}`;
  let client: MqttClient;
  /** Whether this connection's subscriptions are shared, and what is subscribed (filter → QoS). */
  let shared = false;
  let subscribed = new Map<string, number>();
  let warned = false;
  const subscription = (filter: string) => (shared ? `$share/${group}/${filter}` : filter);
  const refresh = async () => {
    const c = client;
    const wanted = new Map<string, number>();
    for (const t of await dir.allActive()) wanted.set(t.path, Math.max(wanted.get(t.path) ?? 0, t.qos));
    const gone = [...subscribed.keys()].filter((p) => !wanted.has(p));
    const added = [...wanted].filter(([p, q]) => subscribed.get(p) !== q);
    if (gone.length) await c.unsubscribeAsync(gone.map(subscription));
    if (added.length) await c.subscribeAsync(Object.fromEntries(added.map(([p, qos]) => [subscription(p), { qos: qos as 0 | 1 | 2 }])));
    if (c === client) subscribed = wanted;
  };
  const refreshed = () => void refresh().catch((err) => log.warn({ err: (err as Error).message }, 'MQTT subscriptions not refreshed'));
  const onMessage = (topic: string, payload: Buffer) => {
    void (async () => {
      const lines = linesOf(payload);
      if (!lines.length) return;
      const levels = topic.split('/');
      const owners = (await dir.allActive()).filter((t) => topicMatches(t.path, topic));
      const seen = new Set<string>();
      for (const o of owners) {
        if (seen.has(`${o.workspaceId}/${o.icode}`)) continue;
        seen.add(`${o.workspaceId}/${o.icode}`);
        for (const device of await dir.byExternalIds(o.workspaceId, o.icode, levels)) {
          const refused = device.status !== 'ACTIVE' ? undefined : await topicRefusal(dir, device, topic);
          await ingestor().submitWhenRoom(prepare(device, lines, 'MQTT', topic, refused));
        }
      }
    })().catch((err) => log.warn({ err: (err as Error).message }, 'an MQTT report was not stored'));
  };
  const open = (protocolVersion: 4 | 5): MqttClient => {
    const c = mqtt.connect(url, { clientId, protocolVersion, clean: true, reconnectPeriod: 1000 });
    c.on('connect', (connack) => {
      if (c !== client) return;
      shared = !!group && protocolVersion === 5 && connack.properties?.sharedSubscriptionAvailable !== false;
      if (group && !shared && !warned) {
        warned = true;
        const why = protocolVersion === 5 ? 'the broker has no shared subscriptions' : 'the broker speaks MQTT 3.1.1 only';
        log.warn({ broker: new URL(url).host }, `MQTT subscriptions are not shared (${why}): run one ingesting replica, or every replica stores every report`);
      }
      log.info({ broker: new URL(url).host, protocol: protocolVersion === 5 ? '5' : '3.1.1', shareGroup: shared ? group : null }, 'connected to the external MQTT broker');
      subscribed = new Map();
      refreshed();
    });
    c.on('error', (err) => {
      if (c !== client) return;
      if (protocolVersion === 5 && UNSUPPORTED_PROTOCOL.has((err as Error & { code?: number }).code ?? -1)) {
        client = open(4);
        c.end(true);
        return;
      }
      log.warn({ err: err.message }, 'external MQTT broker');
    });
    c.on('message', onMessage);
    return c;
  };
  client = open(5);
  setBrokerPort(config.mqttPublicPort);
  const timer = setInterval(() => {
    if (client.connected) refreshed();
  }, CACHE_MS);
  timer.unref();
  log.info({ broker: new URL(url).host, shareGroup: group || null }, 'subscribing to the external MQTT broker');
  return async () => {
    setBrokerPort(null);
    clearInterval(timer);
    await client.endAsync();
  };
}

/** Starts MQTT ingestion the way the configuration says. */
export function startMqtt(orm: MikroORM, config: Config, log: Logger): Promise<() => Promise<void>> {
  return config.MQTT_URL ? externalBroker(orm, config, log) : embeddedBroker(orm, config, log);
}
