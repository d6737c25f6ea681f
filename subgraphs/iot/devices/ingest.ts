import { CompiledQuery } from 'kysely';
import type { MikroORM } from '@mikro-orm/postgresql';
import { now, nowDate } from '../../../kernel/clock.js';
import { AppError } from '../../../kernel/errors.js';
import type { Logger } from '../../../kernel/logger.js';
import { iotReports, iotIngestQueue } from '../../../kernel/metrics.js';
import { ReportOutcome, ReportSource } from '../common/enums.js';
import { valuesOf } from '../../../kernel/graphql-types.js';
import type { ReportError } from '../common/types.js';
import { measuredAt } from '../rules/telemetry-values.js';
import { type TelemetryValues } from '../rules/vocabulary.js';
import { parserOf } from '../rules/service.js';

/**
 * Ingestion (docs/iot.md "Ingestion, back-pressure and retention"): every report, over HTTP or MQTT, is parsed by its
 * device's rule in the caller (CPU only), then queued; one writer drains the queue in batches, each batch one SQL
 * statement (STORE_BATCH): its reports (typed telemetry, or the failure with its error: nothing is dropped silently),
 * its devices' counters, and for each device that rides in a vehicle the batch's latest position as an `iot.position`
 * event, which the utilities' nearby index follows.
 *
 * Back-pressure: the queue holds at most `INGEST_QUEUE_MAX` reports. An HTTP batch that does not fit is refused with
 * 503 (nothing of it stored); an MQTT publisher waits (its next packet is read when there is room).
 * One writer means ingestion uses at most one database connection: the API keeps the rest of the pool.
 */

/** What ingestion needs of a device (read per HTTP request, or from the broker's short cache). */
export interface DeviceInfo {
  id: string;
  workspaceId: string;
  icode: string;
  reference: string;
  status: string;
  vehicleId: string | null;
  vehicleType: string | null;
  topicPath: string | null;
  rule: { id: string; head: string[]; struct: string; schema: Record<string, unknown>; status: string } | null;
}

/** One report as stored. */
interface Row {
  workspace_id: string;
  device_id: string;
  outcome: ReportOutcome;
  source: ReportSource;
  topic: string | null;
  measured_at: string;
  received_at: string;
  head: string | null;
  values: TelemetryValues | null;
  lat: number | null;
  lng: number | null;
  line: string | null;
  error: ReportError | null;
}

interface Position {
  device: DeviceInfo;
  lat: number;
  lng: number;
  heading: number | null;
  speed: number | null;
  at: string;
}

export interface Prepared {
  /** The device the lines came from. */
  device: DeviceInfo;
  rows: Row[];
  positions: Map<string, Position>;
  errors: { index: number; error: ReportError }[];
}

const MAX_LINE_KEPT = 4096;
const failure = (code: string, message: string, position = 0): ReportError => ({ code, position, field: null, message });

const numberOr = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** Parses the lines of one device into rows (CPU only): what the writer stores. */
export function prepare(device: DeviceInfo, lines: readonly string[], source: ReportSource, topic: string | null, refusal?: ReportError): Prepared {
  const out: Prepared = { device, rows: [], positions: new Map(), errors: [] };
  const received = nowDate();
  const receivedAt = received.toISOString();
  const blocked =
    refusal ??
    (device.status !== 'ACTIVE'
      ? failure('DEVICE_INACTIVE', 'The device is INACTIVE: its reports are kept, not parsed')
      : !device.rule || device.rule.status !== 'ACTIVE'
        ? failure('NO_RULE', "The device's rule is INACTIVE: no rule parses its reports")
        : undefined);
  const parser = blocked ? undefined : parserOf(device.rule!);
  lines.forEach((line, index) => {
    const base = { workspace_id: device.workspaceId, device_id: device.id, source, topic, received_at: receivedAt };
    const r = parser ? parser.parse(line) : undefined;
    if (!r || !r.ok) {
      const error = r && !r.ok ? { ...r.error, field: r.error.field ?? null } : blocked!;
      out.errors.push({ index, error });
      out.rows.push({ ...base, outcome: 'FAILED', measured_at: receivedAt, head: null, values: null, lat: null, lng: null, line: line.slice(0, MAX_LINE_KEPT).replace(/\0/g, '\uFFFD'), error });
      return;
    }
    const at = measuredAt(r.values) ?? received;
    const lat = numberOr(r.values['position.latitude']);
    const lng = numberOr(r.values['position.longitude']);
    const row: Row = {
      ...base,
      outcome: 'STORED',
      measured_at: at.toISOString(),
      head: r.head,
      values: r.values,
      lat: lat !== null && lng !== null ? lat : null,
      lng: lat !== null && lng !== null ? lng : null,
      line: null,
      error: null,
    };
    out.rows.push(row);
    if (device.vehicleId && row.lat !== null && row.lng !== null) {
      const last = out.positions.get(device.id);
      if (!last || last.at <= row.measured_at) {
        out.positions.set(device.id, { device, lat: row.lat, lng: row.lng, heading: numberOr(r.values['position.direction']), speed: numberOr(r.values['position.speed']), at: row.measured_at });
      }
    }
  });
  return out;
}

