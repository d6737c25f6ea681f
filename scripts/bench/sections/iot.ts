// The `iot` section of `npm run bench`: device report ingestion, parsed in process, stored over HTTP and MQTT, lag to the nearby index.
/**
 * `npm run bench`, the `iot` section (BENCH_ROUTES `iot`): what device report ingestion costs (subgraphs/iot/devices,
 * docs/iot.md "Ingestion"). Run once, in the first topology of the bench, after that topology's route runs, on the
 * bench's platform and database (a SharedSection: index.ts runs it and renders its report).
 *
 * Fixtures, through the bridge (fixtures.ts's helpers and header set A): in the bench's workspace an IoTSP
 * (`POST /v1/:wid/iotsp/setup`) and its context token; a rule in the style of a Queclink GV300 `+RESP:GTFRI` report
 * (17 fields: protocol version, IMEI, name, report type, accuracy, speed, heading, altitude, longitude, latitude, fix
 * time, MCC, MNC, LAC, cell id, battery, count; about 105 characters a line); a topic filter `bench/<run>/+/report`
 * (QoS 1); a fleet of the bench's LSP with one vehicle per device; HTTP_DEVICES + MQTT_DEVICES + 2 devices, each bound
 * to its own vehicle (so every writer batch publishes `iot.position` events, as trackers in vehicles do).
 *
 * What it measures:
 *
 * 1. in-process, on the bench's one thread (no I/O): compileRule, then parse over 1,000 different lines of the rule
 *    (also the platform's whole CPU step before the queue, `prepare`: parse and the row, and the rows' JSON, which the
 *    writer sends as one parameter);
 * 2. end to end, reports stored: rounds (the bench's BENCH_ROUNDS) of three runs of BENCH_IOT_SECONDS each, in turn:
 *    - bare: plain `pg`, one connection, the same rows (made by the platform's own `prepare` from the same lines)
 *      inserted into iot.report by the INSERT of the writer's statement (STORE_BATCH's first part: one INSERT … select from
 *      jsonb_to_recordset), BENCH_IOT_BATCH rows a statement, one after the other (one writer, as the platform);
 *    - HTTP: HTTP_DEVICES devices, each posting batches of BENCH_IOT_BATCH lines to
 *      `POST /v1/iotsp/devices/:reference/reports` through the bridge, one request in flight per device;
 *    - MQTT: MQTT_DEVICES devices, one `mqtt` client each, publishing one report per message with QoS 1 to the
 *      embedded broker, at most MQTT_WINDOW unacknowledged publishes per client;
 *    each run sends until its time is up, then counts its rows in iot.report with SQL: the rate is the rows counted ÷
 *    the time from the first send to the count that found them all. Also, per run: the writer's transactions (distinct
 *    `xmin` of the run's rows, so rows per INSERT), the `iot.position` events, and the CPU time of the platform's
 *    process tree, of the PostgreSQL server's processes on this machine (none on PGlite: it runs inside the platform)
 *    and of the bench, from /proc;
 * 3. lag, MQTT publish → the nearby index: a device bound to its own vehicle publishes a position (a new latitude each
 *    time), and the bench polls utilities.live_vehicle_position by SQL every LAG_POLL_MS until the vehicle's row has
 *    it; BENCH_IOT_LAG_SAMPLES samples with the platform otherwise idle (50–150 ms apart, so the samples do not keep
 *    step with the 100 ms consumer), and as many as fit during the MQTT runs, from a second device (under load).
 *    Each sample also records the PUBACK (Aedes sends it once the broker has stored the report).
 *
 * On DATABASE_URL the reports it stored are deleted at the end (devices, rules and events stay, like the other
 * fixtures). Environment: BENCH_IOT_SECONDS (5), BENCH_IOT_BATCH (1000, at most 1000: the route's limit),
 * BENCH_IOT_LAG_SAMPLES (40).
 */
import { cpus } from 'node:os';
import mqtt, { type MqttClient } from 'mqtt';
import pg from 'pg';
import { compileRule } from '../../../subgraphs/iot/rules/compile.js';
import { type RuleDefinition } from '../../../subgraphs/iot/rules/vocabulary.js';
import { prepare, type DeviceInfo } from '../../../subgraphs/iot/devices/ingest.js';
import { addTruck, call, createFleet, createProvider, rng, setA, sleep, vin, type Fixtures } from '../fixtures.js';
import { EXTERNAL_DB, cpuSeconds, machineCpuSeconds, processTable, processTree, setting, type SharedSection } from '../platform.js';
import { ascending, code, fmt, list, median, pct, ratio, table, type Block } from '../report.js';

// ───────────────────────────── settings ─────────────────────────────

export const IOT_SECONDS = setting('BENCH_IOT_SECONDS', 5, 0.1);
export const IOT_BATCH = Math.round(setting('BENCH_IOT_BATCH', 500, 1));
const LAG_SAMPLES = Math.round(setting('BENCH_IOT_LAG_SAMPLES', 40, 1));
if (IOT_BATCH > 1000) throw new Error('BENCH_IOT_BATCH: at most 1000 (the lines one HTTP batch may carry)');

