// The bench's bare baseline: a hand-written `node:http` + `pg` handler of the core routes, and how the bench starts it.
/**
 * `npm run bench`'s "bare" layer: what a competent hand-written handler costs. A minimal `node:http` server with a
 * `pg` Pool (DB_POOL_SIZE, default 10) on the platform's database, answering the same rows in the same JSON shape as
 * the REST bridge, with no framework, no GraphQL, no ORM and no credential check: the caller names the user, the
 * workspace and the provider in the path. Started by the bench (`startBare`) as a child process running this file (so
 * it does not share an event loop with the load generator); prints `bare listening on <port>` when it accepts requests.
 *
 * Routes:
 * - GET  /users/:id                          → `{success:true, user}`            (GET /v1/users/me)
 * - GET  /lsp/:wid/:icode/fleets?page&limit  → `{error:false, status, data, pagination}` (GET /v1/lsp/fleets)
 * - POST /utilities/:wid/nearby/search       → `{error:false, status, result, trace}`    (POST /realm/utilities/nearby/search)
 */
// first: the stores whose SQL the bench runs load type-graphql's decorators (domain/transport.ts imports
// kernel/graphql-types.ts), which need the metadata polyfill before they evaluate
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { radiusQuery } from '../../subgraphs/utilities/nearby/store.js';
import type { LiveVehicleStatus } from '../../subgraphs/utilities/common/enums.js';
import { numbered } from './fixtures.js';
import { freePorts, spawnReady, stopGroup } from './platform.js';

/** Starts the bare server on a free port (this file, as a process group of its own); its URL, and how to stop it. */
export async function startBare(databaseUrl: string, poolSize: number): Promise<{ url: string; stop: () => Promise<void> }> {
  const [port] = await freePorts(1);
  const env = { ...process.env, DATABASE_URL: databaseUrl, DB_POOL_SIZE: String(poolSize), BARE_PORT: String(port) };
  const { proc } = await spawnReady('bare server', fileURLToPath(import.meta.url), [], env, /^bare listening on/, 30_000);
  return { url: `http://127.0.0.1:${port}`, stop: () => stopGroup(proc, 5000) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function send(res: ServerResponse, status: number, body: unknown): void {
  const json = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json) });
  res.end(json);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > 100 * 1024) reject(new Error('body too large'));
      else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

// ───────────────────────────── GET /users/:id ─────────────────────────────

const USER_SQL = `select id, email, phone, name, avatar, user_type, verified, created_at, updated_at, metadata
  from users."user" where id = $1 and deletion_date is null`;

interface UserRow {
  id: string;
  email: string;
  phone: string | null;
  name: string;
  avatar: string | null;
  user_type: string;
  verified: boolean;
  created_at: Date;
  updated_at: Date;
  metadata: { language?: string; timezone?: string; notifications?: unknown };
}

async function user(pool: pg.Pool, res: ServerResponse, id: string): Promise<void> {
  if (!UUID.test(id)) return send(res, 404, { success: false, code: 'NOT_FOUND', message: 'User not found' });
  const { rows } = await pool.query<UserRow>(USER_SQL, [id]);
  const u = rows[0];
  if (!u) return send(res, 404, { success: false, code: 'NOT_FOUND', message: 'User not found' });
  send(res, 200, {
    success: true,
    user: {
      id: u.id,
      email: u.email,
      phone: u.phone,
      name: u.name,
      avatar: u.avatar,
      userType: u.user_type,
      verified: u.verified,
      createdAt: u.created_at,
      updatedAt: u.updated_at,
      metadata: { language: u.metadata.language, timezone: u.metadata.timezone, notifications: u.metadata.notifications },
    },
  });
}

// ───────────────────────────── GET /lsp/:wid/:icode/fleets ─────────────────────────────

/** The provider's fleets, one page, with the total in the same query (window count). */
const FLEETS_SQL = `select id, icode, added, updated, type, code, name, description, contacts, address, timezone, level,
    operating_mode, operating_hours, digital_twin_sync, status, capabilities, capacities, capacities_updated_at, count(*) over () as total
  from lsp.fleet where workspace_id = $1 and icode = $2
  order by id asc limit $3 offset $4`;
