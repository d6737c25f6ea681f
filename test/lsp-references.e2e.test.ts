import { beforeAll, describe, expect, it } from 'vitest';
import {
  acceptAgent,
  addVehicle,
  coverageArea,
  coverageRoute,
  createFleet,
  createParking,
  createSite,
  gqlFleets,
  gqlVehicles,
  inviteAgent,
  lspPrincipal,
  newLsp,
  newUser,
  ok,
  randomUUID,
  signPrincipal,
  subgraphCall,
  uniqueName,
  type Lsp,
} from './lsp-helpers.js';

/**
 * The LSP family's entity references (docs/graph-conventions.md, "Entities and references"; docs/lsp.md):
 * - through the gateway, the records' reference fields resolve: `provider` (the owning LSP by its key: workspace, kind
 *   and code, no lookup), `Vehicle.fleet`, `Agent.user`, the stamps' and the allocation's `user`;
 * - at the lsp subgraph, `_entities` (what the gateway asks when another subgraph names one of these records) resolves
 *   a record only for a caller who may see it: the LSP itself, or an API key of its workspace; another LSP's record
 *   (another workspace or the same one), an unknown or malformed id, or a caller of another kind resolves to null;
 * - references are batched: N references of a request cost the same few SQL statements as 1.
 */

interface Records {
  fleet: any;
  vehicle: any;
  parking: any;
  warehouse: any;
  hub: any;
  area: string;
  route: string;
  agent: any;
  agentUser: { id: string; name: string };
}

/** One of each record of an LSP (REST set-up; each call checked by its helper). */
async function recordsOf(lsp: Lsp): Promise<Records> {
  const fleet = await createFleet(lsp);
  const vehicle = await addVehicle(lsp, fleet.id);
  const parking = await createParking(lsp);
  const warehouse = await createSite(lsp, 'warehouse');
  const hub = await createSite(lsp, 'hub');
  const area = await coverageArea(lsp);
  const route = await coverageRoute(lsp);
  const name = uniqueName('Agent user');
  const user = await newUser({ name });
  const accepted = await acceptAgent(user, (await inviteAgent(lsp)).token);
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
  return { fleet, vehicle, parking, warehouse, hub, area, route, agent: accepted.body.data, agentUser: { id: user.id, name } };
}

