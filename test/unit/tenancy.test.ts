import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { unitDatabase, type UnitDatabase } from './database.js';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../../kernel/errors.js';
import {
  isProviderOwned,
  isTenantEntity,
  PROVIDER_FILTER,
  ProviderOwnedEntity,
  providerScopeOf,
  scopeOf,
  scopeToProvider,
  scopeToWorkspace,
  TENANT_FILTER,
  TenantEntity,
  tenantCondition,
  tenantFilter,
} from '../../kernel/tenancy.js';

/**
 * "An unscoped read fails loudly" (kernel/tenancy.ts, docs/contract.md "Id case"): with the ORM options every subgraph
 * uses (kernel/db.ts ormOptions: the `tenant` and `provider` filters on by default, the TenantSubscriber), on a real
 * PostgreSQL (PGlite, in this process, over the wire protocol): a read of a tenant-owned entity without a workspace
 * scope throws instead of returning every tenant's rows; a scoped manager sees and writes its workspace only.
 * The entities are defined here by calling the decorators (test files are not compiled with decorator support).
 */
class Parcel extends TenantEntity {
  id!: string;
  label!: string;
}
PrimaryKey({ type: 'uuid' })(Parcel.prototype, 'id');
Property({ type: 'string' })(Parcel.prototype, 'label');
Entity({ tableName: 'parcel' })(Parcel);

class Crate extends ProviderOwnedEntity {
  id!: string;
  label!: string;
}
PrimaryKey({ type: 'uuid' })(Crate.prototype, 'id');
Property({ type: 'string' })(Crate.prototype, 'label');
Entity({ tableName: 'crate' })(Crate);

class Notice {
  id!: string;
  body!: string;
}
PrimaryKey({ type: 'uuid' })(Notice.prototype, 'id');
Property({ type: 'string' })(Notice.prototype, 'body');
Entity({ tableName: 'notice' })(Notice);

const WS_A = randomUUID();
const WS_B = randomUUID();
let unit: UnitDatabase | undefined;
let db: PGlite;
let orm: MikroORM;
const fresh = () => orm.em.fork() as EntityManager;

/** The error a promise rejects with (fails the test when it resolves). */
async function rejection(p: Promise<unknown>): Promise<Error> {
  return p.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e as Error,
  );
}

/**
 * The database and its rows, made by the first test that needs them (not in a hook: a setup that fails is then that
 * test's failure, and mutation testing sees it).
 */
let ready: Promise<void> | undefined;
const setup = () => (ready ??= prepare());

async function prepare(): Promise<void> {
  unit = await unitDatabase(
    'tenancy',
    `create schema units;
    create table units.parcel (id uuid primary key, workspace_id uuid not null, label text not null);
    create table units.crate (id uuid primary key, workspace_id uuid not null, icode text not null, label text not null);
    create table units.notice (id uuid primary key, body text not null);`,
    [Parcel, Crate, Notice],
  );
  ({ db, orm } = unit);
  // rows of two workspaces and two providers, written the way the platform writes them: through scoped managers
  const a = scopeToWorkspace(fresh(), WS_A);
  a.create(Parcel, { id: randomUUID(), label: 'a-1' } as never);
  a.create(Parcel, { id: randomUUID(), label: 'a-2' } as never);
  await a.flush();
  const b = scopeToWorkspace(fresh(), WS_B);
  b.create(Parcel, { id: randomUUID(), label: 'b-1' } as never);
  await b.flush();
  for (const [ws, icode, label] of [
    [WS_A, 'LSP1', 'a-lsp1'],
    [WS_A, 'LSP2', 'a-lsp2'],
    [WS_B, 'LSP1', 'b-lsp1'],
  ] as const) {
    const p = scopeToProvider(fresh(), ws, icode);
    p.create(Crate, { id: randomUUID(), label } as never);
    await p.flush();
  }
  const n = fresh();
  n.create(Notice, { id: randomUUID(), body: 'platform-wide' });
  await n.flush();
}

afterAll(async () => {
  await unit?.close();
});