/** Devices posting HTTP batches (one request in flight each). */
const HTTP_DEVICES = 8;
/** Devices publishing over MQTT (one client each). */
const MQTT_DEVICES = 16;
/** Unacknowledged QoS 1 publishes per MQTT client. */
const MQTT_WINDOW = 50;
/** Different request bodies (or lines) each device sends in turn. */
const BODIES_PER_DEVICE = 4;
/** How often the lag probe reads the vehicle's position. */
const LAG_POLL_MS = 5;
/** A lag sample not seen in the index by then counts as lost. */
const LAG_TIMEOUT_MS = 5000;
/** Rounds of the in-process measurements, and how long each runs. */
const CPU_ROUNDS = 3;
const CPU_MS = 700;

const ORIGIN = 'https://console.bench-iot.example';

// ───────────────────────────── the rule and its lines ─────────────────────────────

/** A Queclink GV300-style `+RESP:GTFRI` fixed report (longitude before latitude, as the device writes it). */
export const GTFRI_RULE = {
  type: 'REPORT',
  description: 'Queclink GV300 fixed report (GTFRI)',
  head: ['+RESP:GTFRI', '+BUFF:GTFRI'],
  struct:
    'HEAD,{protocol.version},{device.id},{device.name},{report.type},{position.accuracy},{position.speed},{position.direction},{position.altitude},' +
    '{position.longitude},{position.latitude},{position.time},{gsm.mcc},{gsm.mnc},{gsm.lac},{gsm.cellid},{battery.level},{device.count},$',
  schema: {
    'protocol.version': { type: 'string', description: 'Protocol version' },
    'device.id': { type: 'string', description: 'IMEI' },
    'device.name': { type: 'string', description: 'Device model' },
    'report.type': { type: 'number', description: 'Report type' },
    'position.accuracy': { type: 'number', description: 'HDOP' },
    'position.speed': { type: 'number', unit: 'km/h', description: 'Ground speed' },
    'position.direction': { type: 'number', unit: 'degrees', description: 'Heading' },
    'position.altitude': { type: 'number', unit: 'meters', description: 'Altitude' },
    'position.longitude': { type: 'number', unit: 'degrees', description: 'Longitude' },
    'position.latitude': { type: 'number', unit: 'degrees', description: 'Latitude' },
    'position.time': { type: 'number', unit: 'seconds', description: 'Fix time, Unix seconds' },
    'gsm.mcc': { type: 'string', description: 'Mobile country code' },
    'gsm.mnc': { type: 'string', description: 'Mobile network code' },
    'gsm.lac': { type: 'string', description: 'Location area code (hex)' },
    'gsm.cellid': { type: 'string', description: 'Cell id (hex)' },
    'battery.level': { type: 'number', unit: 'percentage', description: 'Battery' },
    'device.count': { type: 'number', description: 'Message counter' },
  },
  tags: ['tracker', 'bench'],
};

const hex4 = (n: number) => (n & 0xffff).toString(16).toUpperCase().padStart(4, '0');

/** One report line of device `imei`, its `seq`-th, at `lat`/`lng`, fixed at `time` (Unix seconds). */
export function gtfriLine(imei: string, seq: number, lat: number, lng: number, time: number, random: () => number): string {
  const speed = (random() * 90).toFixed(1);
  const heading = Math.floor(random() * 360);
  const altitude = (1600 + random() * 100).toFixed(1);
  const battery = 20 + Math.floor(random() * 80);
  return `+RESP:GTFRI,C30203,${imei},GV300W,1,${1 + Math.floor(random() * 3)},${speed},${heading},${altitude},${lng.toFixed(6)},${lat.toFixed(6)},${time},639,02,${hex4(0x7d00 + seq)},${hex4(0xb800 + seq * 7)},${battery},${String(seq % 10_000).padStart(4, '0')},$`;
}

/** `count` lines of one device, moving around Nairobi, one second apart, ending about now. */
function linesOf(imei: string, count: number, from: number, random: () => number): string[] {
  const now = Math.floor(Date.now() / 1000);
  let lat = -1.2864 + (random() - 0.5) * 0.2;
  let lng = 36.8172 + (random() - 0.5) * 0.2;
  return Array.from({ length: count }, (_, i) => {
    lat += (random() - 0.5) * 1e-3;
    lng += (random() - 0.5) * 1e-3;
    return gtfriLine(imei, from + i, lat, lng, now - count + i, random);
  });
}

// ───────────────────────────── CPU time, from /proc ─────────────────────────────

interface CpuSnapshot {
  at: number;
  platform: number;
  postgres: number;
  bench: number;
  /** CPU seconds of the whole machine (every core; /proc/stat, all but idle and iowait). */
  machine: number;
}

