import type { EntityManager } from '@mikro-orm/postgresql';
import { nowDate } from '../../../kernel/clock.js';
import { validationError } from '../../../kernel/errors.js';
import { pageWindow, pagination } from '../../../kernel/graphql-types.js';
import { nest } from '../rules/telemetry-values.js';
import { type TelemetryValues } from '../rules/vocabulary.js';
import type { ReportError } from '../common/types.js';
import type { TelemetryArgs, TelemetryReport } from './types.js';

/** Reading and expiring stored reports (docs/iot.md "Telemetry", "Retention"). */

const DAY_MS = 86_400_000;
/** The widest time range one read may ask for. */
export const MAX_RANGE_DAYS = 31;

interface ReportRow {
  id: string;
  outcome: TelemetryReport['outcome'];
  source: TelemetryReport['source'];
  topic: string | null;
  measured_at: Date;
  received_at: Date;
  head: string | null;
  values: TelemetryValues | string | null;
  lat: number | null;
  lng: number | null;
  line: string | null;
  error: ReportError | string | null;
  total: string;
}

/** A device's reports in [from, to), newest first, a page at a time (an index range scan on device and time). */
export async function readTelemetry(em: EntityManager, deviceId: string, args: TelemetryArgs) {
  const to = args.to ?? nowDate();
  const from = args.from ?? new Date(to.getTime() - DAY_MS);
  if (from.getTime() >= to.getTime()) throw validationError('from', 'must be before to');
  if (to.getTime() - from.getTime() > MAX_RANGE_DAYS * DAY_MS) throw validationError('from', `the range may span at most ${MAX_RANGE_DAYS} days`);
  const { page, limit, offset } = pageWindow(args);
  const range = [deviceId, args.outcome ?? 'STORED', from.toISOString(), to.toISOString()];
  const where = 'device_id = ? and outcome = ? and measured_at >= ?::timestamptz and measured_at < ?::timestamptz';
  const rows = await em.execute<ReportRow[]>(
    `select id::text, outcome, source, topic, measured_at, received_at, head, "values", lat, lng, line, error, count(*) over () as total
     from iot.report where ${where} order by measured_at desc, id desc limit ? offset ?`,
    [...range, limit, offset],
  );
  let total = rows.length ? Number(rows[0].total) : 0;
  if (!rows.length && offset) total = Number((await em.execute<{ n: string }[]>(`select count(*) as n from iot.report where ${where}`, range))[0].n);
  const items: TelemetryReport[] = rows.map((r) => ({
    id: r.id,
    outcome: r.outcome,
    source: r.source,
    topic: r.topic,
    measuredAt: new Date(r.measured_at),
    receivedAt: new Date(r.received_at),
    head: r.head,
    values: r.values ? nest(typeof r.values === 'string' ? (JSON.parse(r.values) as TelemetryValues) : r.values) : null,
    position: r.lat !== null && r.lng !== null ? { latitude: r.lat, longitude: r.lng } : null,
    line: r.line,
    error: r.error ? (typeof r.error === 'string' ? (JSON.parse(r.error) as ReportError) : r.error) : null,
  }));
  return { items, pagination: pagination(page, limit, total) };
}

/**
 * Retention (`TELEMETRY_RETENTION_DAYS`): deletes reports that arrived before the cutoff, at most `batch` at a time,
 * until none is left; returns how many went.
 */
export async function expireReports(em: EntityManager, retentionDays: number, batch = 10_000): Promise<number> {
  const cutoff = new Date(nowDate().getTime() - retentionDays * DAY_MS).toISOString();
  let total = 0;
  for (;;) {
    const rows = await em.execute<{ n: string }[]>(
      `with gone as (delete from iot.report where id in (select id from iot.report where received_at < ?::timestamptz limit ?) returning 1) select count(*) as n from gone`,
      [cutoff, batch],
    );
    const n = Number(rows[0]?.n ?? 0);
    total += n;
    if (n < batch) return total;
  }
}
