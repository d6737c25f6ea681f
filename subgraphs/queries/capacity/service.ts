import DataLoader from 'dataloader';
import { AppError, isDatabaseUnavailable, notFound, validationError } from '../../../kernel/errors.js';
import { UUID_PATTERN } from '../../../kernel/ids.js';
import { caches, invalidateCached, serviceTag } from '../common/cache.js';
import type { QueriesScope } from '../common/scope.js';
import type { Capacity } from '../common/types.js';
import { catchUpRegistry, entryRow } from '../registry/service.js';
import { ENTRY_COLUMNS, ENTRY_FROM, rowCapacities, type EntryRow } from '../registry/store.js';
import {
  CAPACITY_TYPE,
  type CapacityBatch,
  type CapacityBatchInput,
  type CapacityCacheInvalidation,
  type CapacityCacheStats,
  type CapacityQueryError,
  type CapacityQueryInput,
  type ServiceCapacities,
} from './types.js';

/**
 * Capacity queries (spec group 17 `/capacity/*`; docs/queries.md "Capacity"). A capacity is computed from the
 * service's registry row (`rowCapacities`) and cached per (service, type) in the family's capacity cache (PostgreSQL, shared by every replica), key
 * `<workspace>|<lsp>:<serviceId>:<TYPE>`, tags the service's, `…:capacity` and `…:capacity:<TYPE>`: a registry change of
 * the service (the event consumer) and the invalidation route drop it on every replica, else it lives
 * CAPACITY_CACHE_TTL_SECONDS. Only answers are cached, never a failure.
 */

const cacheKey = (workspaceId: string, lsp: string, serviceId: string, type: string) => `${workspaceId}|${lsp}:${serviceId}:${type}`;
const tagsOf = (workspaceId: string, lsp: string, serviceId: string, type: string) => {
  const tag = serviceTag(workspaceId, lsp, serviceId);
  return [tag, `${tag}:capacity`, `${tag}:capacity:${type}`];
};

/** A database that cannot serve now is CAPACITY_UNAVAILABLE (503, the caller may retry); any other error as it is. */
function unavailable(err: unknown): unknown {
  return isDatabaseUnavailable(err) ? new AppError('CAPACITY_UNAVAILABLE', 'Capacity cannot be queried now: the registry is unavailable; retry shortly') : err;
}

async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw unavailable(err);
  }
}

/** CAPACITY_UNAVAILABLE when the service is not ACTIVE (INACTIVE, MAINTENANCE: its capacity is not offered). */
function assertOffered(row: EntryRow): void {
  if (row.status !== 'ACTIVE') throw new AppError('CAPACITY_UNAVAILABLE', `service ${row.lsp}:${row.service_id} is ${row.status}: its capacity is not offered`);
}

/** The capacity of `type` a row publishes, or CAPACITY_UNAVAILABLE (the service is not ACTIVE, or it has no such kind). */
export function capacityFromRow(row: EntryRow, type: string): Capacity {
  const id = `${row.lsp}:${row.service_id}`;
  assertOffered(row);
  const all = rowCapacities(row);
  const found = all.find((c) => c.type === type);
  if (!found) {
    const published = all.length ? `it publishes ${all.map((c) => c.type).join(', ')}` : 'it publishes none';
    throw new AppError('CAPACITY_UNAVAILABLE', `capacityType: service ${id} publishes no ${type} capacity (${published})`, 'capacityType');
  }
  return found;
}

/** One capacity of a service through the cache (`load` reads the service's row on a miss). */
function cachedCapacity(s: QueriesScope, lsp: string, serviceId: string, type: string, load: () => Promise<EntryRow>): Promise<Capacity> {
  return caches.capacity.through(s.em, cacheKey(s.workspaceId, lsp, serviceId, type), tagsOf(s.workspaceId, lsp, serviceId, type), async () =>
    capacityFromRow(await load(), type),
  ) as Promise<Capacity>;
}

/** A provider code of a path: 1–64 characters (as the inputs' `lsp`). */
function checkLsp(lsp: string): void {
  if (lsp.length < 1 || lsp.length > 64) throw validationError('lsp', 'must be 1–64 characters');
}

/** A service id as stored (lower case), or NOT_FOUND when it is not a UUID (no service has such an id). */
function storedId(lsp: string, serviceId: string): string {
  if (!UUID_PATTERN.test(serviceId)) throw notFound(`service ${lsp}:${serviceId}`);
  return serviceId.toLowerCase();
}

export function serviceCapacity(s: QueriesScope, input: CapacityQueryInput): Promise<Capacity> {
  return guarded(() => {
    const id = storedId(input.lsp, input.serviceId);
    return cachedCapacity(s, input.lsp, id, input.capacityType, () => entryRow(s, input.lsp, id));
  });
}

/** Rows of the workspace by service id, in one statement (those of another provider code are left to the caller). */
async function rowsById(s: QueriesScope, ids: string[]): Promise<Map<string, EntryRow>> {
  if (!ids.length) return new Map();
  const rows = await s.em.execute<EntryRow[]>(`select ${ENTRY_COLUMNS} from ${ENTRY_FROM} where e.workspace_id = ?::uuid and e.service_id in (select jsonb_array_elements_text(?::jsonb)::uuid)`, [
    s.workspaceId,
    JSON.stringify(ids),
  ]);
  return new Map(rows.map((r) => [r.service_id, r]));
}