/** CPU seconds so far of the platform's process tree, of the `postgres` processes of this machine, and of the bench. */
function cpuSnapshot(platformPid: number): CpuSnapshot {
  const all = processTable();
  const tree = new Set(processTree(platformPid, all));
  const sum = (pids: number[]) => pids.reduce((a, pid) => a + cpuSeconds(pid), 0);
  const u = process.cpuUsage();
  return {
    at: performance.now(),
    platform: sum([...tree]),
    postgres: sum(all.filter((p) => p.comm === 'postgres' && !tree.has(p.pid)).map((p) => p.pid)),
    bench: (u.user + u.system) / 1e6,
    machine: machineCpuSeconds(),
  };
}

/** Cores busy (CPU seconds ÷ wall seconds) between two snapshots; `others`: the rest of the machine's busy cores. */
const busy = (a: CpuSnapshot, b: CpuSnapshot) => {
  const s = (b.at - a.at) / 1000;
  const platform = (b.platform - a.platform) / s;
  const postgres = (b.postgres - a.postgres) / s;
  const bench = (b.bench - a.bench) / s;
  return { platform, postgres, bench, others: Math.max(0, (b.machine - a.machine) / s - platform - postgres - bench) };
};

// ───────────────────────────── results ─────────────────────────────

export interface CpuRate {
  step: string;
  perSecond: number[];
}

export type Path = 'bare' | 'HTTP' | 'MQTT';

export interface ThroughputRun {
  path: Path;
  reports: number;
  seconds: number;
  rate: number;
  failures: number;
  /** Writer transactions of the run's rows (distinct xmin); the bare run's INSERTs. */
  transactions: number;
  events: number;
  cores: { platform: number; postgres: number; bench: number; others: number };
}

export interface LagSample {
  /** publish → the position in utilities.live_vehicle_position, ms (Infinity: not seen in LAG_TIMEOUT_MS). */
  visible: number;
  /** publish → PUBACK, ms (Aedes acknowledges a QoS 1 publish once the broker's authorizePublish has stored it). */
  puback: number;
}

export interface IotResult {
  cores: number;
  rounds: number;
  compileMicros: number;
  parse: CpuRate[];
  runs: ThroughputRun[];
  lagIdle: LagSample[];
  lagLoaded: LagSample[];
  devices: { http: number; mqtt: number };
  lineChars: number;
  setupSeconds: number;
  notes: string[];
}

// ───────────────────────────── fixtures ─────────────────────────────

interface Device {
  reference: string;
  password: string;
  imei: string;
  vehicleId: string;
}

interface World {
  iotToken: string;
  stamp: string;
  topicFilter: string;
  http: Device[];
  mqtt: Device[];
  lag: [Device, Device];
  ruleId: string;
}

async function makeWorld(bridge: string, fx: Fixtures, log: (m: string) => void): Promise<World> {
  const random = rng(2611);
  const stamp = `${Date.now().toString(36)}${Math.floor(random() * 1e6).toString(36)}`;
  const owner = setA(fx.user.accessToken);
  const wid = fx.workspaceId;
  const { contextToken: iotToken } = await createProvider(bridge, owner, wid, 'iotsp', {
    type: 'TELEMATICS',
    name: `Bench Telematics ${stamp}`,
    contacts: { emails: ['iot@bench.example'], phones: ['+254700000002'] },
    address: { city: 'Nairobi', country: 'KE', coordinates: [-1.2864, 36.8172] },
  });
  const iot = setA(iotToken);
  const rule = await call<{ data: { id: string; reference: string } }>('POST', `${bridge}/v1/iotsp/rules/add`, { ...iot, origin: ORIGIN }, GTFRI_RULE);
  const topicFilter = `bench/${stamp}/+/report`;
  const topic = await call<{ data: { reference: string } }>('POST', `${bridge}/v1/iotsp/topics/register`, iot, {
    path: topicFilter,
    qos: '1',
    description: 'Bench position reports',
    tags: ['bench'],
  });

  // one vehicle per device, in a fleet of the bench's LSP
  const lsp = setA(fx.lsp.contextToken);
  const fleetId = await createFleet(bridge, lsp, {
    code: `IOT-${stamp}`.slice(0, 20).toUpperCase(),
    name: 'Bench tracked fleet',
    description: 'Vehicles with IoT trackers',
    operatingHours: [{ dayOfWeek: 'MONDAY', openTime: '06:00', closeTime: '22:00' }],
  });
  const total = HTTP_DEVICES + MQTT_DEVICES + 2;
  log(`  iot: an IoTSP, a rule, a topic, ${total} vehicles and ${total} devices through the bridge ...`);
  const devices: Device[] = [];
  for (let i = 0; i < total; i++) {
    const vehicleId = await addTruck(bridge, lsp, fleetId, { VIN: vin(random), model: 'FRR', manufactured: 2021, registrationNumber: `KDB ${200 + i}T`, tonnes: 8 });
    const imei = `86201${String(Math.floor(random() * 1e6)).padStart(6, '0')}${String(i).padStart(4, '0')}`;
    const reg = await call<{ data: { device: { reference: string }; credential: { username: string; password: string } } }>('POST', `${bridge}/v1/iotsp/devices`, iot, {
      externalId: imei,
      rule: rule.data.reference,
      topic: topic.data.reference,
      vehicleId,
      name: `Bench tracker ${i + 1}`,
    });
    devices.push({ reference: reg.data.device.reference, password: reg.data.credential.password, imei, vehicleId });
  }
  return {
    iotToken,
    stamp,
    topicFilter,
    ruleId: rule.data.id,
    http: devices.slice(0, HTTP_DEVICES),
    mqtt: devices.slice(HTTP_DEVICES, HTTP_DEVICES + MQTT_DEVICES),
    lag: [devices[total - 2], devices[total - 1]],
  };
}