describe('an unscoped read fails loudly', { timeout: 60_000 }, () => {
  it('find, findOne, count and findAndCount of a tenant-owned entity without a workspace scope throw, naming the tenant filter', async () => {
    await setup();
    // MikroORM refuses a default filter without its arguments before the filter's own condition runs
    const message = "No arguments provided for filter 'tenant'";
    expect((await rejection(fresh().find(Parcel, {}))).message).toBe(message);
    expect((await rejection(fresh().findOne(Parcel, { label: 'a-1' }))).message).toBe(message);
    expect((await rejection(fresh().count(Parcel, {}))).message).toBe(message);
    expect((await rejection(fresh().findAndCount(Parcel, {}))).message).toBe(message);
  });

  it("a scope without a workspace id (an empty one) fails in the filter's own condition", async () => {
    await setup();
    const em = fresh();
    em.setFilterParams(TENANT_FILTER, { workspaceId: '' });
    expect((await rejection(em.find(Parcel, {}))).message).toBe('tenant-owned entity read without a workspace scope');
  });

  it("the rows are there: a deliberate bypass (filters: false) sees all three tenants' parcels", async () => {
    await setup();
    const all = await fresh().find(Parcel, {}, { filters: false, orderBy: { label: 'asc' } });
    expect(all.map((p) => p.label)).toEqual(['a-1', 'a-2', 'b-1']);
  });

  it('a provider-owned entity read with a workspace scope but no provider scope throws too, naming the provider filter', async () => {
    await setup();
    const scoped = scopeToWorkspace(fresh(), WS_A);
    expect((await rejection(scoped.find(Crate, {}))).message).toBe("No arguments provided for filter 'provider'");
    const blank = scopeToWorkspace(fresh(), WS_A);
    blank.setFilterParams(PROVIDER_FILTER, { icode: '' });
    expect((await rejection(blank.find(Crate, {}))).message).toBe('provider-owned entity read without a provider scope');
  });

  it('an entity that is not tenant-owned is read without a scope', async () => {
    await setup();
    expect((await fresh().find(Notice, {})).map((n) => n.body)).toEqual(['platform-wide']);
  });
});

describe('a scoped manager sees and writes one workspace', { timeout: 60_000 }, () => {
  it("reads only its workspace's rows; another workspace's row by id is simply not found", async () => {
    await setup();
    const a = scopeToWorkspace(fresh(), WS_A);
    expect((await a.find(Parcel, {}, { orderBy: { label: 'asc' } })).map((p) => p.label)).toEqual(['a-1', 'a-2']);
    expect(await a.count(Parcel, {})).toBe(2);
    const bRow = (await fresh().find(Parcel, { label: 'b-1' }, { filters: false }))[0];
    expect(await a.findOne(Parcel, { id: bRow.id })).toBeNull();
    expect((await scopeToWorkspace(fresh(), WS_B).findOne(Parcel, { id: bRow.id }))?.label).toBe('b-1');
  });

  it('the scope is taken lower-case: an upper-case workspace id sees the same rows', async () => {
    await setup();
    const upper = scopeToWorkspace(fresh(), WS_A.toUpperCase());
    expect(scopeOf(upper)).toBe(WS_A);
    expect(await upper.count(Parcel, {})).toBe(2);
    expect(scopeOf(scopeToWorkspace(fresh(), 'not-a-uuid'))).toBe('not-a-uuid');
  });

  it("a new row is stamped with the scope's workspace", async () => {
    await setup();
    const b = scopeToWorkspace(fresh(), WS_B);
    const p = b.create(Parcel, { id: randomUUID(), label: 'b-2' } as never);
    await b.flush();
    expect(p.workspaceId).toBe(WS_B);
    const stored = await db.query<{ workspace_id: string }>('select workspace_id from units.parcel where id = $1', [p.id]);
    expect(stored.rows).toEqual([{ workspace_id: WS_B }]);
  });

  it('a row of another workspace is refused on create, and an unscoped create without a workspace too', async () => {
    await setup();
    const a = scopeToWorkspace(fresh(), WS_A);
    a.create(Parcel, { id: randomUUID(), label: 'smuggled', workspaceId: WS_B } as never);
    const err = await rejection(a.flush());
    expect(err).toBeInstanceOf(AppError);
    expect([(err as AppError).code, err.message]).toEqual(['INTERNAL_ERROR', 'tenant-owned entity created in another workspace']);
    const none = fresh();
    none.create(Parcel, { id: randomUUID(), label: 'orphan' } as never);
    const orphan = await rejection(none.flush());
    expect([(orphan as AppError).code, orphan.message]).toEqual(['INTERNAL_ERROR', 'tenant-owned entity created without a workspace scope']);
    expect(await db.query('select 1 from units.parcel where label in ($1, $2)', ['smuggled', 'orphan']).then((r) => r.rows)).toEqual([]);
  });

  it('a row that names its own workspace is accepted, scoped or not (a system process writing for a workspace)', async () => {
    await setup();
    const a = scopeToWorkspace(fresh(), WS_A);
    a.create(Parcel, { id: randomUUID(), label: 'a-explicit', workspaceId: WS_A } as never);
    await a.flush();
    const system = fresh();
    system.create(Parcel, { id: randomUUID(), label: 'b-system', workspaceId: WS_B } as never);
    await system.flush();
    expect((await db.query('select label, workspace_id from units.parcel where label in ($1, $2) order by label', ['a-explicit', 'b-system'])).rows).toEqual([
      { label: 'a-explicit', workspace_id: WS_A },
      { label: 'b-system', workspace_id: WS_B },
    ]);
  });

  it('an entity that is not tenant-owned is written through a scoped manager as it is', async () => {
    await setup();
    const a = scopeToWorkspace(fresh(), WS_A);
    const n = a.create(Notice, { id: randomUUID(), body: 'scoped notice' });
    await a.flush();
    n.body = 'scoped notice, edited';
    await a.flush();
    expect((await db.query('select body from units.notice where id = $1', [n.id])).rows).toEqual([{ body: 'scoped notice, edited' }]);
  });

  it('a row cannot be moved to another workspace', async () => {
    await setup();
    const a = scopeToWorkspace(fresh(), WS_A);
    const p = (await a.findOne(Parcel, { label: 'a-1' }))!;
    p.workspaceId = WS_B;
    const err = await rejection(a.flush());
    expect([(err as AppError).code, err.message]).toEqual(['INTERNAL_ERROR', 'tenant-owned entity moved to another workspace']);
    expect((await db.query<{ workspace_id: string }>('select workspace_id from units.parcel where label = $1', ['a-1'])).rows).toEqual([{ workspace_id: WS_A }]);
  });

  it('a change inside the workspace is saved', async () => {
    await setup();
    const a = scopeToWorkspace(fresh(), WS_A);
    (await a.findOne(Parcel, { label: 'a-2' }))!.label = 'a-2 renamed';
    await a.flush();
    expect((await db.query('select label from units.parcel where workspace_id = $1 order by label', [WS_A])).rows).toEqual([{ label: 'a-1' }, { label: 'a-2 renamed' }, { label: 'a-explicit' }]);
  });
});

