import { rateLimitRefusals, watchPool } from './metrics.js';
import type { Request, Response } from 'express';
import pg from 'pg';
import { randomUUID } from 'node:crypto';
import type { Config } from './config.js';
import { mayCreateSchemas, startupClient } from './db.js';
import { bearerToken, sha256, verifyAccessToken } from './tokens.js';
import { now as clockNow } from './clock.js';

/** Per-route limits of the spec's Limits table, on top of the general limit. */
export type RouteLimit =
  | 'profile-updates'
  | 'avatar-uploads'
  | 'user-search'
  | 'settings-updates'
  | 'order-intents'
  | 'order-tracking'
  | 'queries-discovery'
  | 'queries-matching'
  | 'queries-capacity'
  | 'queries-performance'
  | 'queries-pricing'
  | 'pipelines-templates'
  | 'pipelines-deployments'
  | 'pipelines-executions'
  | 'pipelines-queries';

/** The per-route windows: `points` requests per `duration` seconds (fixed windows aligned to the duration). */
export const ROUTE_LIMITS: Readonly<Record<RouteLimit, { readonly points: number; readonly duration: number }>> = {
  'profile-updates': { points: 10, duration: 3600 },
  'avatar-uploads': { points: 5, duration: 86_400 },
  'user-search': { points: 100, duration: 3600 },
  'settings-updates': { points: 20, duration: 3600 },
  // the platform's own (docs/orders.md "Rate limits"): intent creation per origin, tighter than the general limit
  'order-intents': { points: 20, duration: 60 },
  // the order tracking page and the data it polls every 3 s (rest-bridge/tracking-page.ts), per address, instead of the
  // general limits: a page left open for hours stays under it, and so do a few receivers behind one address
  'order-tracking': { points: 120, duration: 60 },
  // the queries family's sub-families (spec "Limits"; docs/queries.md "Rate limits"), per API key
  'queries-discovery': { points: 500, duration: 60 },
  'queries-matching': { points: 200, duration: 60 },
  'queries-capacity': { points: 1000, duration: 60 },
  'queries-performance': { points: 500, duration: 60 },
  'queries-pricing': { points: 500, duration: 60 },
  // the pipelines family's (spec "Limits"; docs/pipelines.md "Rate limits"), per API key; webhook deliveries are unlimited
  'pipelines-templates': { points: 100, duration: 60 },
  'pipelines-deployments': { points: 10, duration: 60 },
  'pipelines-executions': { points: 1000, duration: 60 },
  'pipelines-queries': { points: 500, duration: 60 },
};

export interface LimitOutcome {
  limit: number;
  remaining: number;
  /** Unix time (seconds) when the window resets. */
  reset: number;
  blocked: boolean;
}

interface Window {
  points: number;
  duration: number;
  /** Largest lease one process takes at a time: max(1, floor(points × 5%)). */
  cap: number;
}

/** One process's lease on one window of one caller (key `${window}:${caller}`). */
interface Lease {
  /** End of the window (ms since the epoch). */
  expire: number;
  /** Points granted to this process by PostgreSQL and not used yet. */
  available: number;
  /** The row's points when last seen: points leased in this window by all replicas together. */
  granted: number;
  /** Size of the next lease: 1, doubling with each lease in the window, up to the window's cap; 1 once it is shared. */
  chunk: number;
  /**
   * The lease statement in flight for this key. Requests waiting for it share its outcome: when it fails (the database
   * is unavailable), they fail with it rather than send a statement of their own after it, so a request never waits
   * for two statement timeouts in a row (docs/contract.md "Database faults": 503 within 5 s).
   */
  leasing?: Promise<void>;
}

interface Slot {
  key: string;
  window: Window;
  lease: Lease;
}

/** Local leases kept at most (the oldest are dropped beyond it: their unused points are lost, never over-granted). */
const MAX_LEASES = 100_000;
/** How often expired rows and local entries are swept. */
const SWEEP_MS = 60_000;

/**
 * Leases points for several keys in ONE statement (atomic on its own, also on PGlite where every connection shares
 * one session). Per key: a row whose window is over (or older than the one asked for) restarts with the points asked
 * for; otherwise it grants min(asked, limit − points), never more, so a row's points never exceed the limit. The grant
 * is kept in `last_grant` because RETURNING sees only the new row (PostgreSQL 15 has no `old` in RETURNING).
 * `holder` is the one process that has leased in the window, or `*` once a second one has: a shared window grants one
 * point per statement, whatever was asked.
 * Parameters: $1 keys, $2 points asked (1 ≤ asked ≤ limit), $3 limits, $4 window ends (ms), $5 this process. Keys come sorted, so two
 * statements lock common rows in the same order (no deadlock). Plain parameterised query: no named prepared statement.
 */