// ───────────────────────────── 1. in process ─────────────────────────────

/** Runs `step` (which handles `per` reports a call) for CPU_MS, CPU_ROUNDS times after a warm-up: reports per second of each round. */
function rateOf(step: () => number, per: number): number[] {
  let sink = 0;
  const until = performance.now() + 300;
  while (performance.now() < until) sink += step();
  const rates: number[] = [];
  for (let r = 0; r < CPU_ROUNDS; r++) {
    let n = 0;
    const start = performance.now();
    let now = start;
    while (now - start < CPU_MS) {
      sink += step();
      n += per;
      now = performance.now();
    }
    rates.push(n / ((now - start) / 1000));
  }
  if (sink === -1) process.stderr.write('');
  return rates;
}

function measureInProcess(workspaceId: string): { compileMicros: number; parse: CpuRate[]; lineChars: number } {
  const def = GTFRI_RULE as unknown as RuleDefinition;
  const random = rng(99);
  const lines = linesOf('862010000000001', 1000, 0, random);
  const lineChars = Math.round(lines.reduce((a, l) => a + l.length, 0) / lines.length);
  // compileRule: checkRule and the converters
  let compiled = compileRule(def);
  const compiles = 2000;
  const c0 = performance.now();
  for (let i = 0; i < compiles; i++) compiled = compileRule(def);
  const compileMicros = ((performance.now() - c0) * 1000) / compiles;
  for (const l of lines) {
    const r = compiled.parse(l);
    if (!r.ok) throw new Error(`the bench's GTFRI line does not parse: ${r.error.code} at ${r.error.position}: ${r.error.message}\n${l}`);
  }
  let i = 0;
  const parse = rateOf(() => (compiled.parse(lines[i++ % lines.length]).ok ? 1 : 0), 1);
  const info: DeviceInfo = {
    id: '00000000-0000-4000-8000-000000000001',
    workspaceId,
    icode: 'IOT-BENCH',
    reference: 'DVC-BENCH',
    status: 'ACTIVE',
    vehicleId: '00000000-0000-4000-8000-000000000002',
    vehicleType: 'TRUCK',
    topicPath: null,
    rule: { id: 'bench-in-process', head: GTFRI_RULE.head, struct: GTFRI_RULE.struct, schema: GTFRI_RULE.schema, status: 'ACTIVE' },
  };
  const batch = lines.slice(0, IOT_BATCH);
  const prepared = rateOf(() => prepare(info, batch, 'HTTP', null).rows.length, batch.length);
  const serialised = rateOf(() => JSON.stringify(prepare(info, batch, 'HTTP', null).rows).length, batch.length);
  return {
    compileMicros,
    lineChars,
    parse: [
      { step: 'compileRule once, then `parse` of one line (the rule’s compiled parser)', perSecond: parse },
      { step: `\`prepare\`: parse and the stored row (batches of ${IOT_BATCH} lines)`, perSecond: prepared },
      { step: '`prepare` and the rows’ JSON (the writer’s one parameter)', perSecond: serialised },
    ],
  };
}

// ───────────────────────────── 2. reports stored ─────────────────────────────

/** The INSERT of the writer's statement (STORE_BATCH, subgraphs/iot/devices/ingest.ts): the bare baseline's statement. */
const INSERT_SQL = `insert into iot.report (workspace_id, device_id, outcome, source, topic, measured_at, received_at, head, "values", lat, lng, line, error)
     select workspace_id, device_id, outcome, source, topic, measured_at, received_at, head, "values", lat, lng, line, error
     from jsonb_to_recordset($1::jsonb) as r(workspace_id uuid, device_id uuid, outcome text, source text, topic text, measured_at timestamptz, received_at timestamptz,
       head text, "values" jsonb, lat float8, lng float8, line text, error jsonb)`;

class Db {
  constructor(private readonly client: pg.Client) {}
  static async open(url: string): Promise<Db> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return new Db(client);
  }
  query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) {
    return this.client.query<T>(sql, params);
  }
  async maxId(): Promise<number> {
    const { rows } = await this.query<{ m: string | null }>('select max(id) as m from iot.report');
    return Number(rows[0].m ?? 0);
  }
  async maxEvent(): Promise<number> {
    const { rows } = await this.query<{ m: string | null }>("select max(id) as m from events.log where topic = 'iot.position'");
    return Number(rows[0].m ?? 0);
  }
  async count(after: number, devices: string[]): Promise<number> {
    const { rows } = await this.query<{ n: string }>('select count(*) as n from iot.report where id > $1 and device_id = any($2::uuid[])', [after, devices]);
    return Number(rows[0].n);
  }
  end() {
    return this.client.end();
  }
}