/**
 * The rows a batch's cache misses need, in one statement for all of them (a request-local DataLoader: every miss of
 * the batch asks in the same tick); a service not found applies the registry's pending events once and looks again.
 */
function batchRows(s: QueriesScope): DataLoader<string, EntryRow> {
  return new DataLoader<string, EntryRow>(
    async (keys) => {
      const wanted = keys.map((k) => JSON.parse(k) as [string, string]);
      const ids = [...new Set(wanted.map(([, id]) => id))];
      let rows = await rowsById(s, ids);
      const match = ([lsp, id]: [string, string]) => (rows.get(id)?.lsp === lsp ? rows.get(id) : undefined);
      if (wanted.some((w) => !match(w)) && (await catchUpRegistry(s))) rows = await rowsById(s, ids);
      return wanted.map((w) => match(w) ?? notFound(`service ${w[0]}:${w[1]}`));
    },
    { cache: false },
  );
}

/**
 * Capacities of several services. Each query is answered or listed in `errors` on its own (unknown service → NOT_FOUND,
 * not ACTIVE or type not published → CAPACITY_UNAVAILABLE); the answer is keyed by service, so a later query of a
 * service already asked (whatever its type) is not answered (VALIDATION_ERROR). Only a database failure fails the
 * whole batch (503 CAPACITY_UNAVAILABLE). `total` = the number answered.
 */
export function serviceCapacities(s: QueriesScope, input: CapacityBatchInput): Promise<CapacityBatch> {
  return guarded(async () => {
    const loader = batchRows(s);
    const seen = new Set<string>();
    const outcomes = await Promise.all(
      input.queries.map(async (q): Promise<{ compositeId: string; capacity: Capacity } | CapacityQueryError> => {
        const compositeId = `${q.lsp}:${q.serviceId}`;
        const failed = (code: CapacityQueryError['code'], message: string): CapacityQueryError => ({ compositeId, capacityType: q.capacityType, code, message });
        const id = UUID_PATTERN.test(q.serviceId) ? q.serviceId.toLowerCase() : undefined;
        const service = `${q.lsp}:${id ?? q.serviceId}`;
        if (seen.has(service)) return failed('VALIDATION_ERROR', `service ${compositeId} is asked for by an earlier query of the batch: one query per service`);
        seen.add(service);
        if (!id) return failed('NOT_FOUND', `service ${compositeId} not found`);
        try {
          return { compositeId, capacity: await cachedCapacity(s, q.lsp, id, q.capacityType, () => loader.load(JSON.stringify([q.lsp, id]))) };
        } catch (err) {
          if (err instanceof AppError && (err.code === 'NOT_FOUND' || err.code === 'CAPACITY_UNAVAILABLE')) return failed(err.code, err.message);
          throw err;
        }
      }),
    );
    const capacities = outcomes.filter((o): o is { compositeId: string; capacity: Capacity } => 'capacity' in o);
    const errors = outcomes.filter((o): o is CapacityQueryError => 'code' in o);
    return { capacities, total: capacities.length, errors };
  });
}

/** Every capacity of a service (read from its row, not cached); CAPACITY_UNAVAILABLE when it is not ACTIVE. */
export function allServiceCapacities(s: QueriesScope, lsp: string, serviceId: string): Promise<ServiceCapacities> {
  checkLsp(lsp);
  return guarded(async () => {
    const row = await entryRow(s, lsp, storedId(lsp, serviceId));
    assertOffered(row);
    const capacities = rowCapacities(row);
    return { capacities, total: capacities.length };
  });
}

/** Drops the service's cached capacity answers (of one type when given) on every replica. */
export async function invalidateCapacityCache(s: QueriesScope, lsp: string, serviceId: string, capacityType?: string | null): Promise<CapacityCacheInvalidation> {
  if (capacityType !== undefined && capacityType !== null && !CAPACITY_TYPE.test(capacityType)) {
    throw validationError('capacityType', 'must be an upper-case identifier of 1–40 (letters, digits, _) such as PALLET_POSITIONS');
  }
  checkLsp(lsp);
  return guarded(async () => {
    const row = await entryRow(s, lsp, storedId(lsp, serviceId));
    const tag = `${serviceTag(s.workspaceId, row.lsp, row.service_id)}:capacity${capacityType ? `:${capacityType}` : ''}`;
    await invalidateCached(s.em, [tag]);
    const id = `${row.lsp}:${row.service_id}`;
    return { message: capacityType ? `Cached ${capacityType} capacity of service ${id} invalidated` : `Cached capacities of service ${id} invalidated` };
  });
}

/** The workspace's live entries of the capacity cache (one for every replica). */
export async function capacityCacheStats(s: QueriesScope): Promise<CapacityCacheStats> {
  const entries = await guarded(() => caches.capacity.live(s.em, `${s.workspaceId}|`));
  return { size: entries.length, entries };
}