const FLEET_COUNT_SQL = 'select count(*)::int as total from lsp.fleet where workspace_id = $1 and icode = $2';
/** Their vehicle counts (one grouped count, as the subgraph counts them). */
const VEHICLE_COUNTS_SQL = `select fleet_id, count(*)::int as n
  from lsp.vehicle where workspace_id = $1 and icode = $2 and fleet_id = any($3::uuid[])
  group by fleet_id`;

const ADDRESS_KEYS = ['name', 'street1', 'city', 'state', 'country', 'coordinates'] as const;

/** A row of FLEETS_SQL (JSON columns as stored; the rest passes through to the answer). */
interface FleetRow {
  id: string;
  icode: string;
  added: Date;
  updated: Date;
  type: string;
  code: string;
  name: string;
  description: string | null;
  contacts: { emails?: string[]; phones?: string[] } | null;
  address: Record<string, unknown> | null;
  timezone: string | null;
  level: string | null;
  operating_mode: string | null;
  digital_twin_sync: unknown;
  status: string;
  capabilities: string[] | null;
  capacities: { type: string; total: number; used: number; reserved?: number | null; unit: string }[] | null;
  capacities_updated_at: Date | null;
  total: string;
  operating_hours: { dayOfWeek: string; openTime?: string | null; closeTime?: string | null; isClosed?: boolean }[] | null;
}

async function fleets(pool: pg.Pool, res: ServerResponse, wid: string, icode: string, query: URLSearchParams): Promise<void> {
  if (!UUID.test(wid)) return send(res, 404, { error: true, status: 'NOT_FOUND', message: 'Workspace not found' });
  const page = Math.max(1, Number(query.get('page') ?? 1) || 1);
  const limit = Math.min(100, Math.max(1, Number(query.get('limit') ?? 20) || 20));
  const { rows } = await pool.query<FleetRow>(FLEETS_SQL, [wid, icode, limit, (page - 1) * limit]);
  const total = rows.length ? Number(rows[0].total) : (await pool.query<{ total: number }>(FLEET_COUNT_SQL, [wid, icode])).rows[0].total;
  const counts = new Map<string, number>();
  if (rows.length) {
    const vehicles = await pool.query<{ fleet_id: string; n: number }>(VEHICLE_COUNTS_SQL, [wid, icode, rows.map((r) => r.id)]);
    for (const v of vehicles.rows) counts.set(v.fleet_id, v.n);
  }
  const pages = Math.ceil(total / limit);
  send(res, 200, {
    error: false,
    status: 'SUCCESS',
    data: rows.map((f) => ({
      id: f.id,
      workspace: { type: 'LSP', icode: f.icode },
      added: f.added,
      updated: f.updated,
      type: f.type,
      code: f.code,
      name: f.name,
      description: f.description,
      contacts: { emails: f.contacts?.emails ?? [], phones: f.contacts?.phones ?? [] },
      address: f.address ? Object.fromEntries(ADDRESS_KEYS.map((k) => [k, f.address?.[k] ?? null])) : null,
      timezone: f.timezone,
      level: f.level,
      operatingMode: f.operating_mode,
      operatingHours: (f.operating_hours ?? []).map((h) => ({ dayOfWeek: h.dayOfWeek, openTime: h.openTime ?? null, closeTime: h.closeTime ?? null, isClosed: h.isClosed ?? false })),
      digitalTwinSync: f.digital_twin_sync,
      status: f.status,
      capabilities: f.capabilities ?? [],
      capacities: (f.capacities ?? []).map((c) => ({ type: c.type, total: c.total, used: c.used, reserved: c.reserved ?? 0, unit: c.unit })),
      capacitiesUpdatedAt: f.capacities_updated_at ? new Date(f.capacities_updated_at).toISOString() : null,
      vehicleCount: counts.get(f.id) ?? 0,
    })),
    pagination: { page, limit, total, pages, hasNext: page < pages, hasPrevious: page > 1 },
  });
}

// ───────────────────────────── POST /utilities/:wid/nearby/search ─────────────────────────────

const invalid = (res: ServerResponse, field: string, message: string) =>
  send(res, 400, { error: true, status: 'UTILITY::VALIDATION_FAILED', message: `${field}: ${message}`, field, trace: randomUUID() });