interface RunContext {
  db: Db;
  platformPid: number;
  workspaceId: string;
}

/**
 * Counts the run's rows until they are all there, or `patienceMs` pass without a new one; answers the count and the
 * time it was found (a row that never comes counts as a failure of the run).
 */
async function countUntil(ctx: RunContext, after: number, devices: string[], expected: number, patienceMs = 5000): Promise<{ n: number; at: number }> {
  let last = -1;
  let lastAt = performance.now();
  for (;;) {
    const n = await ctx.db.count(after, devices);
    const at = performance.now();
    if (n >= expected) return { n, at };
    if (n !== last) [last, lastAt] = [n, at];
    else if (at - lastAt > patienceMs) return { n, at: lastAt };
    await sleep(5);
  }
}

/** Where a run starts: the last report and position event so far, the CPU so far, its clock, and when it stops sending. */
interface RunStart {
  firstId: number;
  firstEvent: number;
  cpu0: CpuSnapshot;
  t0: number;
  deadline: number;
}

async function startRun(ctx: RunContext): Promise<RunStart> {
  const firstId = await ctx.db.maxId();
  const firstEvent = await ctx.db.maxEvent();
  const cpu0 = cpuSnapshot(ctx.platformPid);
  const t0 = performance.now();
  return { firstId, firstEvent, cpu0, t0, deadline: t0 + IOT_SECONDS * 1000 };
}

/** What a run leaves: its rows' transactions and the position events, read after the timed part (which ended at `cpu1`). */
async function afterRun(ctx: RunContext, path: Path, start: RunStart, devices: string[], found: { n: number; at: number }, cpu1: CpuSnapshot, failures: number): Promise<ThroughputRun> {
  const { rows } = await ctx.db.query<{ tx: string }>('select count(distinct xmin::text) as tx from iot.report where id > $1 and device_id = any($2::uuid[])', [start.firstId, devices]);
  const ev = await ctx.db.query<{ n: string }>("select count(*) as n from events.log where topic = 'iot.position' and id > $1", [start.firstEvent]);
  const seconds = (found.at - start.t0) / 1000;
  return { path, reports: found.n, seconds, rate: found.n / seconds, failures, transactions: Number(rows[0].tx), events: Number(ev.rows[0].n), cores: busy(start.cpu0, cpu1) };
}

/** The bare baseline: the same rows by the writer's statement, on one `pg` connection, one INSERT after the other. */
async function bareRun(ctx: RunContext, url: string, batches: object[][], deviceId: string): Promise<ThroughputRun> {
  const writer = await Db.open(url);
  try {
    const start = await startRun(ctx);
    let sent = 0;
    for (let i = 0; performance.now() < start.deadline; i++) {
      const rows = batches[i % batches.length];
      await writer.query(INSERT_SQL, [JSON.stringify(rows)]);
      sent += rows.length;
    }
    const found = await countUntil(ctx, start.firstId, [deviceId], sent);
    const cpu1 = cpuSnapshot(ctx.platformPid);
    return await afterRun(ctx, 'bare', start, [deviceId], found, cpu1, sent - found.n);
  } finally {
    await writer.end();
  }
}

/** HTTP batches through the bridge: one request in flight per device. */
async function httpRun(ctx: RunContext, bridge: string, w: World, bodies: string[][], deviceIds: string[]): Promise<{ run: ThroughputRun; firstFailure?: string }> {
  const headers = { ...setA(w.iotToken), 'content-type': 'application/json' };
  const start = await startRun(ctx);
  const { deadline } = start;
  let sent = 0;
  let failures = 0;
  let firstFailure: string | undefined;
  await Promise.all(
    w.http.map(async (d, k) => {
      for (let i = 0; performance.now() < deadline; i++) {
        const res = await fetch(`${bridge}/v1/iotsp/devices/${d.reference}/reports`, { method: 'POST', headers, body: bodies[k][i % bodies[k].length] });
        const text = await res.text();
        if (res.status === 200 && text.includes(`"stored":${IOT_BATCH}`)) sent += IOT_BATCH;
        else {
          failures++;
          firstFailure ??= `${res.status} ${text.slice(0, 300)}`;
        }
      }
    }),
  );
  const found = await countUntil(ctx, start.firstId, deviceIds, sent);
  const cpu1 = cpuSnapshot(ctx.platformPid);
  return { run: await afterRun(ctx, 'HTTP', start, deviceIds, found, cpu1, failures), firstFailure };
}

