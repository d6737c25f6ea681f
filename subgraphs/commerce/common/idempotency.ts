/**
 * `Idempotency-Key` on every POST of the commerce family (docs/contract.md "Idempotency"). A key is 1–255 printable
 * ASCII characters chosen by the caller, remembered IDEMPOTENCY_TTL_HOURS per caller and operation with a hash of the
 * request: the same key and the same request give the first answer again (the same intent, the same order), without
 * a second write; the same key with another request is 422 IDEMPOTENCY_KEY_REUSED and changes nothing. Two requests
 * with one key at the same time: one writes, the other gets the first's answer. A secret the first answer showed
 * (the intent token) is kept encrypted with the record (AES-256-GCM under JWT_SECRET) so that the replay shows it too.
 */
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { EntityManager } from '@mikro-orm/postgresql';
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { now, nowDate } from '../../../kernel/clock.js';
import { AppError, validationError } from '../../../kernel/errors.js';
import { isUniqueViolation } from '../../../kernel/db.js';
import type { SubgraphContext } from '../../../kernel/subgraph.js';

/** How long a key is remembered. */
export const IDEMPOTENCY_TTL_HOURS = 24;

@Entity({ tableName: 'idempotency_key' })
export class IdempotencyKey {
  /** Who used the key (a connector, a user) and for what operation. */
  @PrimaryKey() owner!: string;
  @PrimaryKey() operation!: string;
  @PrimaryKey() key!: string;
  @Property() requestHash!: string;
  @Property() resultId!: string;
  @Property({ type: 'text', nullable: true }) sealed?: string | null;
  @Property({ type: 'datetime' }) createdAt!: Date;
}

/** A stable hash of a request's input (object keys sorted). */
export function requestHash(input: unknown): string {
  const canon = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canon)
      : v && typeof v === 'object' && !(v instanceof Date)
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, canon((v as Record<string, unknown>)[k])]),
          )
        : v;
  return createHash('sha256')
    .update(JSON.stringify(canon(input) ?? null))
    .digest('hex');
}

const keyOf = (secret: string) => createHash('sha256').update(`idempotency:${secret}`).digest();

function seal(text: string, secret: string): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const body = Buffer.concat([c.update(text, 'utf8'), c.final()]);
  return Buffer.concat([iv, c.getAuthTag(), body]).toString('base64url');
}

function unseal(sealed: string, secret: string): string {
  const raw = Buffer.from(sealed, 'base64url');
  const d = createDecipheriv('aes-256-gcm', keyOf(secret), raw.subarray(0, 12));
  d.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString('utf8');
}

/** The request's key, checked; undefined when the caller sent none. */
export function idempotencyKeyOf(ctx: SubgraphContext): string | undefined {
  const key = ctx.principal.client.idempotencyKey;
  if (key === undefined) return undefined;
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) throw validationError('Idempotency-Key', 'must be 1 to 255 printable ASCII characters without spaces');
  return key;
}

export interface Done {
  /** The record the operation made or changed (what a replay reloads). */
  id: string;
  /** A secret the answer shows once (kept sealed for replays). */
  secret?: string;
}

/**
 * Runs `work` in one transaction of `em` (with the key recorded in it when the caller sent one), or answers a replay
 * with `reload(id, secret)`.
 */
export async function idempotent<T>(
  ctx: SubgraphContext,
  em: EntityManager,
  owner: string,
  operation: string,
  input: unknown,
  work: (tx: EntityManager) => Promise<Done>,
  reload: (id: string, secret: string | undefined) => Promise<T>,
): Promise<T> {
  const key = idempotencyKeyOf(ctx);
  if (!key) {
    const done = await em.transactional((tx) => work(tx));
    return reload(done.id, done.secret);
  }
  const hash = requestHash(input);
  const secret = ctx.config.jwtSecret;
  const replay = async (): Promise<T | undefined> => {
    const row = await em.fork().findOne(IdempotencyKey, { owner, operation, key });
    if (!row || row.createdAt.getTime() < now() - IDEMPOTENCY_TTL_HOURS * 3_600_000) return undefined;
    if (row.requestHash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED', 'Idempotency-Key: this key was used with another request; use a new key for a new request', 'Idempotency-Key');
    return reload(row.resultId, row.sealed ? unseal(row.sealed, secret) : undefined);
  };
  const earlier = await replay();
  if (earlier !== undefined) return earlier;
  try {
    const done = await em.transactional(async (tx) => {
      const d = await work(tx);
      // a key older than its lifetime is taken over by this request
      await tx.execute(
        `insert into commerce.idempotency_key (owner, operation, key, request_hash, result_id, sealed, created_at) values (?, ?, ?, ?, ?, ?, ?)
         on conflict (owner, operation, key) do update set request_hash = excluded.request_hash, result_id = excluded.result_id, sealed = excluded.sealed, created_at = excluded.created_at
         where commerce.idempotency_key.created_at < ?`,
        [owner, operation, key, hash, d.id, d.secret ? seal(d.secret, secret) : null, nowDate(), new Date(now() - IDEMPOTENCY_TTL_HOURS * 3_600_000)],
      );
      const [row] = await tx.execute<{ result_id: string }[]>('select result_id from commerce.idempotency_key where owner = ? and operation = ? and key = ?', [owner, operation, key]);
      // another request with this key committed first: undo this one, answer theirs
      if (row?.result_id !== d.id) throw new KeyTaken();
      return d;
    });
    return await reload(done.id, done.secret);
  } catch (err) {
    if (err instanceof KeyTaken || isUniqueViolation(err)) {
      const theirs = await replay();
      if (theirs !== undefined) return theirs;
    }
    throw err;
  }
}

class KeyTaken extends Error {}
