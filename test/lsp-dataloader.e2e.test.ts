import { beforeAll, describe, expect, it } from 'vitest';
import { gqlFleets, gqlVehicles, lspPrincipal, newLsp, ok, okList, signPrincipal, subgraphCall, type Lsp } from './lsp-helpers.js';

/**
 * Lists of fleets resolve their vehicles in one batched query per request and their vehicleCount in one grouped count
 * (DataLoaders), not one query per fleet: the lsp subgraph reports the SQL statements of each request in `extensions.sqlStatements`, which
 * only a caller holding the gateway's signature sees. 25 and then 50 fleets with two vehicles each must cost the same
 * small number of statements (rows, total, one batch of vehicles, one grouped count).
 */

const QUERY = '{ fleets(limit: 100) { items { id vehicleCount vehicles { id } } pagination { total } } }';
const MAX_STATEMENTS = 4;

describe('fleet list with vehicles at the lsp subgraph (DataLoader)', () => {
  let lsp: Lsp;
  let principal: ReturnType<typeof lspPrincipal>;
  const vehiclesOf = new Map<string, string[]>();
  let statementsFor25: number | undefined;

  const ask = async (query = QUERY, p: unknown = principal) => subgraphCall(query, {}, { 'x-platform-principal': await signPrincipal(p) });

  /** Asks the list and checks every fleet created so far is there with exactly its vehicles; returns the statements. */
  async function listAndCheck(expectedFleets: number): Promise<number> {
    const res = await ask();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    const { items, pagination } = res.body.data.fleets;
    expect(pagination.total).toBe(expectedFleets);
    expect(items).toHaveLength(expectedFleets);
    for (const f of items) {
      const expected = vehiclesOf.get(f.id);
      expect(expected, `unexpected fleet ${f.id}`).toBeDefined();
      expect(f.vehicleCount).toBe(2);
      expect(f.vehicles.map((v: any) => v.id).sort()).toEqual([...expected!].sort());
    }
    const statements = res.body.extensions?.sqlStatements;
    expect(typeof statements, JSON.stringify(res.body.extensions)).toBe('number');
    return statements;
  }

  beforeAll(async () => {
    lsp = await newLsp();
    principal = lspPrincipal(lsp);
  });

  it("refuses an unsigned or wrongly signed call (401), so the statement count is the subgraph's own", async () => {
    const unsigned = await subgraphCall(QUERY, {}, {});
    expect(unsigned.status).toBe(401);
    expect(unsigned.body.errors?.[0]?.extensions?.code).toBe('UNAUTHORIZED');
    const forged = await subgraphCall(QUERY, {}, { 'x-platform-principal': await signPrincipal(principal, 'y'.repeat(64)) });
    expect(forged.status).toBe(401);
    const empty = await ask();
    expect(empty.body.data.fleets).toEqual({ items: [], pagination: { total: 0 } });
  });

  it('25 fleets × 2 vehicles: every fleet with its vehicles, in at most 4 SQL statements', async () => {
    const fleets = await gqlFleets(lsp, 25);
    for (const [id, vids] of await gqlVehicles(
      lsp,
      fleets.map((f) => f.id),
      2,
    ))
      vehiclesOf.set(id, vids);
    const statements = await listAndCheck(25);
    expect(statements).toBeGreaterThan(0);
    expect(statements).toBeLessThanOrEqual(MAX_STATEMENTS);
    statementsFor25 = statements;
  });

  it('50 fleets × 2 vehicles: the same number of statements as for 25 (no query per fleet)', async () => {
    const fleets = await gqlFleets(lsp, 25);
    for (const [id, vids] of await gqlVehicles(
      lsp,
      fleets.map((f) => f.id),
      2,
    ))
      vehiclesOf.set(id, vids);
    const statements = await listAndCheck(50);
    expect(statements).toBeLessThanOrEqual(MAX_STATEMENTS);
    expect(statementsFor25).toBeDefined();
    expect(statements).toBe(statementsFor25);
    // asking only for the count also batches: one grouped count, no vehicle read
    const counts = await ask('{ fleets(limit: 100) { items { vehicleCount } } }');
    expect(counts.body.data.fleets.items).toHaveLength(50);
    expect(counts.body.data.fleets.items.every((f: { vehicleCount: number }) => f.vehicleCount === 2)).toBe(true);
    expect(counts.body.extensions?.sqlStatements).toBeLessThanOrEqual(MAX_STATEMENTS);
  });

  it('the same list through the gateway and the REST bridge agrees (vehicleCount 2 for all 50)', async () => {
    const viaGateway = await lsp.gql('{ fleets(limit: 100) { items { id vehicleCount vehicles { id } } } }');
    expect(viaGateway.status).toBe(200);
    expect(viaGateway.body.errors).toBeUndefined();
    const items = viaGateway.body.data.fleets.items;
    expect(items).toHaveLength(50);
    for (const f of items) expect(f.vehicles.map((v: any) => v.id).sort()).toEqual([...vehiclesOf.get(f.id)!].sort());
    const rest = ok(await lsp.call('GET', '/v1/lsp/fleets?limit=100'));
    expect(rest).toHaveLength(50);
    expect(rest.every((f: any) => f.vehicleCount === 2)).toBe(true);
    expect(okList(await lsp.call('GET', '/v1/lsp/fleets?limit=100'), 1, 100, 50)).toHaveLength(50);
  });

  it('a page that ends the list needs no count statement; a full page and a page past the end count (kernel/paging.ts)', async () => {
    const pageOf = async (page: number, limit: number) => {
      const res = await ask(`{ fleets(page: ${page}, limit: ${limit}) { items { id } pagination { total } } }`);
      expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
      return { items: res.body.data.fleets.items.length, total: res.body.data.fleets.pagination.total, statements: res.body.extensions?.sqlStatements as number };
    };
    // 50 fleets: a page of 100 holds them all and ends the list; a page of 50 is full; page 2 of 50 is past the end;
    // page 2 of 40 ends the list with 10
    const ending = await pageOf(1, 100);
    const full = await pageOf(1, 50);
    const past = await pageOf(2, 50);
    const last = await pageOf(2, 40);
    expect([ending.items, ending.total, full.items, full.total, past.items, past.total, last.items, last.total]).toEqual([50, 50, 50, 50, 0, 50, 10, 50]);
    expect(full.statements).toBe(ending.statements + 1);
    expect(past.statements).toBe(2);
    expect(last.statements).toBe(ending.statements);
  });

  it("another LSP's principal sees none of these fleets", async () => {
    const other = await newLsp();
    const res = await ask(QUERY, lspPrincipal(other));
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.fleets).toEqual({ items: [], pagination: { total: 0 } });
    // this workspace's principal with a provider code that is not the first LSP's sees nothing either
    const sameWorkspace = await ask(QUERY, { ...principal, providerCode: other.code, providerId: other.provider.id });
    expect(sameWorkspace.status).toBe(200);
    expect(sameWorkspace.body.errors).toBeUndefined();
    expect(sameWorkspace.body.data.fleets).toEqual({ items: [], pagination: { total: 0 } });
  });
});