/** MQTT publishes, QoS 1, at most MQTT_WINDOW in flight per client; and the lag probe of the second lag device meanwhile. */
async function mqttRun(
  ctx: RunContext,
  w: World,
  clients: MqttClient[],
  payloads: Buffer[][],
  deviceIds: string[],
  probe: LagProbe,
  loaded: LagSample[],
): Promise<{ run: ThroughputRun; firstFailure?: string }> {
  const start = await startRun(ctx);
  const { deadline } = start;
  let sent = 0;
  let failures = 0;
  let firstFailure: string | undefined;
  const probing = (async () => {
    while (performance.now() < deadline) {
      loaded.push(await probe.sample());
      await sleep(50 + Math.random() * 100);
    }
  })();
  await Promise.all(
    clients.map(
      (client, k) =>
        new Promise<void>((resolve) => {
          const topic = w.topicFilter.replace('+', w.mqtt[k].imei);
          let inflight = 0;
          let i = 0;
          const pump = () => {
            while (inflight < MQTT_WINDOW && performance.now() < deadline) {
              inflight++;
              sent++;
              client.publish(topic, payloads[k][i++ % payloads[k].length], { qos: 1 }, (err) => {
                inflight--;
                if (err) {
                  failures++;
                  firstFailure ??= err.message;
                }
                pump();
              });
            }
            if (inflight === 0 && performance.now() >= deadline) resolve();
          };
          pump();
        }),
    ),
  );
  // every PUBACK is in, and the broker acknowledges a QoS 1 publish once it is stored: count until the rows are all in
  // (a report whose storing failed was refused and counts as a failure)
  const found = await countUntil(ctx, start.firstId, deviceIds, sent - failures, 3000);
  const cpu1 = cpuSnapshot(ctx.platformPid);
  await probing;
  return { run: await afterRun(ctx, 'MQTT', start, deviceIds, found, cpu1, failures + Math.max(0, sent - failures - found.n)), firstFailure };
}

// ───────────────────────────── 3. lag to the nearby index ─────────────────────────────

interface LagProbe {
  sample(): Promise<LagSample>;
}

/** Publishes a new position of `d` and polls its vehicle's row in the nearby index until it is there. */
function lagProbe(ctx: RunContext, poll: Db, client: MqttClient, d: Device, topicFilter: string, lane: number): LagProbe {
  const topic = topicFilter.replace('+', d.imei);
  const random = rng(31 + lane);
  let seq = 0;
  return {
    async sample() {
      seq++;
      // a latitude no earlier sample of this device had (6 decimals, as the line writes it)
      const lat = Number((-1.3 - lane * 0.1 - seq * 1e-4).toFixed(6));
      const lng = 36.8 + (seq % 100) * 1e-4;
      const line = gtfriLine(d.imei, seq, lat, lng, Math.floor(Date.now() / 1000), random);
      let puback = Infinity;
      const t0 = performance.now();
      client.publish(topic, line, { qos: 1 }, (err) => {
        if (!err) puback = performance.now() - t0;
      });
      for (;;) {
        const { rows } = await poll.query<{ lat: number }>('select lat from utilities.live_vehicle_position where workspace_id = $1 and vehicle_id = $2', [ctx.workspaceId, d.vehicleId]);
        const now = performance.now();
        if (rows.length && Math.abs(Number(rows[0].lat) - lat) < 1e-7) return { visible: now - t0, puback };
        if (now - t0 > LAG_TIMEOUT_MS) return { visible: Infinity, puback };
        await sleep(LAG_POLL_MS);
      }
    },
  };
}

// ───────────────────────────── the section ─────────────────────────────

/** Log lines without their clock, each once with how many times it came. */
function byCount(tail: string): string {
  const counts = new Map<string, number>();
  for (const line of tail.split('\n')) {
    const l = line.replace(/\d\d:\d\d:\d\d\.\d{3} /, '');
    counts.set(l, (counts.get(l) ?? 0) + 1);
  }
  return [...counts].map(([l, n]) => `${n}× ${l}`).join('\n');
}