const SHARED = '(r.holder <> excluded.holder)';
const GRANT = `GREATEST(0, LEAST(CASE WHEN ${SHARED} THEN 1 ELSE excluded.last_grant END, (SELECT q.lim FROM req q WHERE q.key = r.key) - r.points))`;
const LEASE = `
  WITH req (key, want, lim, expire) AS (SELECT * FROM unnest($1::text[], $2::int[], $3::int[], $4::bigint[]))
  INSERT INTO bridge.rate_limits AS r (key, points, expire, last_grant, holder)
  SELECT key, LEAST(want, lim), expire, LEAST(want, lim), $5 FROM req
  ON CONFLICT (key) DO UPDATE SET
    points = CASE WHEN r.expire < excluded.expire THEN excluded.points ELSE r.points + ${GRANT} END,
    last_grant = CASE WHEN r.expire < excluded.expire THEN excluded.last_grant ELSE ${GRANT} END,
    holder = CASE WHEN r.expire < excluded.expire THEN excluded.holder WHEN ${SHARED} THEN '*' ELSE r.holder END,
    expire = GREATEST(r.expire, excluded.expire)
  RETURNING key, points, last_grant, holder`;

const noop = () => undefined;

/**
 * Rate limits shared by every replica of the bridge and the gateway through PostgreSQL (table bridge.rate_limits),
 * without a database write per request. The bridge counts REST calls; the gateway counts GraphQL clients that call it
 * directly. General: RATE_LIMIT_PER_MINUTE (burst) and RATE_LIMIT_PER_HOUR per caller; per-route limits from
 * ROUTE_LIMITS. Fixed windows aligned to their duration, keyed `${window}:${caller}`.
 *
 * Quota leasing. PostgreSQL is the authority for every point: a row's `points` is what all replicas together have
 * leased in the window, and it never exceeds the limit. Each process holds, per key, a local lease of points granted
 * by PostgreSQL. A request takes one point from the lease of every window that applies, with no I/O; when a lease is
 * empty, the process leases more with one statement for all the windows that need it (one lease in flight per key:
 * concurrent requests wait for it rather than issue their own). A lease asks for 1 point, then 2, 4, … doubling within
 * the window, capped at max(1, floor(limit × 5%)) and by what remains. Nothing granted → the request is refused (429).
 * A refused request takes no point from any window (every window is checked before any point is taken); a caller that
 * is over a limit costs no I/O until the window ends.
 *
 * Shared windows. While one process alone serves a caller in a window, it leases in chunks as above. As soon as a
 * second process leases in that window, the row marks it shared and every later lease of it, by any process, is of
 * one point, taken by the request that asked for it: no replica then holds points it does not use. A caller spread over replicas by a load balancer costs one statement per request; a caller
 * served by one replica costs what it did alone.
 *
 * Guarantees and tolerance:
 * - One process alone admits exactly `limit` requests per window, and X-RateLimit-Remaining falls by exactly one per
 *   request (remaining = limit − (points leased − points unused here)).
 * - N replicas together never admit more than `limit` requests per window.
 * - With several replicas, only the points a process leased before the window became shared can go unused: at most
 *   the chunk it held then (its first leases are of 1, then 2 and 4 points, within max(1, floor(limit × 5%))). If the
 *   caller's later requests never reach that process again, the others refuse early by at most those points; when
 *   they do reach it (round-robin), it uses them and the caller gets exactly `limit`.
 * - Remaining is the place of the request's point in the window (limit − its number), so each value is answered once;
 *   a request served from points leased before the window was shared answers its value after later ones.
 * - (A process tracking more than 100,000 keys drops its oldest leases, and their unused points with them: early
 *   again, never over.)
 *
 * (rate-limiter-flexible's Postgres store was tried first: its named prepared statements collide on the embedded
 * PGlite, whose connections share one session. This file uses plain parameterised queries only.)
 */
/**
 * Creates (or brings up to date) the counters' table `bridge.rate_limits`, under an advisory lock: replicas starting
 * together on a fresh database would otherwise race on CREATE TABLE IF NOT EXISTS (PostgreSQL then refuses the second
 * with a duplicate pg_type row). A process that may not create schemas (a role of its own, scripts/db-roles.ts) finds
 * the table made by the roles' setup and leaves it.
 */
