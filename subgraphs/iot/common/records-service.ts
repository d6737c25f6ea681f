import type { EntityManager } from '@mikro-orm/postgresql';
import type { Constructor, FilterQuery } from '@mikro-orm/core';
import { nowDate } from '../../../kernel/clock.js';
import { AppError, notFound, validationError } from '../../../kernel/errors.js';
import { publish } from '../../../kernel/events.js';
import { crockford } from '../../../kernel/ids.js';
import { isUniqueViolation, lockOne } from '../../../kernel/db.js';
import { pageWindow, pagination, type PageArgs } from '../../../kernel/graphql-types.js';
import { normalTags } from '../../../domain/tags.js';
import type { IotStatus } from './enums.js';
import type { IotRecord } from './records.js';
import type { IotScope } from './scope.js';

/**
 * What the IoT family's three records share (docs/iot.md): references, tags, the status machine, the one write idiom
 * (change, stamp, flush, event, in one transaction). Rules, topics and devices each add their own fields.
 */

export type IotKind = 'rule' | 'topic' | 'device';
const PREFIX: Record<IotKind, string> = { rule: 'RUL', topic: 'TOP', device: 'DVC' };
const WHAT: Record<IotKind, string> = { rule: 'IoT rule', topic: 'IoT topic', device: 'IoT device' };

/** A new platform reference: `RUL-`, `TOP-` or `DVC-` and 10 Crockford base32 characters. */
export const newReference = (kind: IotKind): string => `${PREFIX[kind]}-${crockford(10)}`;

/** A reference a client chose (rules): 1–64 letters, digits, `.`, `_`, `-`, starting with a letter or digit. */
export const CLIENT_REFERENCE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** The record of this IoTSP whose reference is `reference` (platform references in any case); else NOT_FOUND. */
export async function findByReference<T extends IotRecord>(s: IotScope, entity: Constructor<T>, kind: IotKind, reference: string, populate?: string[]): Promise<T> {
  const ref = reference.trim();
  const platform = new RegExp(`^${PREFIX[kind]}-[0-9A-Z]{10}$`, 'i').test(ref);
  const candidates = platform ? [ref.toUpperCase(), ref] : CLIENT_REFERENCE.test(ref) ? [ref] : [];
  const where = { reference: { $in: [...new Set(candidates)] } } as unknown as FilterQuery<T>;
  const found: T | null = candidates.length ? ((await s.em.findOne(entity, where, populate ? { populate: populate as never } : undefined)) as T | null) : null;
  if (!found) throw notFound(WHAT[kind]);
  return found;
}

/** Tags as stored (trimmed, lower case, no duplicates): the platform's one rule for tags. */
export const iotTags = (tags: readonly string[] | undefined) => normalTags(tags);

/** Description as stored: trimmed, blank = null. */
export function iotDescription(text: string | null | undefined): string | null {
  const t = text?.trim();
  return t ? t : null;
}

/**
 * The status machine (docs/iot.md "Statuses"): ACTIVE ⇄ INACTIVE; a move to the status the record has is a
 * CONFLICT naming it.
 */
export function statusMove(kind: IotKind, current: IotStatus, target: IotStatus): IotStatus {
  if (current === target) throw new AppError('CONFLICT', `The ${WHAT[kind]} is already ${current}`);
  return target;
}

/** The `:status` of a REST path (`active`, `inactive`, any case), as the graph's IotStatus. */
export function statusOf(value: string): IotStatus {
  const v = value.trim().toUpperCase();
  if (v !== 'ACTIVE' && v !== 'INACTIVE') throw validationError('status', 'must be active or inactive');
  return v;
}

/**
 * The record, locked in the write's transaction and read afresh into the request's own instance (kernel/db.ts
 * `lockOne`, docs/contract.md "Concurrency": the transaction works on the instances the request loaded, so `record`
 * itself now holds what the database holds under the lock); NOT_FOUND when a concurrent write removed it first.
 */
export async function relock<T extends IotRecord>(tx: EntityManager, kind: IotKind, record: T): Promise<T> {
  return lockOne<T>(tx, record.constructor as Constructor<T>, { id: record.id } as FilterQuery<T>, WHAT[kind]);
}

/** A new record, saved with its `created` event (`conflict`: how a taken unique key is answered). */
export const created = <T extends IotRecord & { reference: string }>(s: IotScope, kind: IotKind, record: T, conflict?: { field: string; message: string }) =>
  write(s, kind, record, 'created', () => undefined, conflict);

/**
 * The one write idiom of a change: the record locked and read afresh (`relock`), then `work` judges and applies the
 * change on that read, stamp, flush and publish the `iot.<kind>` event, in one transaction.
 */
export const saved = <T extends IotRecord & { reference: string }>(
  s: IotScope,
  kind: IotKind,
  record: T,
  change: string,
  work: (tx: EntityManager) => Promise<void> | void,
  conflict?: { field: string; message: string },
): Promise<T> =>
  write(
    s,
    kind,
    record,
    change,
    async (tx) => {
      await relock(tx, kind, record);
      await work(tx);
    },
    conflict,
  );