async function runIot(o: Parameters<SharedSection<IotResult>['run']>[0], log: (msg: string) => void, aborted: () => boolean): Promise<IotResult> {
  const notes: string[] = [];
  const setupStarted = performance.now();
  const w = await makeWorld(o.bridge, o.fx, log);
  const setupSeconds = (performance.now() - setupStarted) / 1000;

  log('  iot: parsing in process ...');
  const inProcess = measureInProcess(o.fx.workspaceId);

  const db = await Db.open(o.databaseUrl);
  const poll = await Db.open(o.databaseUrl);
  const ctx: RunContext = { db, platformPid: o.platform.pid, workspaceId: o.fx.workspaceId };
  const { rows: idRows } = await db.query<{ id: string; reference: string }>('select id::text, reference from iot.device where reference = any($1)', [[...w.http, ...w.mqtt].map((d) => d.reference)]);
  const idOf = new Map(idRows.map((r) => [r.reference, r.id]));
  const httpIds = w.http.map((d) => idOf.get(d.reference)!);
  const mqttIds = w.mqtt.map((d) => idOf.get(d.reference)!);
  const bareDevice = '00000000-0000-4000-8000-0000000000ba';

  // the requests, lines and rows, made before anything is timed
  const random = rng(4242);
  const httpBodies = w.http.map((d) => Array.from({ length: BODIES_PER_DEVICE }, (_, b) => JSON.stringify({ reports: linesOf(d.imei, IOT_BATCH, b * IOT_BATCH, random) })));
  const mqttPayloads = w.mqtt.map((d) => linesOf(d.imei, 1000, 0, random).map((l) => Buffer.from(l)));
  const bareInfo: DeviceInfo = {
    id: bareDevice,
    workspaceId: o.fx.workspaceId,
    icode: 'BARE',
    reference: 'DVC-BARE',
    status: 'ACTIVE',
    vehicleId: null,
    vehicleType: null,
    topicPath: null,
    rule: { id: `bench-bare-${w.stamp}`, head: GTFRI_RULE.head, struct: GTFRI_RULE.struct, schema: GTFRI_RULE.schema, status: 'ACTIVE' },
  };
  const bareBatches = Array.from({ length: BODIES_PER_DEVICE }, (_, b) => prepare(bareInfo, linesOf(w.http[0].imei, IOT_BATCH, b * IOT_BATCH, random), 'HTTP', null).rows);

  const url = `mqtt://127.0.0.1:${o.mqttPort}`;
  const connect = (d: Device, k: string) => mqtt.connectAsync(url, { username: d.reference, password: d.password, clientId: `bench-${w.stamp}-${k}`, reconnectPeriod: 0, clean: true });
  const clients = await Promise.all(w.mqtt.map((d, k) => connect(d, String(k))));
  const lagClients = await Promise.all(w.lag.map((d, k) => connect(d, `lag${k}`)));
  const idleProbe = lagProbe(ctx, poll, lagClients[0], w.lag[0], w.topicFilter, 0);
  const loadedProbe = lagProbe(ctx, poll, lagClients[1], w.lag[1], w.topicFilter, 1);

  const runs: ThroughputRun[] = [];
  const lagIdle: LagSample[] = [];
  const lagLoaded: LagSample[] = [];
  try {
    // the first publish of each lag device makes its vehicle's row; a warm-up of every path
    await idleProbe.sample();
    await loadedProbe.sample();
    log('  iot: lag, publish → nearby index (idle) ...');
    for (let i = 0; i < LAG_SAMPLES && !aborted(); i++) {
      lagIdle.push(await idleProbe.sample());
      await sleep(50 + Math.random() * 100);
    }
    for (let round = 1; round <= o.rounds; round++) {
      for (const path of ['bare', 'HTTP', 'MQTT'] as Path[]) {
        if (aborted()) throw new Error('interrupted');
        const r =
          path === 'bare'
            ? { run: await bareRun(ctx, o.databaseUrl, bareBatches, bareDevice) }
            : path === 'HTTP'
              ? await httpRun(ctx, o.bridge, w, httpBodies, httpIds)
              : await mqttRun(ctx, w, clients, mqttPayloads, mqttIds, loadedProbe, lagLoaded);
        const { run } = r;
        if ('firstFailure' in r && r.firstFailure) notes.push(`${path} round ${round}: first failure: ${r.firstFailure}`);
        if (run.failures) notes.push(`${path} round ${round}: ${run.failures} reports not stored; the platform's last lines, by count:\n\n${code(byCount(o.platform.tail(20)))}`);
        runs.push(run);
        const c = run.cores;
        log(
          `  iot round ${round}/${o.rounds}  ${path.padEnd(4)} ${Math.round(run.rate).toLocaleString('en-US').padStart(7)} reports/s  (${run.reports.toLocaleString('en-US')} in ${run.seconds.toFixed(2)} s, ` +
            `${run.transactions} tx, ${run.events} events; cores: platform ${c.platform.toFixed(2)}, postgres ${c.postgres.toFixed(2)}, bench ${c.bench.toFixed(2)})${run.failures ? `  FAILURES ${run.failures}` : ''}`,
        );
      }
    }
  } finally {
    await Promise.all([...clients, ...lagClients].map((c) => c.endAsync().catch(() => undefined)));
    if (EXTERNAL_DB) {
      const { rowCount } = await db.query('delete from iot.report where workspace_id = $1 or device_id = $2', [o.fx.workspaceId, bareDevice]);
      log(`  iot: removed the benchmark's ${rowCount} reports from DATABASE_URL`);
    }
    await db.end();
    await poll.end();
  }
  return {
    cores: cpus().length,
    rounds: o.rounds,
    compileMicros: inProcess.compileMicros,
    parse: inProcess.parse,
    runs,
    lagIdle,
    lagLoaded,
    devices: { http: HTTP_DEVICES, mqtt: MQTT_DEVICES },
    lineChars: inProcess.lineChars,
    setupSeconds,
    notes,
  };
}

// ───────────────────────────── report ─────────────────────────────

/** A lag in ms: one decimal below 10, else whole; `lost` for a sample never seen in the index. */
const lagMs = (n: number) => (Number.isFinite(n) ? (n < 10 ? n.toFixed(1) : fmt.int(n)) : 'lost');

function lagRow(label: string, samples: LagSample[]): string[] {
  const v = ascending(samples.map((s) => s.visible));
  const s = ascending(samples.map((s) => s.puback));
  const lost = v.filter((t) => !Number.isFinite(t)).length;
  const p95 = pct(v, 0.95);
  return [
    label,
    String(samples.length),
    lagMs(pct(v, 0.5)),
    `**${lagMs(p95)}**`,
    lagMs(v.at(-1) ?? NaN),
    `${lagMs(pct(s, 0.5))} / ${lagMs(pct(s, 0.95))}`,
    lost ? `${lost} lost` : p95 <= 500 ? 'met' : '**missed**',
  ];
}

