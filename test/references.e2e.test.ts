import { beforeAll, describe, expect, it } from 'vitest';
import { api, gqlFleets, gqlVehicles, newLsp, type Lsp } from './lsp-helpers.js';
import { gqlH, setA } from './workspace-helpers.js';

/**
 * Entity references across subgraphs (docs/graph-conventions.md, "Entities and references"), through the gateway:
 * one query that spans three subgraphs resolves its references in batches (the gateway's `extensions.sqlStatements`,
 * on in the suite's platform with GRAPHQL_SQL_STATEMENTS, sums every subgraph's statements), and no reference
 * resolves another tenant's object. Each subgraph's own reference tests (`_entities` per entity) are in its files.
 */

/** lsp (fleets) → workspace (each fleet's provider and its workspace) → users (who created each fleet). */
const SPANNING = `query Spanning($limit: Int) {
  fleets(limit: $limit) { items { id code provider { code name workspace { id name } } added { by user { id name } } } pagination { total } }
}`;

async function utilitiesKey(lsp: Lsp): Promise<string> {
  const res = await api('POST', `/v1/workspace/${lsp.wid}/api-keys`, { headers: setA(lsp.owner.token), body: { name: 'refs', scopes: ['utilities'] } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.key as string;
}

const asKey = (key: string, query: string, variables: Record<string, unknown> = {}) => gqlH(query, variables, { authorization: `Bearer ${key}`, ...COUNTED });
/** Asks the gateway for the operation's SQL statements (GRAPHQL_SQL_STATEMENTS is on in the suite's platform). */
const COUNTED = { 'x-sql-statements': 'true' };

describe('queries spanning three subgraphs', () => {
  let lsp: Lsp;
  let key: string;
  const fleetIds: string[] = [];
  /** vehicle id → its fleet id: 50 vehicles, 5 in each of 10 fleets, each reported near the same point. */
  const fleetOf = new Map<string, string>();
  const HERE = { latitude: -4.0435, longitude: 39.6682 };

  beforeAll(async () => {
    lsp = await newLsp();
    key = await utilitiesKey(lsp);
    fleetIds.push(...(await gqlFleets(lsp, 50)).map((f) => f.id));
    const vehicles = await gqlVehicles(lsp, fleetIds.slice(0, 10), 5);
    for (const [fleetId, ids] of vehicles) for (const id of ids) fleetOf.set(id, fleetId);
    const positions = [...fleetOf.keys()].map((vehicleId, i) => ({
      vehicleId,
      type: 'VAN',
      status: 'AVAILABLE',
      location: { latitude: HERE.latitude + i * 0.0001, longitude: HERE.longitude },
    }));
    const reported = await asKey(key, 'mutation R($p: [VehiclePositionInput!]!) { reportVehiclePositions(positions: $p) { stored } }', { p: positions });
    expect(reported.status, JSON.stringify(reported.body)).toBe(200);
    expect(reported.body.errors, JSON.stringify(reported.body.errors)).toBeUndefined();
    expect(reported.body.data.reportVehiclePositions.stored).toBe(50);
  }, 60_000);

  async function fleets(limit: number) {
    const res = await gqlH(SPANNING, { limit }, { ...setA(lsp.token), ...COUNTED });
    expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    return res.body as { data: any; extensions?: { sqlStatements?: number } };
  }

  /** utilities (nearby positions) → lsp (each vehicle, then its fleet) → workspace (the fleet's provider). */
  async function nearby(limit: number) {
    const res = await asKey(
      key,
      `query N($i: NearbySearchInput!) {
      nearbyVehicles(input: $i) { vehicles { id vehicle { id fleet { id provider { code name } } } } }
    }`,
      { i: { location: HERE, radius: 5000, limit } },
    );
    expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    return res.body as { data: any; extensions?: { sqlStatements?: number } };
  }

  it("lsp → workspace → users: 50 fleets, each with its provider, the provider's workspace and the user who created it", async () => {
    const body = await fleets(50);
    const { items, pagination } = body.data.fleets;
    expect(pagination.total).toBe(50);
    expect(items.map((f: any) => f.id).sort()).toEqual([...fleetIds].sort());
    for (const f of items) {
      expect(f.provider).toEqual({ code: lsp.code, name: lsp.provider.name, workspace: { id: lsp.wid, name: lsp.owner.workspace.name } });
      expect(f.added.by).toBe(lsp.userId);
      expect(f.added.user).toEqual({ id: lsp.userId, name: 'Owner' });
    }
  });

  it('utilities → lsp → workspace: 50 nearby vehicles, each resolved to its own vehicle, fleet and provider', async () => {
    const { vehicles } = (await nearby(50)).data.nearbyVehicles;
    expect(vehicles).toHaveLength(50);
    for (const v of vehicles) {
      expect(v.vehicle).toEqual({ id: v.id, fleet: { id: fleetOf.get(v.id), provider: { code: lsp.code, name: lsp.provider.name } } });
    }
  });

  it('a request that does not ask for the SQL statements gets an answer without them', async () => {
    const plain = await lsp.gql(SPANNING, { limit: 5 });
    expect(plain.status, JSON.stringify(plain.body).slice(0, 300)).toBe(200);
    expect(Object.keys(plain.body)).toEqual(['data']);
  });

  it('each costs the same bounded number of SQL statements for 50 results as for 5: references are batched, not one query each', async () => {
    for (const ask of [fleets, nearby]) {
      const five = (await ask(5)).extensions?.sqlStatements;
      const fifty = (await ask(50)).extensions?.sqlStatements;
      expect(typeof five, `${ask.name}: extensions.sqlStatements`).toBe('number');
      expect(fifty, ask.name).toBe(five);
      // a page (or a search) and its count, then one batch per referenced entity and subgraph
      expect(fifty, ask.name).toBeLessThanOrEqual(10);
    }
  });
});

describe("references never resolve another tenant's object", () => {
  let a: Lsp;
  let b: Lsp;
  let keyA: string;
  let keyB: string;
  let vehicleOfB: string;
  let fleetOfB: string;

  const NEAR = { latitude: -1.2921, longitude: 36.8219 };
  const report = (key: string, vehicleId: string) =>
    asKey(key, 'mutation R($p: VehiclePositionInput!) { reportVehiclePosition(input: $p) { id } }', {
      p: { vehicleId, type: 'VAN', status: 'AVAILABLE', location: NEAR },
    });
  const nearby = (key: string) =>
    asKey(key, 'query N($i: NearbySearchInput!) { nearbyVehicles(input: $i) { vehicles { id vehicle { id fleetId } } } }', {
      i: { location: NEAR, radius: 1000, limit: 100 },
    });

  beforeAll(async () => {
    [a, b] = await Promise.all([newLsp(), newLsp()]);
    [keyA, keyB] = await Promise.all([utilitiesKey(a), utilitiesKey(b)]);
    const [fleet] = await gqlFleets(b, 1);
    fleetOfB = fleet.id;
    vehicleOfB = (await gqlVehicles(b, [fleetOfB], 1)).get(fleetOfB)![0]!;
  }, 60_000);

  it('a position reported in workspace A under a vehicle id of workspace B shows no vehicle: the lsp subgraph resolves the reference to null for A', async () => {
    const reported = await report(keyA, vehicleOfB);
    expect(reported.status, JSON.stringify(reported.body)).toBe(200);
    expect(reported.body.errors).toBeUndefined();
    const res = await nearby(keyA);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    const hit = res.body.data.nearbyVehicles.vehicles.find((v: any) => v.id === vehicleOfB);
    expect(hit, 'A sees its own position report').toBeDefined();
    expect(hit.vehicle).toBeNull();
  });

  it("the same reference made in workspace B resolves to B's vehicle and its fleet", async () => {
    const reported = await report(keyB, vehicleOfB);
    expect(reported.status, JSON.stringify(reported.body)).toBe(200);
    const res = await nearby(keyB);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    const hit = res.body.data.nearbyVehicles.vehicles.find((v: any) => v.id === vehicleOfB);
    expect(hit.vehicle).toEqual({ id: vehicleOfB, fleetId: fleetOfB });
  });

  it("a provider reference resolves only the caller's own providers: A's fleets name A's provider, never B's", async () => {
    const [fleetOfA] = await gqlFleets(a, 1);
    const res = await a.gql('query F($id: ID!) { fleet(id: $id) { provider { code workspace { id } } } }', { id: fleetOfA.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.fleet.provider).toEqual({ code: a.code, workspace: { id: a.wid } });
    // B's fleet is not A's to read at all (NOT_FOUND), so no reference from it can be followed
    const other = await a.gql('query F($id: ID!) { fleet(id: $id) { provider { code } } }', { id: fleetOfB });
    expect(other.status).toBe(200);
    expect(other.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(other.body.data?.fleet ?? null).toBeNull();
  });
});