describe('a provider scope sees and writes one provider of one workspace', { timeout: 60_000 }, () => {
  it("reads only its provider's records", async () => {
    await setup();
    expect((await scopeToProvider(fresh(), WS_A, 'LSP1').find(Crate, {})).map((c) => c.label)).toEqual(['a-lsp1']);
    expect((await scopeToProvider(fresh(), WS_A, 'LSP2').find(Crate, {})).map((c) => c.label)).toEqual(['a-lsp2']);
    expect((await scopeToProvider(fresh(), WS_B, 'LSP1').find(Crate, {})).map((c) => c.label)).toEqual(['b-lsp1']);
    expect(await scopeToProvider(fresh(), WS_B, 'LSP2').count(Crate, {})).toBe(0);
  });

  it("new records are stamped with the provider; another provider's code, or none, is refused", async () => {
    await setup();
    const p = scopeToProvider(fresh(), WS_B, 'LSP2');
    const c = p.create(Crate, { id: randomUUID(), label: 'b-lsp2' } as never);
    await p.flush();
    expect([c.workspaceId, c.icode]).toEqual([WS_B, 'LSP2']);
    const same = scopeToProvider(fresh(), WS_B, 'LSP2');
    same.create(Crate, { id: randomUUID(), label: 'b-lsp2-explicit', icode: 'LSP2' } as never);
    await same.flush();
    const system = scopeToWorkspace(fresh(), WS_B);
    system.create(Crate, { id: randomUUID(), label: 'b-lsp1-system', icode: 'LSP1' } as never);
    await system.flush();
    expect((await scopeToProvider(fresh(), WS_B, 'LSP1').find(Crate, {}, { orderBy: { label: 'asc' } })).map((x) => x.label)).toEqual(['b-lsp1', 'b-lsp1-system']);
    const wrong = scopeToProvider(fresh(), WS_B, 'LSP2');
    wrong.create(Crate, { id: randomUUID(), label: 'x', icode: 'LSP1' } as never);
    const other = await rejection(wrong.flush());
    expect([(other as AppError).code, other.message]).toEqual(['INTERNAL_ERROR', 'provider-owned entity created for another provider']);
    const noProvider = scopeToWorkspace(fresh(), WS_B);
    noProvider.create(Crate, { id: randomUUID(), label: 'y' } as never);
    const none = await rejection(noProvider.flush());
    expect([(none as AppError).code, none.message]).toEqual(['INTERNAL_ERROR', 'provider-owned entity created without a provider scope']);
  });

  it('scopeOf and providerScopeOf tell the scope; an unscoped manager has none', async () => {
    await setup();
    const p = scopeToProvider(fresh(), WS_A, 'LSP1');
    expect([scopeOf(p), providerScopeOf(p)]).toEqual([WS_A, 'LSP1']);
    expect([scopeOf(fresh()), providerScopeOf(fresh())]).toEqual([undefined, undefined]);
    expect(providerScopeOf(scopeToWorkspace(fresh(), WS_A))).toBeUndefined();
  });
});