/**
 * The `iot.telemetry` events of a batch (the public `device.telemetry.received`, docs/events.md): one per device, with
 * how many of its reports were stored and failed, the span of their measurement times, and the newest stored report's
 * values (the rule's fields).
 */
export function telemetryEvents(batch: readonly Prepared[]): { topic: string; key: string; workspace_id: string; payload: Record<string, unknown> }[] {
  const byDevice = new Map<string, { device: DeviceInfo; stored: number; failed: number; from: string | null; to: string | null; latest: Row | null }>();
  for (const p of batch) {
    const t = byDevice.get(p.device.id) ?? { device: p.device, stored: 0, failed: 0, from: null, to: null, latest: null };
    for (const r of p.rows) {
      if (r.outcome !== 'STORED') {
        t.failed += 1;
        continue;
      }
      t.stored += 1;
      if (t.from === null || r.measured_at < t.from) t.from = r.measured_at;
      if (t.to === null || r.measured_at > t.to) t.to = r.measured_at;
      if (!t.latest || t.latest.measured_at <= r.measured_at) t.latest = r;
    }
    byDevice.set(p.device.id, t);
  }
  return [...byDevice.values()].map((t) => ({
    topic: 'iot.telemetry',
    key: t.device.id,
    workspace_id: t.device.workspaceId,
    payload: {
      icode: t.device.icode,
      deviceId: t.device.id,
      device: t.device.reference,
      stored: t.stored,
      failed: t.failed,
      firstMeasuredAt: t.from,
      lastMeasuredAt: t.to,
      latest: t.latest ? { measuredAt: t.latest.measured_at, values: t.latest.values } : null,
    },
  }));
}

interface Pending {
  prepared: Prepared;
  resolve: () => void;
  reject: (err: unknown) => void;
}

export interface IngestOptions {
  /** Reports the queue may hold (INGEST_QUEUE_MAX). */
  maxQueued: number;
  /** Reports per INSERT. */
  batchSize: number;
}

/** The queue and its one writer. */
export class Ingestor {
  private queue: Pending[] = [];
  private queued = 0;
  private writing = false;
  private roomWaiters: (() => void)[] = [];
  private stopped = false;

  constructor(
    private readonly orm: MikroORM,
    private readonly log: Logger,
    private readonly opts: IngestOptions,
  ) {
    // iot_reports_total's series exist from the start (0), whatever reports come (kernel/metrics.ts)
    for (const outcome of valuesOf(ReportOutcome)) for (const source of valuesOf(ReportSource)) iotReports.inc({ outcome, source }, 0);
  }

  /** Whether `n` more reports fit now (a batch is at most 1,000 reports; the queue holds at least 1,000). */
  fits(n: number): boolean {
    return this.queued + n <= this.opts.maxQueued;
  }

  /** Queues the reports and resolves once they are stored; 503 when they do not fit (an HTTP batch). */
  submit(prepared: Prepared): Promise<void> {
    if (this.stopped) return Promise.reject(new AppError('SERVICE_UNAVAILABLE', 'Ingestion is stopping; retry'));
    if (!this.fits(prepared.rows.length)) return Promise.reject(new AppError('SERVICE_UNAVAILABLE', 'Ingestion is saturated: nothing of the batch was stored; retry it in a moment'));
    return this.enqueue(prepared);
  }

  /** Queues the reports once there is room (an MQTT publisher waits: back-pressure on its connection). */
  async submitWhenRoom(prepared: Prepared): Promise<void> {
    while (!this.stopped && !this.fits(prepared.rows.length)) await new Promise<void>((r) => this.roomWaiters.push(r));
    return this.submit(prepared);
  }

