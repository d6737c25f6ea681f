import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import { COMPONENTS, componentUrl, roleOf, setUpRoles } from '../scripts/db-roles.js';
import { realPostgres, type PostgresDatabase } from './support/postgres.js';

/**
 * A PostgreSQL role per component (scripts/db-roles.ts, README "Database roles"), on a throw-away PostgreSQL server:
 * each role owns its schema, reads and appends the event log, and reaches no other family's table. CI's PostgreSQL
 * phase runs the whole suite with DATABASE_ROLES=per-component (.ci/run), so a cross-family read anywhere fails there.
 */
const SECRET = 'a-test-internal-secret-of-at-least-32-characters';
let server: PostgresDatabase;
const clients: pg.Client[] = [];

async function as(component: string): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: componentUrl(server.databaseUrl, component, SECRET) });
  await c.connect();
  clients.push(c);
  return c;
}

/** The SQLSTATE a statement fails with (undefined: it ran). */
const refusal = (c: pg.Client, sql: string) =>
  c.query(sql).then(
    () => undefined,
    (err: { code?: string }) => err.code,
  );

beforeAll(async () => {
  server = await realPostgres();
  // twice: a second start (or a second launcher) finds everything in place
  await setUpRoles(server.databaseUrl, SECRET);
  await setUpRoles(server.databaseUrl, SECRET);
}, 120_000);

afterAll(async () => {
  for (const c of clients) await c.end().catch(() => undefined);
  await server?.stop();
});

describe('a database role per component', () => {
  it('two platforms setting up on two databases of one server at once both end set up (roles belong to the server)', async () => {
    const admin = new pg.Client({ connectionString: server.databaseUrl });
    await admin.connect();
    clients.push(admin);
    const urls = [];
    for (const name of ['roles_a', 'roles_b']) {
      await admin.query(`create database ${name}`);
      const u = new URL(server.databaseUrl);
      u.pathname = `/${name}`;
      urls.push(u.toString());
    }
    await Promise.all(urls.map((u) => setUpRoles(u, SECRET)));
    for (const u of urls) {
      const c = new pg.Client({ connectionString: componentUrl(u, 'iot', SECRET) });
      await c.connect();
      clients.push(c);
      await c.query('create table iot.probe (id int)');
      expect(await refusal(c, 'select * from users.probe')).toBe('42501');
    }
  });

  it('has one role per subgraph, plus the gateway and the bridge, each connecting as itself', async () => {
    expect(COMPONENTS).toEqual(['users', 'workspace', 'lsp', 'utilities', 'commerce', 'dev', 'iot', 'queries', 'pipelines', 'gateway', 'bridge']);
    for (const component of COMPONENTS) {
      const c = await as(component);
      expect((await c.query<{ u: string }>('select current_user as u')).rows[0].u).toBe(roleOf(component));
    }
  });

  it('a family owns its schema, and another family reading its table is refused: permission denied (42501)', async () => {
    const queries = await as('queries');
    await queries.query('create table queries.service_entry_probe (id int primary key)');
    await queries.query('insert into queries.service_entry_probe values (1)');
    expect((await queries.query('select count(*)::int as n from queries.service_entry_probe')).rows[0].n).toBe(1);
    const pipelines = await as('pipelines');
    expect(await refusal(pipelines, 'select * from queries.service_entry_probe')).toBe('42501');
    expect(await refusal(pipelines, 'create table queries.intruder (id int)')).toBe('42501');
    // nor a schema of its own making, nor the counters it does not use
    expect(await refusal(pipelines, 'create schema elsewhere')).toBe('42501');
    expect(await refusal(pipelines, 'select * from bridge.rate_limits')).toBe('42501');
  });

  it('every component appends to the event log and moves its cursor; the gateway and the bridge keep the rate-limit counters', async () => {
    const lsp = await as('lsp');
    const { rows } = await lsp.query<{ id: string }>(`insert into events.log (topic, key, payload) values ('lsp.fleet', 'f1', '{}') returning id`);
    const commerce = await as('commerce');
    expect((await commerce.query('select key from events.log where id = $1', [rows[0].id])).rows).toEqual([{ key: 'f1' }]);
    await commerce.query(`insert into events.cursor (consumer, topic) values ('commerce.network', 'lsp.fleet')`);
    await commerce.query(`update events.cursor set position = $1 where consumer = 'commerce.network'`, [rows[0].id]);
    expect(await refusal(commerce, 'delete from events.log')).toBe('42501');
    const gateway = await as('gateway');
    await gateway.query(`insert into bridge.rate_limits (key, points, expire) values ('k', 1, 0)`);
    const bridge = await as('bridge');
    expect((await bridge.query('delete from bridge.rate_limits where key = $1', ['k'])).rowCount).toBe(1);
  });

  it('the pipelines and workspace families run the job queue under their roles: a queue made, a job sent and taken', async () => {
    for (const component of ['pipelines', 'workspace']) {
      const boss = new PgBoss({ connectionString: componentUrl(server.databaseUrl, component, SECRET), schema: 'pgboss', max: 2 });
      await boss.start();
      try {
        const queue = `roles-${component}`;
        await boss.createQueue(queue);
        const id = await boss.send(queue, { n: 1 });
        const [job] = await boss.fetch(queue);
        expect(job?.id).toBe(id);
        await boss.complete(queue, job.id);
      } finally {
        await boss.stop({ graceful: false });
      }
    }
    // a family without jobs has no access to them
    expect(await refusal(await as('lsp'), 'select * from pgboss.job')).toBe('42501');
  });
});