describe('tenantCondition: the filters as SQL for a plain statement', { timeout: 60_000 }, () => {
  /** The labels a plain statement with the condition reads, in order. */
  const plain = async (em: EntityManager, entity: typeof Parcel | typeof Crate | typeof Notice, filters?: Record<string, boolean>) => {
    const t = tenantCondition(em, entity, filters);
    const rows = await em.execute<{ label?: string; body?: string }[]>(`select * from ${t.table} where ${t.sql} order by 1`, t.params);
    return rows.map((r) => r.label ?? r.body).sort();
  };

  it('reads what the filtered read sees: a workspace, a provider of it, every provider of it with the provider filter off', async () => {
    await setup();
    // the filtered reads' labels (other tests add and rename rows; the rows from setup stay in each answer)
    const found = async (em: EntityManager, entity: typeof Parcel | typeof Crate, filters?: Record<string, boolean>) =>
      (await em.find(entity, {}, filters ? { filters } : {})).map((x) => x.label).sort();
    const cases: [EntityManager, typeof Parcel | typeof Crate, Record<string, boolean> | undefined, string[]][] = [
      [scopeToWorkspace(fresh(), WS_A), Parcel, undefined, ['a-1']],
      [scopeToWorkspace(fresh(), WS_B), Parcel, undefined, ['b-1']],
      [scopeToProvider(fresh(), WS_A, 'LSP2'), Crate, undefined, ['a-lsp2']],
      [scopeToProvider(fresh(), WS_A, 'LSP1'), Crate, { [PROVIDER_FILTER]: false }, ['a-lsp1', 'a-lsp2']],
      [scopeToWorkspace(fresh(), WS_A), Crate, { [PROVIDER_FILTER]: false }, ['a-lsp1', 'a-lsp2']],
    ];
    for (const [em, entity, filters, includes] of cases) {
      const rows = await plain(em, entity, filters);
      expect(rows).toEqual(await found(em, entity, filters));
      expect(rows).toEqual(expect.arrayContaining(includes));
      expect(rows.some((l) => /^b-/.test(l!)) === (em === cases[1][0])).toBe(true);
    }
    // an entity that is not tenant-owned: no condition
    expect(await plain(fresh(), Notice)).toContain('platform-wide');
    expect(tenantCondition(fresh(), Parcel, { [TENANT_FILTER]: false })).toEqual({ table: '"units"."parcel"', sql: 'true', params: [] });
  });

  it('throws without the scope its filters need, as the filters do', async () => {
    await setup();
    expect(() => tenantCondition(fresh(), Parcel)).toThrow('tenant-owned entity read without a workspace scope');
    expect(() => tenantCondition(scopeToWorkspace(fresh(), WS_A), Crate)).toThrow('provider-owned entity read without a provider scope');
  });
});

describe('the filter definitions', () => {
  it('tenant entities get the tenant filter, provider-owned ones the provider filter too, both on by default', () => {
    expect(isTenantEntity(Parcel)).toBe(true);
    expect(isTenantEntity(Crate)).toBe(true);
    expect(isTenantEntity(Notice)).toBe(false);
    expect(isProviderOwned(Crate)).toBe(true);
    expect(isProviderOwned(Parcel)).toBe(false);
    const filters = tenantFilter([Parcel, Crate, Notice]);
    expect(Object.keys(filters).sort()).toEqual([PROVIDER_FILTER, TENANT_FILTER].sort());
    expect([filters[TENANT_FILTER].entity, filters[TENANT_FILTER].default]).toEqual([[Parcel, Crate], true]);
    expect([filters[PROVIDER_FILTER].entity, filters[PROVIDER_FILTER].default]).toEqual([[Crate], true]);
    expect(filters[TENANT_FILTER].cond({ workspaceId: WS_A })).toEqual({ workspaceId: WS_A });
    expect(filters[PROVIDER_FILTER].cond({ icode: 'LSP1' })).toEqual({ icode: 'LSP1' });
    expect(() => filters[TENANT_FILTER].cond({})).toThrow('tenant-owned entity read without a workspace scope');
    expect(() => filters[TENANT_FILTER].cond(undefined as never)).toThrow('tenant-owned entity read without a workspace scope');
    expect(() => filters[PROVIDER_FILTER].cond({})).toThrow('provider-owned entity read without a provider scope');
    expect(() => filters[PROVIDER_FILTER].cond(undefined as never)).toThrow('provider-owned entity read without a provider scope');
  });

  it('a subgraph without tenant entities gets no filter', () => {
    expect(tenantFilter([Notice])).toEqual({});
    expect(Object.keys(tenantFilter([Parcel]))).toEqual([TENANT_FILTER]);
  });
});
