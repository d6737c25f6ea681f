/**
 * A PostgreSQL role per component (README "Database roles"; docs/architecture.md "Enforced"): each subgraph, the
 * gateway and the bridge connect as `platform_<component>`, which owns its own schema and is granted the kernel's
 * shared tables it uses, and nothing else. A family that read another family's table would get "permission denied".
 *
 * What each role is granted besides its own schema (the shared tables, by name):
 * - every component: the event log, `events.log` (read, append; its sequence) and `events.cursor` (the consumers'
 *   positions: read, insert, update);
 * - the gateway and the bridge: the rate-limit counters, `bridge.rate_limits` (read, write, delete);
 * - the pipelines and workspace families: the job queue, schema `pgboss`, through membership of `platform_jobs`,
 *   which owns it (pg-boss creates a queue's table when the queue is first made);
 * - the extensions the families use (btree_gist, cube, earthdistance, pg_trgm) in `public`, made here.
 *
 * The setup runs as an administrator (a role that may create roles and schemas): the launcher runs it at start with
 * DATABASE_ROLES=per-component in the split topology (scripts/launcher.ts), or an operator once with
 * `npm run db:roles` (DATABASE_URL the administrator's), which prints each component's connection string. It is
 * idempotent: a schema made by an earlier start without roles is handed to its role with everything in it.
 */
import { createHmac } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import { EVENTS_DDL } from '../kernel/events.js';
import { ensureRateLimitTable } from '../kernel/ratelimit.js';
import { subgraphs } from '../subgraphs/index.js';

/** Every component that connects to the database: the subgraphs (the pipelines workers are `pipelines`), gateway, bridge. */
export const COMPONENTS = [...subgraphs.map((s) => s.name), 'gateway', 'bridge'];
const RATE_LIMITED = ['gateway', 'bridge'];
const JOB_USERS = ['pipelines', 'workspace'];
const EXTENSIONS = ['btree_gist', 'cube', 'earthdistance', 'pg_trgm'];

/** The role a component connects as. */
export const roleOf = (component: string): string => `platform_${component}`;

/** A role's password: derived from INTERNAL_SECRET, so every replica of a platform computes the same. */
const passwordOf = (secret: string, role: string): string => createHmac('sha256', secret).update(`db-role:${role}`).digest('base64url');

/** `adminUrl` with a component's role and password in place of the administrator's. */
export function componentUrl(adminUrl: string, component: string, secret: string): string {
  const url = new URL(adminUrl);
  url.username = roleOf(component);
  url.password = passwordOf(secret, roleOf(component));
  return url.toString();
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Hands schema `schema` and everything in it to `role` (a schema an earlier start made as the administrator). */
async function handOver(db: pg.ClientBase, schema: string, role: string): Promise<void> {
  await db.query(`ALTER SCHEMA ${ident(schema)} OWNER TO ${ident(role)}`);
  const { rows } = await db.query<{ sql: string }>(
    `SELECT format('ALTER %s %I.%I OWNER TO %I', CASE c.relkind WHEN 'S' THEN 'SEQUENCE' WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' ELSE 'TABLE' END, n.nspname, c.relname, $2::text) AS sql
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND c.relkind IN ('r', 'p', 'S', 'v', 'm') AND pg_get_userbyid(c.relowner) <> $2
        AND NOT (c.relkind = 'S' AND EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype IN ('a', 'i')))
     UNION ALL
     SELECT format('ALTER ROUTINE %I.%I(%s) OWNER TO %I', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid), $2::text)
       FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = $1 AND pg_get_userbyid(p.proowner) <> $2
     UNION ALL
     SELECT format('ALTER TYPE %I.%I OWNER TO %I', n.nspname, t.typname, $2::text)
       FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
      WHERE n.nspname = $1 AND t.typtype IN ('e', 'd') AND pg_get_userbyid(t.typowner) <> $2`,
    [schema, role],
  );
  for (const r of rows) await db.query(r.sql);
}

async function ensureRole(db: pg.ClientBase, role: string, password: string | undefined): Promise<void> {
  const login = password === undefined ? 'NOLOGIN' : `LOGIN PASSWORD ${pg.Client.prototype.escapeLiteral(password)}`;
  const { rowCount } = await db.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role]);
  await db.query(`${rowCount ? 'ALTER' : 'CREATE'} ROLE ${ident(role)} ${login}`);
}