export async function ensureRateLimitTable(ddl: pg.ClientBase): Promise<void> {
  if (!(await mayCreateSchemas(ddl))) return;
  try {
    await ddl.query('BEGIN');
    await ddl.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['migrate:bridge.rate_limits']);
    await ddl.query('CREATE SCHEMA IF NOT EXISTS bridge');
    await ddl.query(
      "CREATE TABLE IF NOT EXISTS bridge.rate_limits (key text PRIMARY KEY, points integer NOT NULL, expire bigint NOT NULL, last_grant integer NOT NULL DEFAULT 0, holder text NOT NULL DEFAULT '')",
    );
    // a table created before leasing lacks last_grant, one before shared windows lacks holder (looked up first:
    // ALTER TABLE locks the table even when it has the column)
    const { rows } = await ddl.query<{ column_name: string }>("SELECT column_name FROM information_schema.columns WHERE table_schema = 'bridge' AND table_name = 'rate_limits'");
    const has = new Set(rows.map((r) => r.column_name));
    if (!has.has('last_grant')) await ddl.query('ALTER TABLE bridge.rate_limits ADD COLUMN IF NOT EXISTS last_grant integer NOT NULL DEFAULT 0');
    if (!has.has('holder')) await ddl.query("ALTER TABLE bridge.rate_limits ADD COLUMN IF NOT EXISTS holder text NOT NULL DEFAULT ''");
    await ddl.query('COMMIT');
  } catch (err) {
    await ddl.query('ROLLBACK').catch(noop);
    throw err;
  }
}

export class RateLimits {
  private readonly windows: Record<string, Window>;
  private readonly leases = new Map<string, Lease>();
  private readonly sweeper: NodeJS.Timeout;
  /** This process in the rows it leases (`holder`). */
  private readonly holder = randomUUID();

  private constructor(
    private readonly pool: pg.Pool,
    config: Config,
    private readonly jwtSecret: string,
  ) {
    const window = (points: number, duration: number): Window => ({ points, duration, cap: Math.max(1, Math.floor(points / 20)) });
    this.windows = {
      minute: window(config.RATE_LIMIT_PER_MINUTE, 60),
      hour: window(config.RATE_LIMIT_PER_HOUR, 3600),
      ...Object.fromEntries(Object.entries(ROUTE_LIMITS).map(([name, w]) => [name, window(w.points, w.duration)])),
    };
    this.sweeper = setInterval(() => this.sweep(), SWEEP_MS);
    this.sweeper.unref();
  }

