import type { EntityManager } from '@mikro-orm/postgresql';
import type { EventSubscriber, TransactionEventArgs } from '@mikro-orm/core';
import pg from 'pg';
import { publish } from './events.js';
import type { Logger } from './logger.js';

/**
 * Credential revocations, pushed through PostgreSQL to every process that caches credential answers.
 *
 * Writer side: every change that turns a "still good" answer of a credential owner into "no" (or changes what it
 * answered: a role, scopes) calls `revoke(em, tags)` inside its own transaction. That appends one row to the platform
 * event log (topic `credential.revoked`, payload `{tags}`) and sends `NOTIFY credential_revoked`; both take effect
 * only if the change commits. Tags are coarse on purpose: `user:<id>` (sessions, hence the user's tokens) and
 * `workspace:<id>` (every credential of that workspace: context tokens, API keys, connector tokens).
 *
 * Reader side: `RevocationListener` (one per process holding a cache) wakes on the NOTIFY (real PostgreSQL) and polls
 * the log every 250 ms anyway (the embedded PGlite shares one session between all connections and does not reliably
 * deliver notifications). In the same process, a committed revocation is also handed over at once (`onLocalRevocation`).
 */
export const REVOCATION_TOPIC = 'credential.revoked';
export const REVOCATION_CHANNEL = 'credential_revoked';

export const userTag = (userId: string) => `user:${userId}`;
export const workspaceTag = (workspaceId: string) => `workspace:${workspaceId}`;

type LocalHandler = (tags: string[]) => void;
const localHandlers = new Set<LocalHandler>();
/** Tags revoked in transactions of this process that have not committed yet, by transaction. */
const pending = new WeakMap<object, string[]>();

/**
 * Announces that credentials carrying any of `tags` may no longer be good. Must run inside the transaction of the
 * change itself (`em.transactional`), so that the change and its announcement commit together or not at all.
 * Keep that transaction short: listeners read the last 30 s of the log by `created_at` (the transaction's start), so a
 * revocation committed more than ~30 s after its transaction began reaches other processes only through the cache TTL.
 */
export async function revoke(em: EntityManager, tags: string[]): Promise<void> {
  const unique = [...new Set(tags.filter(Boolean))];
  if (!unique.length) return;
  const trx: object | undefined = em.getTransactionContext();
  if (!trx) throw new Error('revoke() must run inside the transaction of the change it announces (em.transactional)');
  const workspaceId = unique.find((t) => t.startsWith('workspace:'))?.slice('workspace:'.length) ?? null;
  await publish(em, REVOCATION_TOPIC, unique.join(' '), workspaceId, { tags: unique });
  await em.execute('select pg_notify(?, ?)', [REVOCATION_CHANNEL, '']);
  pending.set(trx, [...(pending.get(trx) ?? []), ...unique]);
}

/**
 * Calls `handler` with the tags of every revocation committed by this process, right after its commit (before the
 * operation that revoked answers). Returns how to unsubscribe. Other processes learn it from `RevocationListener`.
 */
export function onLocalRevocation(handler: LocalHandler): () => void {
  localHandlers.add(handler);
  return () => localHandlers.delete(handler);
}

/**
 * MikroORM subscriber (registered by kernel/db.ts on every ORM): delivers a transaction's revocations to the local
 * handlers after it commits, forgets them after a rollback. A nested transaction (savepoint) delivers when it is
 * released; if the outer one then rolls back, that only costs a cache miss.
 */
export class RevocationSubscriber implements EventSubscriber {
  afterTransactionCommit(args: TransactionEventArgs): void {
    const trx = args.transaction as object | undefined;
    const tags = trx && pending.get(trx);
    if (!tags) return;
    pending.delete(trx);
    for (const handler of localHandlers) {
      try {
        handler(tags);
      } catch {
        /* a cache never fails a commit */
      }
    }
  }

  afterTransactionRollback(args: TransactionEventArgs): void {
    if (args.transaction) pending.delete(args.transaction as object);
  }
}

// ───────────────────────────── listener ─────────────────────────────

/** What a listener keeps current: a cache (kernel/credential-cache.ts). */
export interface RevocationTarget {
  invalidate(tags: readonly string[]): unknown;
  /** Forget everything (revocations may have been missed while the database was out of reach). */
  clear(): void;
}

export interface RevocationListenerOptions {
  databaseUrl: string;
  log?: Logger;
  /** Poll period; default 250 ms. */
  pollMs?: number;
  /** How far back a poll reads the log; default 30 s. A listener out of touch longer than this clears its target. */
  windowSeconds?: number;
  /**
   * Answers from the target are trusted only while the last successful poll started less than this long ago
   * (default 750 ms, so that with a 250 ms poll a revocation reaches a trusted cache within 1 s).
   */
  maxStalenessMs?: number;
}

