import { nowDate } from '../../../kernel/clock.js';
import { AppError, notFound, validationError } from '../../../kernel/errors.js';
import { UUID_PATTERN } from '../../../kernel/ids.js';
import type { QueriesScope } from '../common/scope.js';
import type { ServicePerformance } from '../common/types.js';
import { catchUpRegistry, entryRow } from '../registry/service.js';
import { TABLE } from '../registry/store.js';
import { performanceProblem } from './rules.js';
import type { PerformanceBatchInput, PerformanceBatchSync, PerformanceInput, PerformanceSync, PerformanceSyncError, PerformanceSyncInput } from './types.js';

/**
 * Performance sync (spec group 17 `/performance/*`; docs/queries.md "Performance"): the figures a caller states for a
 * service of its workspace, one row per (workspace, service) in `queries.service_performance`, replaced whole by each
 * sync and stamped with the platform clock. Discovery entries show them (registry/store.ts joins the table), matching
 * and `performanceThresholds` read them; a service that leaves the registry takes its row with it (registry/sync.ts).
 */

const PERFORMANCE = '"queries"."service_performance"';

interface PerformanceRow {
  service_id: string;
  on_time_delivery_rate: number;
  order_accuracy: number;
  average_processing_time: number;
  damage_rate: number;
  customer_satisfaction: number | null;
  overall_score: number;
  last_updated: string | Date;
}

const RETURNED = 'service_id, on_time_delivery_rate, order_accuracy, average_processing_time, damage_rate, customer_satisfaction, overall_score, last_updated';

const toPerformance = (r: PerformanceRow): ServicePerformance => ({
  onTimeDeliveryRate: Number(r.on_time_delivery_rate),
  orderAccuracy: Number(r.order_accuracy),
  averageProcessingTime: Number(r.average_processing_time),
  damageRate: Number(r.damage_rate),
  customerSatisfaction: r.customer_satisfaction === null ? null : Number(r.customer_satisfaction),
  overallScore: Number(r.overall_score),
  lastUpdated: r.last_updated instanceof Date ? r.last_updated : new Date(r.last_updated),
});

/**
 * Stores the figures of `items` (service ids as stored) in one statement, for those that are services of `lsp` in the
 * caller's workspace (the join: a service that left the registry meanwhile is not stored); the rows stored, by id.
 */
async function upsert(s: QueriesScope, lsp: string, items: { serviceId: string; performance: PerformanceInput }[]): Promise<Map<string, ServicePerformance>> {
  if (!items.length) return new Map();
  const records = items.map(({ serviceId, performance: p }) => ({
    service_id: serviceId,
    on_time_delivery_rate: p.onTimeDeliveryRate,
    order_accuracy: p.orderAccuracy,
    average_processing_time: p.averageProcessingTime,
    damage_rate: p.damageRate,
    customer_satisfaction: p.customerSatisfaction ?? null,
    overall_score: p.overallScore,
  }));
  const rows = await s.em.execute<PerformanceRow[]>(
    `insert into ${PERFORMANCE} as p (workspace_id, service_id, lsp, on_time_delivery_rate, order_accuracy, average_processing_time, damage_rate,
       customer_satisfaction, overall_score, last_updated)
     select e.workspace_id, e.service_id, e.lsp, x.on_time_delivery_rate, x.order_accuracy, x.average_processing_time, x.damage_rate,
       x.customer_satisfaction, x.overall_score, ?::timestamptz
     from jsonb_to_recordset(?::jsonb) as x(service_id uuid, on_time_delivery_rate float8, order_accuracy float8, average_processing_time float8,
       damage_rate float8, customer_satisfaction float8, overall_score float8), ${TABLE} e
     where e.workspace_id = ?::uuid and e.lsp = ? and e.service_id = x.service_id
     on conflict (workspace_id, service_id) do update set lsp = excluded.lsp, on_time_delivery_rate = excluded.on_time_delivery_rate,
       order_accuracy = excluded.order_accuracy, average_processing_time = excluded.average_processing_time, damage_rate = excluded.damage_rate,
       customer_satisfaction = excluded.customer_satisfaction, overall_score = excluded.overall_score, last_updated = excluded.last_updated
     returning ${RETURNED}`,
    [nowDate().toISOString(), JSON.stringify(records), s.workspaceId, lsp],
  );
  return new Map(rows.map((r) => [r.service_id, toPerformance(r)]));
}