function iotReport(r: IotResult, database: string): Block[] {
  const blocks: Block[] = [
    '### IoT device reports (`iot`)',
    `A ${GTFRI_RULE.head[0]} tracker rule (${GTFRI_RULE.struct.split(',').length - 2} fields, ${r.lineChars} characters a line); ${r.cores} cores; ${database}. ` +
      `Platform defaults: INGEST_BATCH 2000, INGEST_QUEUE_MAX 20,000. Fixtures through the bridge in ${r.setupSeconds.toFixed(1)} s.`,
    `**Parsed in process** (the bench's one thread, no I/O; ${CPU_ROUNDS} × ${CPU_MS} ms, median; compileRule: ${r.compileMicros.toFixed(0)} µs a rule):`,
    table(
      ['step', 'reports/s, one core', 'µs a report', 'by round'],
      r.parse.map((p) => {
        const m = median(p.perSecond);
        return [p.step, fmt.int(m), (1e6 / m).toFixed(2), p.perSecond.map(fmt.int).join(' · ')];
      }),
      'lrrr',
    ),
  ];
  const by = (p: Path) => r.runs.filter((x) => x.path === p);
  const bareRate = median(by('bare').map((x) => x.rate));
  blocks.push(
    `**Stored end to end** (${r.rounds} rounds × ${IOT_SECONDS} s per path, in turn, median; rows counted in iot.report by SQL; **${r.cores} cores**; CPU from /proc: ` +
      "a process's CPU seconds ÷ the reports of the run, and ÷ its wall seconds (cores busy; `others`: the rest of the machine's busy CPU, other processes than the platform, PostgreSQL and the bench; " +
      `on PGlite the database is inside the platform's process):`,
  );
  const rows: string[][] = [];
  const label: Record<Path, string> = {
    bare: `bare: plain \`pg\`, one connection, the writer's INSERT, ${IOT_BATCH} rows a statement`,
    HTTP: `HTTP: ${r.devices.http} devices × batches of ${IOT_BATCH} lines, 1 request in flight each, through the bridge`,
    MQTT: `MQTT: ${r.devices.mqtt} clients, 1 report a message, QoS 1, ≤ ${MQTT_WINDOW} unacknowledged each`,
  };
  for (const p of ['bare', 'HTTP', 'MQTT'] as Path[]) {
    const runs = by(p);
    if (!runs.length) continue;
    const rate = median(runs.map((x) => x.rate));
    const tx = runs.reduce((a, x) => a + x.transactions, 0);
    const reports = runs.reduce((a, x) => a + x.reports, 0);
    const events = runs.reduce((a, x) => a + x.events, 0);
    const failures = runs.reduce((a, x) => a + x.failures, 0);
    const core = (k: 'platform' | 'postgres' | 'bench' | 'others') => median(runs.map((x) => x.cores[k])).toFixed(2);
    const micros = (k: 'platform' | 'postgres' | 'bench') => fmt.int(median(runs.map((x) => (1e6 * x.cores[k]) / x.rate)));
    rows.push([
      label[p],
      fmt.int(rate),
      p === 'bare' ? '1' : `**${ratio(rate, bareRate)}**`,
      fmt.int(reports / Math.max(1, tx)),
      p === 'bare' ? '–' : (events / Math.max(1, tx)).toFixed(1),
      `${micros('platform')} / ${micros('postgres')} / ${micros('bench')}`,
      `${core('platform')} / ${core('postgres')} / ${core('bench')} / ${core('others')}`,
      String(failures),
      runs.map((x) => fmt.int(x.rate)).join(' · '),
    ]);
  }
  blocks.push(
    table(
      [
        'path',
        'reports/s',
        '÷ bare',
        'rows a transaction',
        'position events a tx',
        'CPU µs a report: platform / PostgreSQL / bench',
        'cores busy: platform / PostgreSQL / bench / others',
        'failures',
        'reports/s by round',
      ],
      rows,
      'lrrrrrrrr',
    ),
    `**Lag, MQTT publish → utilities.live_vehicle_position** (target p95 ≤ 500 ms; polled by SQL every ${LAG_POLL_MS} ms; the PUBACK comes once the report is stored):`,
    table(
      ['when', 'samples', 'p50 ms', 'p95 ms', 'max ms', 'PUBACK p50 / p95 ms', 'target'],
      [lagRow('idle (one device publishing)', r.lagIdle), lagRow(`during the MQTT runs (${r.devices.mqtt} clients publishing)`, r.lagLoaded)],
      'lrrrrrl',
    ),
  );
  if (r.notes.length) blocks.push(list(r.notes));
  return blocks;
}

export const iotSection: SharedSection<IotResult> = { name: 'iot', what: 'IoT device reports', run: runIot, report: iotReport };