  static async open(config: Config): Promise<RateLimits> {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, ...config.dbPool });
    watchPool('ratelimit', pool);
    // an idle connection the server drops must not crash the process: the pool replaces it on next use
    pool.on('error', () => undefined);
    // the table is made on a start-up connection: the pool's request timeout is too short while others migrate
    const ddl = startupClient(config);
    await ddl.connect();
    try {
      await ensureRateLimitTable(ddl);
    } finally {
      await ddl.end();
    }
    return new RateLimits(pool, config, config.jwtSecret);
  }

  async ready(): Promise<boolean> {
    return this.pool.query('select 1').then(
      () => true,
      () => false,
    );
  }

  close() {
    clearInterval(this.sweeper);
    return this.pool.end();
  }

  /**
   * Who is calling, for counting: the user of a valid access token (so refreshing does not reset a limit),
   * else a hash of whatever credential was sent, else the origin (a CSP's clients), else the client address.
   */
  async callerKey(req: Request): Promise<string> {
    const token = bearerToken(req.header('authorization'));
    if (token) {
      // verified once, then remembered until it expires (kernel/tokens.ts)
      const claims = await verifyAccessToken(token, this.jwtSecret);
      if (claims) return `user:${claims.userId}`;
    }
    const credential = token ?? req.header('svc-auth-token') ?? req.header('x-auth-token');
    if (credential) return `cred:${sha256(credential).slice(0, 32)}`;
    // the client order family's callers are counted per origin (docs/orders.md "Rate limits"), whatever intent they hold
    const origin = req.header('origin');
    if (origin) return `origin:${sha256(origin.toLowerCase()).slice(0, 32)}`;
    return `ip:${req.ip}`;
  }

  /**
   * Counts one request against the general limits (and the route's), and reports the tightest. `general: false`
   * counts the route limits only (the gateway counts a GraphQL request's general limits before it is parsed, and its
   * per-action limits once the operation is known).
   */
  async check(caller: string, routeLimits: RouteLimit[] = [], { general = true } = {}): Promise<LimitOutcome> {
    const names = [...(general ? ['minute', 'hour'] : []), ...new Set(routeLimits)];
    if (!names.length) throw new Error('nothing to count');
    for (;;) {
      const now = clockNow();
      const slots = names.map((name) => this.slot(name, caller, now));
      // a window whose lease is empty and whose row is full refuses, whatever the others have
      const refused = slots.filter((s) => s.lease.available === 0 && s.lease.granted >= s.window.points);
      if (refused.length) return report(slots, refused);
      const empty = slots.filter((s) => s.lease.available === 0);
      if (!empty.length) {
        for (const s of slots) s.lease.available--;
        return report(slots, []);
      }
      // lease what no one is leasing yet (one statement), wait for the leases already in flight, then look again
      const waits = empty.flatMap((s) => (s.lease.leasing ? [s.lease.leasing] : []));
      const mine = empty.filter((s) => !s.lease.leasing);
      await Promise.all(mine.length ? [...waits, this.lease(mine)] : waits);
    }
  }

  /** The local lease of one window of a caller, a fresh one when the window has turned. */
  private slot(name: string, caller: string, now: number): Slot {
    const window = this.windows[name];
    if (!window) throw new Error(`unknown rate limit window: ${name}`);
    const key = `${name}:${caller}`;
    const length = window.duration * 1000;
    const expire = (Math.floor(now / length) + 1) * length;
    let lease = this.leases.get(key);
    if (!lease || lease.expire < expire) {
      lease = { expire, available: 0, granted: 0, chunk: 1 };
      this.leases.delete(key); // re-inserted last: the map's order is the order of creation, oldest first
      this.leases.set(key, lease);
      if (this.leases.size > MAX_LEASES) {
        for (const k of this.leases.keys()) {
          if (this.leases.size <= MAX_LEASES) break;
          this.leases.delete(k);
        }
      }
    }
    return { key, window, lease };
  }

  /** Leases points for these slots in one statement; settles when their leases are updated. */
  private lease(slots: Slot[]): Promise<void> {
    slots.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const wants = slots.map((s) => Math.max(1, Math.min(s.lease.chunk, s.window.cap, s.window.points - s.lease.granted)));
    const run = this.pool
      .query<{ key: string; points: number; last_grant: number; holder: string }>(LEASE, [
        slots.map((s) => s.key),
        wants,
        slots.map((s) => s.window.points),
        slots.map((s) => s.lease.expire),
        this.holder,
      ])
      .then(({ rows }) => {
        const byKey = new Map(rows.map((r) => [r.key, r]));
        for (const { key, window, lease } of slots) {
          const row = byKey.get(key);
          if (!row) continue;
          const grant = Number(row.last_grant);
          lease.available += grant;
          // nothing granted: the row is full until the window ends
          lease.granted = grant > 0 ? Number(row.points) : Math.max(Number(row.points), window.points);
          lease.chunk = row.holder === '*' ? 1 : Math.min(lease.chunk * 2, window.cap);
        }
      })
      .finally(() => {
        for (const s of slots) s.lease.leasing = undefined;
      });
    run.catch(noop); // (seen by every request that awaits it; none may be left to)
    for (const s of slots) s.lease.leasing = run;
    return run;
  }

  /**
   * Drops expired local entries, and the rows of windows over for a minute at least (every replica does it; it is
   * idempotent). The minute's grace keeps a replica whose clock runs ahead from deleting a row that replicas behind it
   * still count in: they would recreate it empty and admit the window's points again.
   */
  private sweep(): void {
    const now = clockNow();
    for (const [key, lease] of this.leases) if (lease.expire <= now) this.leases.delete(key);
    void this.pool.query('DELETE FROM bridge.rate_limits WHERE expire < $1', [now - SWEEP_MS]).catch(noop);
  }
}

/** The outcome of the tightest window: the refusing one that resets last, else the one with the fewest left. */
function report(slots: Slot[], refused: Slot[]): LimitOutcome {
  if (refused.length) {
    const s = refused.reduce((a, b) => (b.lease.expire > a.lease.expire ? b : a));
    return { limit: s.window.points, remaining: 0, reset: Math.ceil(s.lease.expire / 1000), blocked: true };
  }
  const outcomes = slots.map(({ window, lease }) => ({
    limit: window.points,
    remaining: Math.max(0, window.points - (lease.granted - lease.available)),
    reset: Math.ceil(lease.expire / 1000),
    blocked: false,
  }));
  return outcomes.sort((a, b) => a.remaining - b.remaining || b.reset - a.reset)[0];
}

/** The rate-limit headers of an outcome: X-RateLimit-Limit, -Remaining, -Reset, and Retry-After when refused. */
export function rateHeaders(o: LimitOutcome): [string, string][] {
  const headers: [string, string][] = [
    ['X-RateLimit-Limit', String(o.limit)],
    ['X-RateLimit-Remaining', String(o.remaining)],
    ['X-RateLimit-Reset', String(o.reset)],
  ];
  if (o.blocked) headers.push(['Retry-After', String(Math.max(1, o.reset - Math.floor(clockNow() / 1000)))]);
  return headers;
}

export function setRateHeaders(res: Response, o: LimitOutcome): void {
  for (const [name, value] of rateHeaders(o)) res.setHeader(name, value);
  if (o.blocked) rateLimitRefusals.inc();
}