  private enqueue(prepared: Prepared): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ prepared, resolve, reject });
      this.queued += prepared.rows.length;
      iotIngestQueue.set(this.queued);
      void this.drain();
    });
  }

  private async drain(): Promise<void> {
    if (this.writing) return;
    this.writing = true;
    try {
      while (this.queue.length) {
        const batch: Pending[] = [];
        let rows = 0;
        while (this.queue.length && (rows === 0 || rows + this.queue[0].prepared.rows.length <= this.opts.batchSize)) {
          const p = this.queue.shift()!;
          batch.push(p);
          rows += p.prepared.rows.length;
        }
        try {
          await this.write(batch.map((p) => p.prepared));
          for (const p of batch) p.resolve();
        } catch (err) {
          this.log.error({ err, reports: rows }, 'storing reports failed');
          const refusal = new AppError('SERVICE_UNAVAILABLE', 'The reports could not be stored; retry');
          for (const p of batch) p.reject(refusal);
        } finally {
          this.queued -= rows;
          iotIngestQueue.set(this.queued);
          const waiters = this.roomWaiters.splice(0);
          for (const w of waiters) w();
        }
      }
    } finally {
      this.writing = false;
    }
  }

  /** One statement (atomic on its own): the reports, the devices' counters, the position events. */
  private async write(batch: Prepared[]): Promise<void> {
    const rows = batch.flatMap((p) => p.rows);
    if (!rows.length) return;
    const counters = new Map<string, { id: string; stored: number; failed: number; at: string }>();
    for (const r of rows) {
      const c = counters.get(r.device_id) ?? { id: r.device_id, stored: 0, failed: 0, at: r.received_at };
      if (r.outcome === 'STORED') c.stored += 1;
      else c.failed += 1;
      counters.set(r.device_id, c);
    }
    const positions = new Map<string, Position>();
    for (const p of batch) for (const [id, pos] of p.positions) if (!positions.has(id) || positions.get(id)!.at <= pos.at) positions.set(id, pos);
    const events: { topic: string; key: string; workspace_id: string; payload: Record<string, unknown> }[] = [...positions.values()].map(({ device: d, ...pos }) => ({
      topic: 'iot.position',
      key: d.vehicleId!,
      workspace_id: d.workspaceId,
      payload: {
        icode: d.icode,
        deviceId: d.id,
        device: d.reference,
        vehicleId: d.vehicleId,
        vehicleType: d.vehicleType,
        latitude: pos.lat,
        longitude: pos.lng,
        heading: pos.heading,
        speed: pos.speed,
        measuredAt: pos.at,
      },
    }));
    events.push(...telemetryEvents(batch));
    await storeBatch(this.orm, [JSON.stringify(rows), JSON.stringify([...counters.values()]), JSON.stringify(events)]);
    for (const r of rows) iotReports.inc({ outcome: r.outcome, source: r.source });
  }

  /** Stops taking reports and waits (at most `ms`) for the queue to drain. */
  async stop(ms = 5000): Promise<void> {
    this.stopped = true;
    const until = now() + ms;
    while ((this.queued > 0 || this.writing) && now() < until) await new Promise((r) => setTimeout(r, 20));
    for (const w of this.roomWaiters.splice(0)) w();
  }
}

/**
 * The one statement that stores a batch (docs/iot.md "Ingestion"): its reports, its devices' counters and its
 * `iot.position` and `iot.telemetry` events (the event log's own table, as kernel/events.ts publish writes it), each from one JSON
 * parameter. One statement is atomic without BEGIN and COMMIT: one round trip per batch.
 */
export const STORE_BATCH = `with reports as (
    insert into iot.report (workspace_id, device_id, outcome, source, topic, measured_at, received_at, head, "values", lat, lng, line, error)
    select workspace_id, device_id, outcome, source, topic, measured_at, received_at, head, "values", lat, lng, line, error
    from rows from (jsonb_to_recordset($1::jsonb) as (workspace_id uuid, device_id uuid, outcome text, source text, topic text,
      measured_at timestamptz, received_at timestamptz, head text, "values" jsonb, lat float8, lng float8, line text, error jsonb))
      with ordinality as r(workspace_id, device_id, outcome, source, topic, measured_at, received_at, head, "values", lat, lng, line, error, n)
    order by n -- ids in arrival order
  ), counters as (
    update iot.device d set reports_stored = d.reports_stored + c.stored, reports_failed = d.reports_failed + c.failed,
      last_report_at = greatest(d.last_report_at, c.at)
    from jsonb_to_recordset($2::jsonb) as c(id uuid, stored int, failed int, at timestamptz) where d.id = c.id
  ), positions as (
    insert into events.log (topic, key, workspace_id, payload)
    select e.topic, e.key, e.workspace_id, e.payload from jsonb_to_recordset($3::jsonb) as e(topic text, key text, workspace_id uuid, payload jsonb)
  )
  select 1`;

/**
 * Runs STORE_BATCH with its parameters bound (`$1` …) on the ORM's connection pool: MikroORM's `execute` would inline
 * each parameter into the SQL text, escaping a batch's megabyte of JSON character by character.
 */
async function storeBatch(orm: MikroORM, params: [string, string, string]): Promise<void> {
  const db = orm.em.getConnection().getClient<unknown>();
  await db.executeQuery(CompiledQuery.raw(STORE_BATCH, params));
}

let current: Ingestor | undefined;
/** The process's ingestor (started by the subgraph's onStart). */
export function ingestor(): Ingestor {
  if (!current) throw new AppError('SERVICE_UNAVAILABLE', 'Ingestion is not running in this process');
  return current;
}
export function startIngestor(orm: MikroORM, log: Logger, opts: IngestOptions): Ingestor {
  current = new Ingestor(orm, log, opts);
  return current;
}
export function stopIngestor(): Promise<void> {
  const i = current;
  current = undefined;
  return i ? i.stop() : Promise.resolve();
}
