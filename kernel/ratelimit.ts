import type { Request, Response } from 'express';
import pg from 'pg';
import type { Config } from './config.js';
import { bearerToken, sha256, verifyAccessToken } from './tokens.js';

/** Per-route limits of the spec's Limits table, on top of the general limit. */
export type RouteLimit = 'profile-updates' | 'avatar-uploads' | 'user-search' | 'settings-updates';

/**
 * Rate limits, counted in PostgreSQL (table bridge.rate_limits) so that every replica of the bridge and the gateway
 * shares them. The bridge counts REST calls; the gateway counts GraphQL clients that call it directly.
 * General: RATE_LIMIT_PER_MINUTE (burst) and RATE_LIMIT_PER_HOUR per caller; per-route limits from the Limits table.
 * Fixed windows, one atomic upsert per request for all the windows that apply.
 * (rate-limiter-flexible's Postgres store was tried first: its named prepared statements collide on the embedded
 * PGlite, whose connections share one session.)
 */
const ROUTE_LIMITS: Record<RouteLimit, { points: number; duration: number }> = {
  'profile-updates': { points: 10, duration: 3600 },
  'avatar-uploads': { points: 5, duration: 86_400 },
  'user-search': { points: 100, duration: 3600 },
  'settings-updates': { points: 20, duration: 3600 },
};

export interface LimitOutcome {
  limit: number;
  remaining: number;
  /** Unix time (seconds) when the window resets. */
  reset: number;
  blocked: boolean;
}

const UPSERT = (rows: number) => `
  INSERT INTO bridge.rate_limits AS r (key, points, expire)
  VALUES ${Array.from({ length: rows }, (_, i) => `($${i * 2 + 2}, 1, $${i * 2 + 3}::bigint)`).join(', ')}
  ON CONFLICT (key) DO UPDATE SET
    points = CASE WHEN r.expire <= $1::bigint THEN 1 ELSE r.points + 1 END,
    expire = CASE WHEN r.expire <= $1::bigint THEN excluded.expire ELSE r.expire END
  RETURNING key, points, expire`;

export class RateLimits {
  private readonly windows: Record<string, { points: number; duration: number }>;
  private requests = 0;

  private constructor(private readonly pool: pg.Pool, config: Config, private readonly jwtSecret: string) {
    this.windows = {
      minute: { points: config.RATE_LIMIT_PER_MINUTE, duration: 60 },
      hour: { points: config.RATE_LIMIT_PER_HOUR, duration: 3600 },
      ...ROUTE_LIMITS,
    };
  }

  static async open(config: Config): Promise<RateLimits> {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: config.DB_POOL_SIZE });
    // an idle connection the server drops must not crash the process: the pool replaces it on next use
    pool.on('error', () => undefined);
    await pool.query('CREATE SCHEMA IF NOT EXISTS bridge');
    await pool.query('CREATE TABLE IF NOT EXISTS bridge.rate_limits (key text PRIMARY KEY, points integer NOT NULL, expire bigint NOT NULL)');
    return new RateLimits(pool, config, config.jwtSecret);
  }

  async ready(): Promise<boolean> {
    return this.pool.query('select 1').then(() => true, () => false);
  }

  close() {
    return this.pool.end();
  }

  /**
   * Who is calling, for counting: the user of a valid access token (so refreshing does not reset a limit),
   * else a hash of whatever credential was sent, else the client address.
   */
  async callerKey(req: Request): Promise<string> {
    const token = bearerToken(req.header('authorization'));
    if (token) {
      const claims = await verifyAccessToken(token, this.jwtSecret);
      if (claims) return `user:${claims.userId}`;
    }
    const credential = token ?? req.header('svc-auth-token') ?? req.header('x-auth-token') ?? req.header('x-intent-token');
    if (credential) return `cred:${sha256(credential).slice(0, 32)}`;
    return `ip:${req.ip}`;
  }

  /** Counts one request against the general limits (and the route's), and reports the tightest. */
  async check(caller: string, routeLimits: RouteLimit[] = []): Promise<LimitOutcome> {
    const now = Date.now();
    const names = ['minute', 'hour', ...routeLimits];
    const params: unknown[] = [now];
    for (const name of names) {
      const w = this.windows[name]!;
      const windowStart = Math.floor(now / (w.duration * 1000)) * w.duration * 1000;
      params.push(`${name}:${caller}`, windowStart + w.duration * 1000);
    }
    const { rows } = await this.pool.query<{ key: string; points: number; expire: string }>(UPSERT(names.length), params);
    if (++this.requests % 1000 === 0) void this.pool.query('DELETE FROM bridge.rate_limits WHERE expire < $1', [now]).catch(() => undefined);
    const outcomes = rows.map((r) => {
      const w = this.windows[r.key.slice(0, r.key.indexOf(':'))]!;
      return { limit: w.points, remaining: Math.max(0, w.points - r.points), reset: Math.ceil(Number(r.expire) / 1000), blocked: r.points > w.points };
    });
    const blocked = outcomes.filter((o) => o.blocked).sort((a, b) => b.reset - a.reset)[0];
    return blocked ?? outcomes.sort((a, b) => a.remaining - b.remaining || b.reset - a.reset)[0]!;
  }
}

export function setRateHeaders(res: Response, o: LimitOutcome): void {
  res.setHeader('X-RateLimit-Limit', String(o.limit));
  res.setHeader('X-RateLimit-Remaining', String(o.remaining));
  res.setHeader('X-RateLimit-Reset', String(o.reset));
  if (o.blocked) res.setHeader('Retry-After', String(Math.max(1, o.reset - Math.floor(Date.now() / 1000))));
}
