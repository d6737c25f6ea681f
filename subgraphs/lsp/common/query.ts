import type { EntityManager } from '@mikro-orm/postgresql';
import type { Constructor, FilterQuery } from '@mikro-orm/core';
import { AppError, notFound } from '../../../kernel/errors.js';
import { isUuid } from '../../../kernel/ids.js';
import { publish } from '../../../kernel/events.js';
import { isUniqueViolation, lockOne } from '../../../kernel/db.js';
import type { LspScope } from './scope.js';
import type { Facility } from './facility.js';

/** One record of this LSP by id; a malformed, unknown or other tenant's id is NOT_FOUND. */
export async function findOwn<T extends object>(em: EntityManager, entity: Constructor<T>, id: string, what: string, populate?: string[]): Promise<T> {
  const record: T | null = isUuid(id) ? ((await em.findOne(entity, { id }, populate ? { populate: populate as never } : undefined)) as T | null) : null;
  if (!record) throw notFound(what);
  return record;
}

/**
 * One record of this LSP by id, locked and read afresh in the write's transaction `tx` (kernel/db.ts `lockOne`,
 * docs/contract.md "Concurrency"): every write of the family reads the record it changes so, and judges it on that
 * read. A malformed, unknown or other tenant's id is NOT_FOUND, and so is a record a concurrent write removed first.
 */
export async function lockOwn<T extends object>(tx: EntityManager, entity: Constructor<T>, id: string, what: string): Promise<T> {
  if (!isUuid(id)) throw notFound(what);
  return lockOne<T>(tx, entity, { id } as FilterQuery<T>, what);
}

/** An event of the platform log (kernel/events.ts): topic, key, payload (the LSP's code is added to it). */
export type LspEvent = [topic: string, key: string, payload: object];

/** An instant of a record as an event writes it: ISO-8601 (UTC), or null. */
const isoOrNull = (v: Date | string | number | null | undefined): string | null => (v === null || v === undefined ? null : new Date(v).toISOString());

/**
 * The `lsp.facility` event of a fleet, warehouse or hub (docs/lsp.md, "What other families see"): what every facility
 * carries (what a service registry needs: its description, level, mode, status, capabilities and capacities), then
 * `more`. Instants are ISO-8601 strings: `capacitiesUpdatedAt` (null when never given), `updatedAt` (the record's
 * `updated` stamp).
 */
export const facilityEvent = (kind: string, f: Facility, deleted: boolean, more: Record<string, unknown> = {}): LspEvent => [
  'lsp.facility',
  f.id,
  {
    kind,
    id: f.id,
    code: f.code,
    name: f.name,
    type: f.type,
    description: f.description ?? null,
    address: f.address,
    timezone: f.timezone,
    level: f.level,
    operatingMode: f.operatingMode,
    digitalTwinSync: f.digitalTwinSync,
    status: f.status,
    capabilities: f.capabilities,
    capacities: f.capacities,
    capacitiesUpdatedAt: isoOrNull(f.capacitiesUpdatedAt),
    updatedAt: isoOrNull(f.updated.at.timestamp),
    ...more,
    deleted,
  },
];

/** Which unique column a change may clash on, and what to call the record in the CONFLICT message. */
export interface Unique {
  field: string;
  what: string;
}

/**
 * The family's one transaction idiom, `em.transactional(async (tx) => …)` on the scope's entity manager: `work` loads,
 * changes, creates and removes on `tx` and returns its result with the events the change publishes; the changes are
 * flushed and the events appended to the platform log in the same transaction, so other families (queries,
 * utilities) learn of them without reading LSP tables, and never of a change that did not happen. A clash on a unique
 * column is CONFLICT naming `unique.field`.
 */
export async function saved<T>(s: LspScope, work: (tx: EntityManager) => Promise<[T, LspEvent[]]>, unique: Unique = { field: 'code', what: 'record' }): Promise<T> {
  try {
    return await s.em.transactional(async (txEm) => {
      const tx = txEm;
      const [result, events] = await work(tx);
      await tx.flush();
      for (const [topic, key, payload] of events) {
        await publish(tx, topic, key, s.principal.workspaceId, { icode: s.principal.providerCode, ...payload });
      }
      return result;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', `${unique.field}: another ${unique.what} already uses this ${unique.field}`, unique.field);
    throw err;
  }
}
