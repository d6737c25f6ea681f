import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, newUser, until, type ApiResponse } from './helpers.js';
import { faqBody } from './dev-helpers.js';
import { facilityBody, vehicleBody, specsBody, randomVin } from './lsp-helpers.js';
import { SERVED_PORTS, startPlatform, type OwnPlatform } from './support/platform.js';
import { realPostgres, type PostgresDatabase } from './support/postgres.js';
import { startReceiver, type WebhookReceiver } from './support/webhook-receiver.js';

/**
 * The event log's late commit (docs/events.md "The feed", kernel/events.ts): a writer's transaction is held open
 * after writing its event (TEST_CLOCK's `/__test/events/hold`) while a later writer on another replica commits; then
 * it commits. The feed, the webhook fan-out, the queries registry, the DEV family's network copy and the nearby index
 * must each deliver the held event, exactly once, and the later one too: no reader passes the late commit. Two
 * platforms (replicas of every consumer) on one real PostgreSQL, whose sessions run at once (the embedded database
 * runs one transaction at a time, so it cannot hold one open while another commits).
 */

const SECRETS = { JWT_SECRET: randomBytes(32).toString('hex'), INTERNAL_SECRET: randomBytes(32).toString('hex') };
const DEVICE = 'late-commit-device';
const setA = (token: string) => ({ 'svc-auth-token': token, 'svc-user-agent': 'late-commit/1.0', 'svc-auth-device': DEVICE });
const setB = (token: string) => ({ 'X-Auth-Token': token, 'X-User-Agent': 'late-commit/1.0', 'X-Auth-Device': DEVICE });

let db: PostgresDatabase;
let a: OwnPlatform;
let b: OwnPlatform;
let receiver: WebhookReceiver;

beforeAll(async () => {
  db = await realPostgres();
  const env = { ...SECRETS, TEST_CLOCK: 'true', PIPELINE_WEBHOOK_ALLOW: '127.0.0.1' };
  // two one-process platforms on one database: two replicas of every consumer (each process runs them all), started
  // in a fifth of the time of two split ones
  a = await startPlatform({ topology: 'single', databaseUrl: db.databaseUrl, env });
  b = await startPlatform({ topology: 'single', databaseUrl: db.databaseUrl, env });
  receiver = await startReceiver({ steps: [{ status: 200 }] });
}, 300_000);

afterAll(async () => {
  await receiver?.close();
  await a?.stop();
  await b?.stop();
  await db?.stop();
}, 120_000);

/** Every process of `p`: the hold is set where the topic is published (one process in `single`, the subgraph's in `split`). */
const ports = (p: OwnPlatform) => SERVED_PORTS.map((n) => p.ports[n]);
async function hold(p: OwnPlatform, topic: string): Promise<void> {
  for (const port of ports(p)) {
    const res = await fetch(`http://127.0.0.1:${port}/__test/events/hold`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ topic }) });
    expect(res.status).toBe(200);
  }
}
/** Waits until a transaction of `p` is held open after writing its event. */
async function held(p: OwnPlatform): Promise<void> {
  const reached = async () => {
    for (const port of ports(p)) {
      const body = (await (await fetch(`http://127.0.0.1:${port}/__test/events/hold`)).json()) as { held: { reached: boolean } | null };
      if (body.held?.reached) return true;
    }
    return false;
  };
  expect(await until(reached, (r) => r, 20_000, 25)).toBe(true);
}
async function release(p: OwnPlatform): Promise<void> {
  for (const port of ports(p)) expect((await fetch(`http://127.0.0.1:${port}/__test/events/hold`, { method: 'DELETE' })).status).toBe(200);
}

/** The body of a 2xx answer (else the test fails with the answer). */
function ok(res: ApiResponse, status = 200) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body;
}