export interface RevocationListenerStats {
  connected: boolean;
  polls: number;
  pollFailures: number;
  applied: number;
  notifications: number;
  localRevocations: number;
  clears: number;
  reconnects: number;
  lastPollAgeMs: number | null;
}

/**
 * Keeps a target (a credential cache) in step with the revocations in PostgreSQL. One dedicated `pg.Client` both
 * LISTENs and polls. Never throws and never rejects: when the database is away it retries with backoff (up to 5 s),
 * meanwhile `fresh()` is false (callers then stop trusting the cache), and after a gap longer than the poll window it
 * clears the target, since a revocation may have left the window unseen.
 *
 * A poll reads `events.log` rows of the topic from the last `windowSeconds` (not `id > cursor`: bigserial ids can commit
 * out of order) and applies those whose id it has not seen. The seen ids are exactly the ids of the last window read,
 * so the set stays bounded by the window. The first poll marks what already exists as seen.
 */
export class RevocationListener {
  private readonly pollMs: number;
  private readonly windowSeconds: number;
  private readonly maxStalenessMs: number;
  private readonly abort = new AbortController();
  private client: pg.Client | undefined;
  private connecting: Promise<pg.Client | undefined> | undefined;
  private nextConnectAt = 0;
  private backoffMs = 100;
  private seen = new Set<string>();
  private lastOkAt: number | undefined;
  private timer: NodeJS.Timeout | undefined;
  private unsubscribeLocal: (() => void) | undefined;
  /** Monotonic clock ordering fences and poll starts. */
  private clock = 0;
  private fenceSeq = 0;
  private lastOkStartSeq = 0;
  private inflight: { seq: number; done: Promise<boolean> } | undefined;
  private counters = { polls: 0, pollFailures: 0, applied: 0, notifications: 0, localRevocations: 0, clears: 0, reconnects: 0 };
  private started = false;
  private failing = false;

  constructor(
    private readonly target: RevocationTarget,
    private readonly options: RevocationListenerOptions,
  ) {
    this.pollMs = options.pollMs ?? 250;
    this.windowSeconds = options.windowSeconds ?? 30;
    this.maxStalenessMs = options.maxStalenessMs ?? 750;
  }

  /** Starts listening and polling (idempotent). Resolves after the first poll attempt, whatever its outcome. */
  async start(): Promise<void> {
    if (this.started || this.abort.signal.aborted) return;
    this.started = true;
    this.unsubscribeLocal = onLocalRevocation((tags) => this.onRevoked(tags));
    await this.poll();
    this.schedule();
  }

  /** Applies tags now (a revocation known in-process). */
  onRevoked(tags: readonly string[]): void {
    this.counters.localRevocations++;
    this.target.invalidate(tags);
  }

  /** True while the last successful poll is recent enough for cached answers to be trusted. */
  fresh(): boolean {
    return this.lastOkAt !== undefined && Date.now() - this.lastOkAt < this.maxStalenessMs;
  }

  /**
   * Marks "a write has just completed here": until a poll that started after this call has completed, `behind()` is
   * true. The gateway calls it when a mutation it routed has answered, so that the caller's next request (read your
   * writes) cannot be answered from an entry that write revoked. Also triggers that poll now.
   */
  fence(): void {
    this.fenceSeq = ++this.clock;
    void this.poll();
  }

  /** A fence is set that no completed poll has passed yet. */
  behind(): boolean {
    return this.lastOkStartSeq < this.fenceSeq;
  }

  /** Waits until a poll started after the latest fence has completed; false if that poll failed (then trust nothing). */
  async catchUp(): Promise<boolean> {
    const target = this.fenceSeq;
    for (let attempt = 0; attempt < 3 && this.lastOkStartSeq < target; attempt++) {
      if (this.abort.signal.aborted) return false;
      const current = this.inflight;
      if (current && current.seq > target) {
        if (!(await current.done)) return false;
        continue;
      }
      // a poll in flight that fails fails this wait too: no second poll timeout in a row for one request
      if (current && !(await current.done)) return false;
      if (this.lastOkStartSeq >= target) break;
      if (!(await this.poll())) return false;
    }
    return this.lastOkStartSeq >= target;
  }

  stats(): RevocationListenerStats {
    return { connected: !!this.client, ...this.counters, lastPollAgeMs: this.lastOkAt === undefined ? null : Date.now() - this.lastOkAt };
  }