/** The search body as a client may send it: anything, checked below. */
type NearbyInput = {
  location?: { lat?: unknown; lng?: unknown } | null;
  radius?: unknown;
  limit?: unknown;
  status?: LiveVehicleStatus | null;
  vehicleType?: string | null;
} | null;

async function nearby(pool: pg.Pool, req: IncomingMessage, res: ServerResponse, wid: string): Promise<void> {
  let input: NearbyInput;
  try {
    input = JSON.parse(await readBody(req)) as NearbyInput;
  } catch {
    return invalid(res, 'body', 'must be JSON');
  }
  const lat = Number(input?.location?.lat);
  const lng = Number(input?.location?.lng);
  const radius = Number(input?.radius);
  const limit = input?.limit === undefined || input?.limit === null ? 20 : Number(input.limit);
  if (!UUID.test(wid)) return send(res, 404, { error: true, status: 'NOT_FOUND', message: 'Workspace not found', trace: randomUUID() });
  if (!(Math.abs(lat) <= 90) || !(Math.abs(lng) <= 180)) return invalid(res, 'location', 'must be a valid position');
  if (!(radius > 0 && radius <= 100_000)) return invalid(res, 'radius', 'must be positive, at most 100000 metres');
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) return invalid(res, 'limit', 'must be an integer from 1 to 100');
  // the subgraph's own SQL (subgraphs/utilities/nearby/store.ts), `?` placeholders numbered for pg
  const q = radiusQuery(wid, lat, lng, radius, { status: input?.status ?? null, vehicleType: input?.vehicleType ?? null }, limit);
  const { rows } = await pool.query<{ vehicle_id: string; type: string; status: string; lat: string; lng: string; distance: string | null; updated_at: Date }>(numbered(q.sql), q.params);
  const vehicles = rows.map((r) => ({
    id: r.vehicle_id,
    type: r.type,
    status: r.status,
    location: { lat: Number(r.lat), lng: Number(r.lng) },
    distance: Math.round(Number(r.distance ?? 0) * 10) / 10,
    updatedAt: Math.floor(new Date(r.updated_at).getTime() / 1000),
  }));
  send(res, 200, {
    error: false,
    status: 'UTILITY::SEARCH_COMPLETE',
    result: { vehicles, count: vehicles.length, searchRadius: radius, location: { lat, lng } },
    trace: randomUUID(),
  });
}

// ───────────────────────────── server ─────────────────────────────

function serve(): void {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DB_POOL_SIZE ?? 10) });
  pool.on('error', () => undefined); // a dropped idle connection is replaced on next use

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://bare');
    const parts = url.pathname.split('/').filter(Boolean);
    let work: Promise<void> | void;
    if (req.method === 'GET' && parts.length === 2 && parts[0] === 'users') work = user(pool, res, parts[1]);
    else if (req.method === 'GET' && parts.length === 4 && parts[0] === 'lsp' && parts[3] === 'fleets') work = fleets(pool, res, parts[1], decodeURIComponent(parts[2]), url.searchParams);
    else if (req.method === 'POST' && parts.length === 4 && parts[0] === 'utilities' && parts[2] === 'nearby' && parts[3] === 'search') work = nearby(pool, req, res, parts[1]);
    else if (req.method === 'GET' && url.pathname === '/healthz') work = send(res, 200, { ok: true });
    else work = send(res, 404, { error: true, status: 'NOT_FOUND', message: 'No route' });
    Promise.resolve(work).catch((err: Error) => {
      if (!res.headersSent) send(res, 500, { error: true, status: 'INTERNAL_ERROR', message: err.message });
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 65_000;

  const port = Number(process.env.BARE_PORT ?? 0);
  server.listen(port, process.env.HOST ?? '127.0.0.1', () => {
    // fail early when the database is not reachable: the rejection, unhandled, ends the process
    void pool.query('select 1').then(() => console.log(`bare listening on ${(server.address() as AddressInfo).port}`));
  });

  const stop = () => {
    server.close();
    server.closeAllConnections();
    void pool.end().finally(() => process.exit(0));
    setTimeout(() => process.exit(0), 3000).unref();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

// the server runs in the process started by startBare only, never in the bench that imports this file
if (process.argv[1] === fileURLToPath(import.meta.url)) serve();