describe('a late commit on the event log, two replicas of every consumer on PostgreSQL', () => {
  it('the feed, the webhook fan-out, the registry, the network copy and the nearby index deliver the held event and the later one, each once', async () => {
    // ── a workspace with an LSP, made through replica A ──
    const user = await newUser({ deviceId: DEVICE }, a.bridgeUrl);
    const asUser = (p: OwnPlatform, method: string, path: string, body?: unknown) => api(method, path, { base: p.bridgeUrl, headers: setA(user.accessToken), body });
    const wid = ok(await asUser(a, 'POST', '/v1/workspace', { name: 'Late Commit Logistics' }), 201).data.workspace.id as string;
    const lspCode = ok(await asUser(a, 'POST', `/v1/${wid}/lsp/setup`, { type: 'CARRIER', name: 'Late Commit Freight' }), 201).data.code as string;
    const ctx = ok(await asUser(a, 'GET', `/v1/${wid}/lsp/${lspCode}/context`)).data.token as string;
    const asLsp = (p: OwnPlatform, method: string, path: string, body?: unknown) => api(method, path, { base: p.bridgeUrl, headers: setA(ctx), body });
    const key = ok(await asUser(a, 'POST', `/v1/workspace/${wid}/api-keys`, { name: 'late', scopes: ['utilities', 'queries'] }), 201).data.key as string;
    const endpoint = ok(await asUser(a, 'POST', `/v1/workspace/${wid}/webhooks`, { url: `${receiver.url}/in`, types: ['connector.*'] }), 201).data;
    receiver.secret = endpoint.secret;

    // ── feed and webhook fan-out: connector.created held on A, a later one committed through B ──
    await hold(a, 'workspace.connector');
    const connector = (name: string) => ({ type: 'ASI', name, config: { protocol: 'http1', version: 'v1', scope: ['orders:read'] } });
    const lateConnector = asUser(a, 'POST', `/v1/${wid}/lsp/${lspCode}/connectors`, connector('Held Open'));
    await held(a);
    const laterConnector = await asUser(b, 'POST', `/v1/${wid}/lsp/${lspCode}/connectors`, connector('Committed First'));
    expect(laterConnector.status, JSON.stringify(laterConnector.body)).toBe(201);
    // the later event committed, and no reader passes the one held open: the feed shows neither yet
    await new Promise((r) => setTimeout(r, 1000));
    const during = ok(await asUser(b, 'GET', `/v1/workspace/${wid}/events?types=connector.*`));
    expect(during.data).toEqual([]);
    expect(receiver.requests).toHaveLength(0);
    await release(a);
    expect((await lateConnector).status).toBe(201);

    const feed = await until(
      async () => ok(await asUser(b, 'GET', `/v1/workspace/${wid}/events?types=connector.*`)).data as any[],
      (events) => events.length >= 2,
      20_000,
    );
    expect(feed.map((e) => [e.type, e.data.name])).toEqual([
      ['connector.created', 'Held Open'],
      ['connector.created', 'Committed First'],
    ]);
    // each pushed once, by one of the two replicas' fan-out consumers (the receiver is told each event id once)
    await until(
      async () => receiver.requests.length,
      (n) => n >= 2,
      20_000,
    );
    await new Promise((r) => setTimeout(r, 1500));
    expect(receiver.requests.map((r) => JSON.parse(r.body).data.name).sort()).toEqual(['Committed First', 'Held Open']);
    expect(new Set(receiver.requests.map((r) => r.headers['webhook-id']))).toEqual(new Set(feed.map((e) => e.id)));
    for (const r of receiver.requests) expect(r.verified, r.verifyError).toBe(true);

    // ── the queries registry and the DEV family's network copy: a warehouse's lsp.facility held on A ──
    await hold(a, 'lsp.facility');
    const lateSite = asLsp(a, 'POST', '/v1/lsp/warehouses/create', facilityBody({ type: 'FULFILLMENT', name: 'Held Open Warehouse' }));
    await held(a);
    const laterSite = ok(await asLsp(b, 'POST', '/v1/lsp/warehouses/create', facilityBody({ type: 'FULFILLMENT', name: 'Committed First Warehouse' })), 201).data;
    await new Promise((r) => setTimeout(r, 1000));
    const discovery = (p: OwnPlatform, id: string) => api('GET', `/v1/queries/discovery/${lspCode}:${id}`, { base: p.bridgeUrl, headers: { authorization: `Bearer ${key}`, 'x-workspace-id': wid } });
    // the registry has not read past the held event: the later warehouse is not there yet either
    expect((await discovery(b, laterSite.id)).status).toBe(404);
    await release(a);
    const heldSite = ok(await lateSite, 201).data;
    for (const site of [heldSite, laterSite]) {
      const found = await until(
        () => discovery(b, site.id),
        (r) => r.status === 200,
        20_000,
      );
      expect(found.body.service).toMatchObject({ name: site.name });
    }
    // the DEV family links an FAQ to each warehouse through its network copy
    const faq = ok(await api('POST', `/v1/lsps/${lspCode}/faqs`, { base: b.bridgeUrl, headers: setB(ctx), body: faqBody() }), 201).data;
    for (const site of [heldSite, laterSite]) {
      const linked = await api('PUT', `/v1/lsps/${lspCode}/faqs/${faq.reference}/context/add`, { base: b.bridgeUrl, headers: setB(ctx), body: { context: { type: 'WAREHOUSE', id: site.id } } });
      expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    }

    // ── the nearby index: a vehicle's lsp.vehicle held on A ──
    // a fleet each: a vehicle's change locks its fleet too (docs/contract.md "Concurrency"), and the later writer
    // must not wait for the held one
    const vehicles: { id: string; fleet: string; lat: number; lng: number }[] = [];
    for (let i = 0; i < 2; i++) {
      const fleet = ok(await asLsp(a, 'POST', '/v1/lsp/fleets/create', facilityBody()), 201).data;
      const v = ok(await asLsp(a, 'POST', `/v1/lsp/fleets/${fleet.id}/vehicles/add`, vehicleBody({ status: 'ACTIVE', specs: specsBody({ VIN: randomVin() }) })), 201).data;
      const at = { id: v.id as string, fleet: fleet.id as string, lat: -1.25 - i / 100, lng: 36.85 + i / 100 };
      const reported = await fetch(a.gatewayUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: JSON.stringify({
          query: 'mutation($i: VehiclePositionInput!) { reportVehiclePosition(input: $i) { id status } }',
          variables: { i: { vehicleId: at.id, type: 'VAN', status: 'AVAILABLE', location: { latitude: at.lat, longitude: at.lng } } },
        }),
      });
      const answer = (await reported.json()) as { errors?: unknown };
      expect(answer.errors, JSON.stringify(answer)).toBeUndefined();
      vehicles.push(at);
    }
    const nearby = async (v: (typeof vehicles)[number]) => {
      const res = await api('POST', '/realm/utilities/nearby/search', {
        base: b.bridgeUrl,
        headers: { authorization: `Bearer ${key}` },
        body: { location: { lat: v.lat, lng: v.lng }, radius: 300, limit: 10 },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.result.vehicles as { id: string; status: string }[]).find((x) => x.id === v.id)?.status;
    };
    for (const v of vehicles)
      expect(
        await until(
          () => nearby(v),
          (s) => s === 'AVAILABLE',
          20_000,
        ),
      ).toBe('AVAILABLE');
    await hold(a, 'lsp.vehicle');
    const lateMove = asLsp(a, 'PATCH', `/v1/lsp/fleets/${vehicles[0].fleet}/vehicles/${vehicles[0].id}`, { status: 'MAINTENANCE' });
    await held(a);
    ok(await asLsp(b, 'PATCH', `/v1/lsp/fleets/${vehicles[1].fleet}/vehicles/${vehicles[1].id}`, { status: 'MAINTENANCE' }));
    await release(a);
    ok(await lateMove);
    for (const v of vehicles)
      expect(
        await until(
          () => nearby(v),
          (s) => s === 'OFFLINE',
          20_000,
        ),
      ).toBe('OFFLINE');
  }, 240_000);
});