  /** Stops polling and listening; resolves when the connection is closed. */
  async close(): Promise<void> {
    if (this.abort.signal.aborted) return;
    this.abort.abort();
    if (this.timer) clearTimeout(this.timer);
    this.unsubscribeLocal?.();
    await this.inflight?.done.catch(() => false);
    const connecting = await this.connecting?.catch(() => undefined);
    const client = this.client ?? connecting;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private schedule() {
    if (this.abort.signal.aborted) return;
    this.timer = setTimeout(() => {
      void this.poll().finally(() => this.schedule());
    }, this.pollMs);
    this.timer.unref?.();
  }

  /** One poll (or joins the one in flight if it started after every fence so far). Never rejects. */
  private poll(): Promise<boolean> {
    if (this.inflight && this.inflight.seq > this.fenceSeq) return this.inflight.done;
    if (this.inflight) {
      // the poll in flight started before the latest fence: run another right after it
      const after = this.inflight.done.then(() => this.poll());
      return after;
    }
    const seq = ++this.clock;
    const startedAt = Date.now();
    const done = this.pollOnce(startedAt)
      .then((ok) => {
        if (ok) this.lastOkStartSeq = Math.max(this.lastOkStartSeq, seq);
        return ok;
      })
      .catch(() => false)
      .finally(() => {
        if (this.inflight?.seq === seq) this.inflight = undefined;
      });
    this.inflight = { seq, done };
    return done;
  }

  private async pollOnce(startedAt: number): Promise<boolean> {
    if (this.abort.signal.aborted) return false;
    const client = await this.connection();
    if (!client) return false;
    this.counters.polls++;
    let rows: { id: string; payload: unknown }[];
    try {
      const res = await client.query<{ id: string; payload: unknown }>(
        `select l.id::text as id, l.payload from events.log l
          where l.topic = $1 and l.created_at > now() - make_interval(secs => $2) order by l.id`,
        [REVOCATION_TOPIC, this.windowSeconds],
      );
      rows = res.rows;
    } catch (err) {
      this.counters.pollFailures++;
      this.warnOnce('revocation poll failed', err);
      // an answer from the server (e.g. the log not created yet) keeps the connection; anything else replaces it
      if (!(err as { code?: unknown }).code) this.drop(client);
      return false;
    }
    const gapMs = this.lastOkAt === undefined ? Infinity : startedAt - this.lastOkAt;
    if (gapMs > (this.windowSeconds - 5) * 1000) {
      // first poll, or out of touch for longer than the window: what is cached may predate unseen revocations
      if (this.lastOkAt !== undefined) this.counters.clears++;
      this.target.clear();
    } else {
      const tags: string[] = [];
      for (const row of rows) {
        if (this.seen.has(row.id)) continue;
        let payload: { tags?: unknown } | undefined;
        try {
          payload = (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as { tags?: unknown };
        } catch {
          payload = undefined; // a row that is not ours to read never stops the listener
        }
        if (Array.isArray(payload?.tags)) tags.push(...payload.tags.filter((t): t is string => typeof t === 'string'));
        this.counters.applied++;
      }
      if (tags.length) this.target.invalidate(tags);
    }
    this.seen = new Set(rows.map((r) => r.id));
    this.lastOkAt = Math.max(this.lastOkAt ?? 0, startedAt);
    if (this.failing) {
      this.failing = false;
      this.options.log?.info('revocation listener back in touch with the database');
    }
    return true;
  }

  /** The dedicated connection, LISTENing; undefined while the database is out of reach (retried with backoff). */
  private connection(): Promise<pg.Client | undefined> {
    if (this.client) return Promise.resolve(this.client);
    if (this.connecting) return this.connecting;
    if (Date.now() < this.nextConnectAt) return Promise.resolve(undefined);
    this.connecting = this.connect().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async connect(): Promise<pg.Client | undefined> {
    const client = new pg.Client({
      connectionString: this.options.databaseUrl,
      application_name: 'credential-revocations',
      connectionTimeoutMillis: 3000,
      query_timeout: 3000,
      keepAlive: true,
    });
    // an error on an idle connection (server restart, network) must never crash the process
    client.on('error', (err) => {
      this.warnOnce('revocation listener connection lost', err);
      this.drop(client);
    });
    client.on('end', () => this.drop(client));
    client.on('notification', (msg) => {
      if (msg.channel !== REVOCATION_CHANNEL) return;
      this.counters.notifications++;
      void this.poll();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${REVOCATION_CHANNEL}`);
    } catch (err) {
      this.warnOnce('revocation listener cannot reach the database', err);
      this.nextConnectAt = Date.now() + this.backoffMs;
      this.backoffMs = Math.min(this.backoffMs * 2, 5000);
      await client.end().catch(() => undefined);
      return undefined;
    }
    if (this.abort.signal.aborted) {
      await client.end().catch(() => undefined);
      return undefined;
    }
    if (this.counters.polls > 0) this.counters.reconnects++;
    this.backoffMs = 100;
    this.client = client;
    return client;
  }

  /** One warning per outage (polls fail four times a second while the database is away). */
  private warnOnce(message: string, err: unknown) {
    if (this.failing || this.abort.signal.aborted) return;
    this.failing = true;
    this.options.log?.warn({ err: (err as Error)?.message }, `${message}; cached credential answers are not trusted until it recovers`);
  }

  private drop(client: pg.Client) {
    if (this.client === client) this.client = undefined;
    void client.end().catch(() => undefined);
  }
}