async function write<T extends IotRecord & { reference: string }>(
  s: IotScope,
  kind: IotKind,
  record: T,
  change: string,
  work: (tx: EntityManager) => Promise<void> | void,
  conflict?: { field: string; message: string },
): Promise<T> {
  try {
    return await s.em.transactional(async (tx) => {
      await work(tx);
      record.updatedAt = nowDate();
      record.updatedBy = s.principal.userId;
      tx.persist(record);
      await tx.flush();
      await publish(tx, `iot.${kind}`, record.id, record.workspaceId, { icode: record.icode, id: record.id, reference: record.reference, change, status: record.status });
      return record;
    });
  } catch (err) {
    if (conflict && isUniqueViolation(err)) throw new AppError('CONFLICT', `${conflict.field}: ${conflict.message}`, conflict.field);
    throw err;
  }
}

/**
 * Deletes a record with its event, in one transaction, judged on the record locked in it (of two deletions at once the
 * second finds it gone: NOT_FOUND); `before` checks and removes what depends on it, under the lock.
 */
export async function removed<T extends IotRecord & { reference: string }>(s: IotScope, kind: IotKind, entity: Constructor<T>, record: T, before?: (tx: EntityManager) => Promise<void>) {
  await s.em.transactional(async (tx) => {
    await relock(tx, kind, record);
    if (before) await before(tx);
    await tx.nativeDelete(entity, { id: record.id });
    await publish(tx, `iot.${kind}`, record.id, record.workspaceId, { icode: record.icode, id: record.id, reference: record.reference, change: 'deleted', deleted: true });
  });
  return { reference: record.reference, deleted: true };
}

/**
 * `find` (docs/iot.md "Find"): records whose reference, description, tags or `extra` column (a rule's head markers, a
 * topic's path) contain the text, any case, newest first, a page at a time.
 */
export async function findText<T extends IotRecord>(s: IotScope, entity: Constructor<T>, table: 'rule' | 'topic', extra: 'head' | 'path', args: PageArgs & { query: string }) {
  const like = `%${args.query
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const { page, limit, offset } = pageWindow(args);
  const rows = await s.em.execute<{ id: string; total: string }[]>(
    `select id, count(*) over () as total from iot.${table}
     where workspace_id = ? and icode = ?
       and lower(reference || ' ' || coalesce(description, '') || ' ' || tags::text || ' ' || ${extra}::text) like ?
     order by created_at desc, id limit ? offset ?`,
    [s.principal.workspaceId, s.principal.providerCode, like, limit, offset],
  );
  const ids = { id: { $in: rows.map((r) => r.id) } } as unknown as FilterQuery<T>;
  const found: T[] = rows.length ? ((await s.em.find(entity, ids)) as T[]) : [];
  const byId = new Map(found.map((r): [string, T] => [r.id, r]));
  const total = rows.length ? Number(rows[0].total) : offset ? await countText() : 0;
  return { items: rows.map((r) => byId.get(r.id)).filter((r): r is NonNullable<typeof r> => !!r), pagination: pagination(page, limit, total) };

  async function countText(): Promise<number> {
    const [c] = await s.em.execute<{ n: string }[]>(
      `select count(*) as n from iot.${table} where workspace_id = ? and icode = ? and lower(reference || ' ' || coalesce(description, '') || ' ' || tags::text || ' ' || ${extra}::text) like ?`,
      [s.principal.workspaceId, s.principal.providerCode, like],
    );
    return Number(c.n);
  }
}

/** A page of the IoTSP's records, newest first, filtered by status and tag and any `where` of the kind's own. */
export async function listOf<T extends IotRecord>(s: IotScope, entity: Constructor<T>, args: PageArgs & { status?: IotStatus; tag?: string }, where: Record<string, unknown> = {}) {
  const filter: Record<string, unknown> = { ...where };
  if (args.status) filter.status = args.status;
  if (args.tag) filter.tags = { $contains: [args.tag.trim().toLowerCase()] };
  const { page, limit, offset } = pageWindow(args);
  const [items, total] = await s.em.findAndCount(entity, filter, { orderBy: { createdAt: 'desc', id: 'asc' } as never, limit, offset });
  return { items, pagination: pagination(page, limit, total) };
}

/** PATCH of tags and description (rules and topics): absent fields keep their value; nothing named, nothing changes. */
export async function changeTags<T extends IotRecord & { reference: string }>(s: IotScope, kind: IotKind, record: T, input: { tags?: string[]; description?: string | null }): Promise<T> {
  if (input.tags === undefined && input.description === undefined) return record;
  return saved(s, kind, record, 'updated', () => {
    if (input.tags !== undefined) record.tags = iotTags(input.tags);
    if (input.description !== undefined) record.description = iotDescription(input.description);
  });
}

/** A status move (docs/iot.md "Statuses") with its event, judged on the locked read (of two moves at once, the second is the CONFLICT a repeat is). */
export async function changeStatus<T extends IotRecord & { reference: string }>(s: IotScope, kind: IotKind, record: T, status: IotStatus): Promise<T> {
  return saved(s, kind, record, status === 'ACTIVE' ? 'activated' : 'deactivated', () => {
    record.status = statusMove(kind, record.status, status);
  });
}