/** `_entities` at the lsp subgraph as `principal` (signed as the gateway signs it). */
async function entities(principal: unknown, representations: { __typename: string; id: string }[]) {
  const query = `query($r: [_Any!]!) { _entities(representations: $r) { __typename
    ... on Fleet { id code } ... on Vehicle { id fleetId } ... on ParkingFacility { id name } ... on Warehouse { id code } ... on Hub { id code }
    ... on CoverageArea { id code } ... on CoverageRoute { id code } ... on Agent { id userId } } }`;
  const res = await subgraphCall(query, { r: representations }, { 'x-platform-principal': await signPrincipal(principal) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  return { items: res.body.data._entities as any[], statements: res.body.extensions?.sqlStatements as number };
}

/** One representation of each record, in a fixed order. */
const refsOf = (r: Records) => [
  { __typename: 'Fleet', id: r.fleet.id },
  { __typename: 'Vehicle', id: r.vehicle.id },
  { __typename: 'ParkingFacility', id: r.parking.id },
  { __typename: 'Warehouse', id: r.warehouse.id },
  { __typename: 'Hub', id: r.hub.id },
  { __typename: 'CoverageArea', id: r.area },
  { __typename: 'CoverageRoute', id: r.route },
  { __typename: 'Agent', id: r.agent.id },
];

/** What `_entities` answers for the records when the caller may see them. */
const resolvedOf = (r: Records) => [
  { __typename: 'Fleet', id: r.fleet.id, code: r.fleet.code },
  { __typename: 'Vehicle', id: r.vehicle.id, fleetId: r.fleet.id },
  { __typename: 'ParkingFacility', id: r.parking.id, name: r.parking.name },
  { __typename: 'Warehouse', id: r.warehouse.id, code: r.warehouse.code },
  { __typename: 'Hub', id: r.hub.id, code: r.hub.code },
  { __typename: 'CoverageArea', id: r.area, code: expect.stringMatching(/^AREA-/) },
  { __typename: 'CoverageRoute', id: r.route, code: expect.stringMatching(/^ROUTE-/) },
  { __typename: 'Agent', id: r.agent.id, userId: r.agentUser.id },
];

const NONE = Array.from({ length: 8 }, () => null);

let a: Lsp;
let b: Lsp;
let sameWorkspace: Lsp;
let mine: Records;
let theirs: Records;

beforeAll(async () => {
  a = await newLsp();
  b = await newLsp();
  sameWorkspace = await newLsp(a.owner);
  mine = await recordsOf(a);
  theirs = await recordsOf(b);
});

describe('reference fields through the gateway', () => {
  it("every record's provider is its LSP by key: workspaceId, kind LSP and code", async () => {
    const res = await a.gql(
      `query($v: ID!, $f: ID!, $a: ID!, $r: ID!, $ag: ID!, $p: ID!, $w: ID!, $h: ID!) {
      fleets { items { provider { workspaceId kind code } } }
      vehicle(fleetId: $f, vehicleId: $v) { provider { workspaceId kind code } }
      parkingFacility(id: $p) { provider { workspaceId kind code } }
      warehouse(id: $w) { provider { workspaceId kind code } }
      hub(id: $h) { provider { workspaceId kind code } }
      coverageArea(id: $a) { provider { workspaceId kind code } }
      coverageRoute(id: $r) { provider { workspaceId kind code } }
      agent(id: $ag) { provider { workspaceId kind code } }
    }`,
      { v: mine.vehicle.id, f: mine.fleet.id, a: mine.area, r: mine.route, ag: mine.agent.id, p: mine.parking.id, w: mine.warehouse.id, h: mine.hub.id },
    );
    expect(res.status).toBe(200);
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    const provider = { workspaceId: a.wid, kind: 'LSP', code: a.code };
    const d = res.body.data;
    expect(d.fleets.items).toEqual([{ provider }]);
    for (const key of ['vehicle', 'parkingFacility', 'warehouse', 'hub', 'coverageArea', 'coverageRoute', 'agent']) expect(d[key], key).toEqual({ provider });
  });

  it("a vehicle's fleet, an agent's user, the stamps' and the allocation's user resolve", async () => {
    const allocated = ok(await a.call('PUT', `/v1/lsp/fleets/${mine.fleet.id}/vehicles/${mine.vehicle.id}/allocate`, { type: 'AREA', id: mine.area }));
    expect(allocated.allocation).toMatchObject({ type: 'AREA', id: mine.area, by: a.userId });
    const res = await a.gql(
      `query($f: ID!, $v: ID!, $ag: ID!) {
      vehicle(fleetId: $f, vehicleId: $v) { fleet { id code } allocation { type id at user { id } } added { by user { id } } }
      agent(id: $ag) { userId user { id name } }
    }`,
      { f: mine.fleet.id, v: mine.vehicle.id, ag: mine.agent.id },
    );
    expect(res.status).toBe(200);
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    expect(res.body.data.vehicle).toEqual({
      fleet: { id: mine.fleet.id, code: mine.fleet.code },
      allocation: { type: 'AREA', id: mine.area, at: new Date(allocated.allocation.at).toISOString(), user: { id: a.userId } },
      added: { by: a.userId, user: { id: a.userId } },
    });
    expect(res.body.data.agent).toEqual({ userId: mine.agentUser.id, user: { id: mine.agentUser.id, name: mine.agentUser.name } });
  });
});

describe('_entities at the lsp subgraph: scoped to the caller', () => {
  it('the LSP resolves its own records, in the order asked', async () => {
    expect((await entities(lspPrincipal(a), refsOf(mine))).items).toEqual(resolvedOf(mine));
  });

  it("another workspace's LSP gets null for each of them, and its own records resolve", async () => {
    expect((await entities(lspPrincipal(b), refsOf(mine))).items).toEqual(NONE);
    expect((await entities(lspPrincipal(b), refsOf(theirs))).items).toEqual(resolvedOf(theirs));
  });

  it('another LSP of the same workspace gets null for each of them', async () => {
    expect((await entities(lspPrincipal(sameWorkspace), refsOf(mine))).items).toEqual(NONE);
  });

  it('an API key of the workspace resolves them; one of another workspace gets null', async () => {
    const key = (workspaceId: string) => ({ kind: 'apiKey', workspaceId, keyId: randomUUID(), scopes: ['utilities'], client: {} });
    expect((await entities(key(a.wid), refsOf(mine))).items).toEqual(resolvedOf(mine));
    expect((await entities(key(b.wid), refsOf(mine))).items).toEqual(NONE);
  });

  it('a plain user and an anonymous caller get null', async () => {
    const user = { kind: 'user', userId: a.userId, sessionId: lspPrincipal(a).sessionId, client: {} };
    for (const p of [user, { kind: 'anonymous', client: {} }]) expect((await entities(p, refsOf(mine))).items, JSON.stringify(p)).toEqual(NONE);
  });

  it("a CSP context of the same workspace sees the agents and vehicles (its orders' parties, docs/orders.md) and nothing else; of another workspace, nothing", async () => {
    const csp = { ...lspPrincipal(a), providerKind: 'csp' };
    const expected = resolvedOf(mine).map((r) => (r.__typename === 'Agent' || r.__typename === 'Vehicle' ? r : null));
    expect((await entities(csp, refsOf(mine))).items).toEqual(expected);
    expect((await entities({ ...lspPrincipal(b), providerKind: 'csp' }, refsOf(mine))).items).toEqual(NONE);
  });

  it("an unknown id, a malformed one, and an area's id asked as a route (or the reverse) resolve to null", async () => {
    const res = await entities(lspPrincipal(a), [
      { __typename: 'Vehicle', id: randomUUID() },
      { __typename: 'Fleet', id: 'not-a-uuid' },
      { __typename: 'CoverageRoute', id: mine.area },
      { __typename: 'CoverageArea', id: mine.route },
    ]);
    expect(res.items).toEqual([null, null, null, null]);
  });
});

describe('_entities at the lsp subgraph: batched (DataLoader)', () => {
  it('10 and then 40 vehicle references cost the same number of SQL statements, at most 2', async () => {
    const lsp = await newLsp();
    const fleets = await gqlFleets(lsp, 2);
    const byFleet = await gqlVehicles(
      lsp,
      fleets.map((f) => f.id),
      20,
    );
    const vehicles = [...byFleet.values()].flat();
    expect(vehicles).toHaveLength(40);
    const ask = (ids: string[]) =>
      entities(
        lspPrincipal(lsp),
        ids.map((id) => ({ __typename: 'Vehicle', id })),
      );
    const ten = await ask(vehicles.slice(0, 10));
    expect(ten.items.map((v) => v.id)).toEqual(vehicles.slice(0, 10));
    const forty = await ask(vehicles);
    expect(forty.items.map((v) => v.id)).toEqual(vehicles);
    expect(ten.statements).toBeGreaterThan(0);
    expect(ten.statements).toBeLessThanOrEqual(2);
    expect(forty.statements).toBe(ten.statements);
  });

  it('40 vehicles with their fleets through Vehicle.fleet add one batched query, not one per vehicle', async () => {
    const lsp = await newLsp();
    const fleets = await gqlFleets(lsp, 4);
    const vehicles = [
      ...(
        await gqlVehicles(
          lsp,
          fleets.map((f) => f.id),
          10,
        )
      ).values(),
    ].flat();
    const query = `query($r: [_Any!]!) { _entities(representations: $r) { ... on Vehicle { id fleet { id code } } } }`;
    const res = await subgraphCall(query, { r: vehicles.map((id) => ({ __typename: 'Vehicle', id })) }, { 'x-platform-principal': await signPrincipal(lspPrincipal(lsp)) });
    expect(res.status).toBe(200);
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    expect(res.body.data._entities).toHaveLength(40);
    const codes = new Map(fleets.map((f) => [f.id, f.code]));
    for (const v of res.body.data._entities) expect(v.fleet.code).toBe(codes.get(v.fleet.id));
    expect(new Set(res.body.data._entities.map((v: any) => v.fleet.id))).toEqual(new Set(codes.keys()));
    expect(res.body.extensions?.sqlStatements).toBeLessThanOrEqual(3);
  });
});