/**
 * Sets up the roles, schemas, shared tables and grants on the database of `adminUrl` (see the header), under an
 * advisory lock. Returns each component's connection string. Roles belong to the whole server while advisory locks
 * belong to one database: two platforms setting up on two databases of one server at once may collide on a role
 * ("tuple concurrently updated", a duplicate): the setup is idempotent, and is run again.
 */
export async function setUpRoles(adminUrl: string, secret: string): Promise<Record<string, string>> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await setUpOnce(adminUrl, secret);
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (attempt >= 5 || !['XX000', '23505', '42710', '40001', '40P01'].includes(code ?? '')) throw err;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 400));
    }
  }
}

async function setUpOnce(adminUrl: string, secret: string): Promise<Record<string, string>> {
  const db = new pg.Client({ connectionString: adminUrl });
  await db.connect();
  try {
    await db.query('SELECT pg_advisory_lock(hashtext($1))', ['db-roles']);
    for (const e of EXTENSIONS) await db.query(`CREATE EXTENSION IF NOT EXISTS ${e} WITH SCHEMA public`);
    // the kernel's shared tables, as each process would make them without roles
    await db.query('SELECT pg_advisory_lock(hashtext($1))', ['migrate:events']);
    try {
      for (const ddl of EVENTS_DDL) await db.query(ddl);
    } finally {
      await db.query('SELECT pg_advisory_unlock(hashtext($1))', ['migrate:events']);
    }
    await ensureRateLimitTable(db);
    const boss = new PgBoss({ connectionString: adminUrl, schema: 'pgboss', supervise: false, schedule: false, max: 1 });
    await boss.start();
    await boss.stop({ graceful: false });

    await ensureRole(db, 'platform_jobs', undefined);
    await handOver(db, 'pgboss', 'platform_jobs');
    for (const c of COMPONENTS) {
      const role = roleOf(c);
      await ensureRole(db, role, passwordOf(secret, role));
      if (subgraphs.some((s) => s.name === c)) {
        await db.query(`CREATE SCHEMA IF NOT EXISTS ${ident(c)} AUTHORIZATION ${ident(role)}`);
        await handOver(db, c, role);
      }
      await db.query(`GRANT USAGE ON SCHEMA events TO ${ident(role)}`);
      await db.query(`GRANT SELECT, INSERT ON events.log TO ${ident(role)}`);
      await db.query(`GRANT USAGE ON SEQUENCE events.log_id_seq TO ${ident(role)}`);
      await db.query(`GRANT SELECT, INSERT, UPDATE ON events.cursor TO ${ident(role)}`);
      if (RATE_LIMITED.includes(c)) {
        await db.query(`GRANT USAGE ON SCHEMA bridge TO ${ident(role)}`);
        await db.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON bridge.rate_limits TO ${ident(role)}`);
      }
      if (JOB_USERS.includes(c)) await db.query(`GRANT platform_jobs TO ${ident(role)}`);
    }
    return Object.fromEntries(COMPONENTS.map((c) => [c, componentUrl(adminUrl, c, secret)]));
  } finally {
    await db.query('SELECT pg_advisory_unlock(hashtext($1))', ['db-roles']).catch(() => undefined);
    await db.end();
  }
}

// `npm run db:roles`: set up with DATABASE_URL (an administrator) and INTERNAL_SECRET, print each component's URL
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { loadConfigOrExit } = await import('../kernel/config.js');
  const config = loadConfigOrExit();
  if (!process.env.DATABASE_URL) {
    console.error('DATABASE_URL (an administrator of a PostgreSQL server) is required');
    process.exit(78);
  }
  const urls = await setUpRoles(config.databaseUrl, config.internalSecret);
  for (const [c, url] of Object.entries(urls)) console.log(`${c}\t${url}`);
}