/** A provider code of a path: 1–64 characters (as the inputs' `lsp`). */
function checkLsp(lsp: string): void {
  if (lsp.length < 1 || lsp.length > 64) throw validationError('lsp', 'must be 1–64 characters');
}

export async function syncServicePerformance(s: QueriesScope, input: PerformanceSyncInput): Promise<PerformanceSync> {
  const what = `service ${input.lsp}:${input.serviceId}`;
  if (!UUID_PATTERN.test(input.serviceId)) throw notFound(what);
  const row = await entryRow(s, input.lsp, input.serviceId.toLowerCase());
  const stored = (await upsert(s, input.lsp, [{ serviceId: row.service_id, performance: input.performance }])).get(row.service_id);
  if (!stored) throw notFound(what);
  return { message: `Performance of service ${row.lsp}:${row.service_id} synced`, performance: stored };
}

/** The ids among `ids` that are services of `lsp` in the caller's workspace. */
async function knownServices(s: QueriesScope, lsp: string, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await s.em.execute<{ service_id: string }[]>(
    `select service_id from ${TABLE} where workspace_id = ?::uuid and lsp = ? and service_id in (select jsonb_array_elements_text(?::jsonb)::uuid)`,
    [s.workspaceId, lsp, JSON.stringify(ids)],
  );
  return new Set(rows.map((r) => r.service_id));
}

/**
 * Several services of one provider. Each item is checked on its own (a figure out of range, a service id of no service
 * of `lsp` in the workspace, a service given again later in the batch: only its first item counts) and fails alone,
 * listed in `errors` with the field at fault; the valid items are stored in one statement.
 */
export async function syncServicePerformanceBatch(s: QueriesScope, input: PerformanceBatchInput): Promise<PerformanceBatchSync> {
  const failures: (PerformanceSyncError & { at: number })[] = [];
  const fail = (at: number, serviceId: string, field: string, reason: string) => failures.push({ at, serviceId, field, message: `${field}: ${reason}` });
  const candidates: { at: number; serviceId: string; performance: PerformanceInput }[] = [];
  const seen = new Map<string, number>();
  input.services.forEach((item, i) => {
    const key = UUID_PATTERN.test(item.serviceId) ? item.serviceId.toLowerCase() : item.serviceId;
    const first = seen.get(key);
    if (first !== undefined) return fail(i, item.serviceId, `services.${i}.serviceId`, `is given again (first at services.${first}): one item per service`);
    seen.set(key, i);
    const problem = performanceProblem(item.performance);
    if (problem) return fail(i, item.serviceId, `services.${i}.performance.${problem.field}`, problem.message);
    if (!UUID_PATTERN.test(item.serviceId)) return fail(i, item.serviceId, `services.${i}.serviceId`, `service ${input.lsp}:${item.serviceId} not found`);
    candidates.push({ at: i, serviceId: key, performance: item.performance });
  });
  const ids = candidates.map((c) => c.serviceId);
  let known = await knownServices(s, input.lsp, ids);
  if (known.size < ids.length && (await catchUpRegistry(s))) known = await knownServices(s, input.lsp, ids);
  const stored = await upsert(
    s,
    input.lsp,
    candidates.filter((c) => known.has(c.serviceId)),
  );
  for (const c of candidates) {
    if (!stored.has(c.serviceId)) fail(c.at, input.services[c.at].serviceId, `services.${c.at}.serviceId`, `service ${input.lsp}:${c.serviceId} not found`);
  }
  const errors = failures.sort((a, b) => a.at - b.at).map(({ serviceId, field, message }) => ({ serviceId, field, message }));
  return { synced: stored.size, failed: errors.length, errors };
}

export async function servicePerformance(s: QueriesScope, lsp: string, serviceId: string): Promise<ServicePerformance> {
  checkLsp(lsp);
  if (!UUID_PATTERN.test(serviceId)) throw notFound(`service ${lsp}:${serviceId}`);
  const row = await entryRow(s, lsp, serviceId.toLowerCase());
  const [p] = await s.em.execute<PerformanceRow[]>(`select ${RETURNED} from ${PERFORMANCE} where workspace_id = ?::uuid and service_id = ?::uuid`, [s.workspaceId, row.service_id]);
  if (!p) throw new AppError('NOT_FOUND', `no performance synced for service ${row.lsp}:${row.service_id}`);
  return toPerformance(p);
}
