import { afterAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import pg from 'pg';
import { api, gql } from './helpers.js';
import { callA, gqlH, graphqlAt, newOwner } from './workspace-helpers.js';
import { jwtClaims, signPrincipal } from './lsp-helpers.js';
import { AMSTERDAM, ROTTERDAM, activeArea, carrierAgent, eventually, newCarrier, newShop, pricedHub, rotterdamIntent, type Carrier, type Shop } from './commerce-helpers.js';
import { startReceiver } from './support/webhook-receiver.js';

/**
 * The whole client order journey over REST (docs/orders.md), through the real bridge, gateway and subgraphs:
 * a CSP's connector with an origin → intent → waypoints → packages → operators with quotes from two LSPs with
 * different coverage (one priced by its own rules, one by the utilities' delivery fare) → service with a bound
 * quote → the LSP assigns an agent → the agent moves it to DELIVERED by GraphQL → rating → the events in the log;
 * and the same order read in one GraphQL query with its LSP, agent and vehicle. The workspace's webhook endpoint for
 * `order.*` receives every order event, signed, each once (docs/events.md "Webhooks").
 */

const db = new pg.Pool({ connectionString: inject('databaseUrl'), max: 2 });
afterAll(() => db.end());

/** Great-circle distance on the IUGG mean sphere (R = 6,371.0088 km), the haversine formula: the test's own. */
function haversineKm(a: readonly number[], b: readonly number[]): number {
  const r = (d: number) => (d * Math.PI) / 180;
  const h = Math.sin(r(b[0] - a[0]) / 2) ** 2 + Math.cos(r(a[0])) * Math.cos(r(b[0])) * Math.sin(r(b[1] - a[1]) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.sqrt(h));
}

async function events(wid: string): Promise<{ topic: string; payload: any }[]> {
  const { rows } = await db.query("select topic, payload from events.log where workspace_id = $1 and topic like '%order.%' order by id", [wid]);
  return rows;
}

describe('the client order journey', () => {
  let shop: Shop;
  let priced: Carrier;
  let fallback: Carrier;
  let elsewhere: Carrier;

  it('runs from an intent to a rated delivery, with quotes from the two LSPs that cover the stops', async () => {
    const owner = await newOwner();
    // a webhook endpoint for the order events (docs/events.md "Webhooks"), subscribed before the journey starts
    const receiver = await startReceiver();
    onTestFinished(() => receiver.close());
    const hook = await api('POST', `/v1/workspace/${owner.wid}/webhooks`, {
      headers: { 'svc-auth-token': owner.token, 'svc-user-agent': 'ws-e2e/1.0', 'svc-auth-device': 'ws-device-1' },
      body: { url: `${receiver.url}/orders`, types: ['order.*'] },
    });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    receiver.secret = hook.body.data.secret;
    shop = await newShop(owner);
    // three LSPs: one covers Rotterdam by name and prices by its own rules; one covers 30 km around a Rotterdam depot
    // and has no delivery rule (the utilities' fare); one covers Amsterdam only
    priced = await newCarrier(owner, 'Maas Couriers');
    fallback = await newCarrier(owner, 'Delta Vans');
    elsewhere = await newCarrier(owner, 'Amstel Bikes');
    await activeArea(priced, { country: 'NL', city: 'Rotterdam' });
    await pricedHub(priced, [
      { name: 'Per km', basis: 'PER_KM', rate: { amount: 1.5, currency: 'EUR' }, conditions: { serviceTypes: ['DELIVERY'] } },
      { name: 'Order fee', basis: 'PER_ORDER', rate: { amount: 5, currency: 'EUR' } },
      { name: 'Storage', basis: 'PER_DAY', rate: { amount: 3, currency: 'EUR' } }, // not a delivery basis: not applied
      { name: 'Cold chain', basis: 'PER_KG', rate: { amount: 9, currency: 'EUR' }, conditions: { serviceTypes: ['COLD_CHAIN'] } }, // another service: not applied
    ]);
    await activeArea(fallback, { country: 'NL', city: 'Depot', around: ROTTERDAM.hall, radiusKm: 30 });
    await activeArea(elsewhere, { country: 'NL', city: 'Amsterdam' });
    const courier = await carrierAgent(priced);

    // zones agree with operators on what "covered" means: a Rotterdam stop is in an LSP area (the first LSP by code of
    // the two that cover it), Amsterdam in the Amstel one, Utrecht in no LSP area (the default zoning answers)
    const key = await api('POST', `/v1/workspace/${owner.wid}/api-keys`, {
      headers: { 'svc-auth-token': owner.token, 'svc-user-agent': 'ws-e2e/1.0', 'svc-auth-device': 'ws-device-1' },
      body: { name: 'zones', scopes: ['utilities'] },
    });
    expect(key.status, JSON.stringify(key.body)).toBe(201);
    const zone = (coordinates: readonly number[]) =>
      api('POST', '/realm/utilities/zone', { body: { location: { coordinates, country: 'NL' } }, headers: { authorization: `Bearer ${key.body.data.key}` } });
    const rotterdamZone = await eventually(async () => {
      const z = (await zone(ROTTERDAM.markthal)).body.result?.zone;
      return z?.source === 'LSP' && z.lspCode === [priced.code, fallback.code].sort()[0] ? z : undefined;
    }, 'an LSP zone in Rotterdam');
    expect(rotterdamZone).toMatchObject({ type: 'LSP_AREA', coverage: { shape: 'COVERAGE_AREA', country: 'NL' } });
    expect((await zone(ROTTERDAM.markthal)).body.result.metadata.dataSource).toBe('LSP');
    // (the Amstel LSP's area was created after the Rotterdam ones: its event may reach the utilities' copy a moment later)
    const amsterdamZone = await eventually(async () => {
      const z = (await zone(AMSTERDAM)).body.result?.zone;
      return z?.source === 'LSP' ? z : undefined;
    }, 'an LSP zone in Amsterdam');
    expect(amsterdamZone).toMatchObject({ source: 'LSP', lspCode: elsewhere.code });
    expect((await zone([52.0907, 5.1214])).body.result.zone).toMatchObject({ source: 'DEFAULT', lspCode: null, name: 'Utrecht' });

    const intent = await rotterdamIntent(shop, 'cust-42');
    expect(intent.token).toMatch(/^oit_[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(intent.reference).toMatch(/^ORD-[0-9A-HJKMNP-TV-Z]{10}$/);

    // the route: legs from the utilities' distance model (great circle × 1.3 road circuity, docs/utilities.md)
    const route = await shop.call('GET', '/v1/order/route', undefined, { token: intent.token });
    expect(route.status, JSON.stringify(route.body)).toBe(200);
    const leg = route.body.data.legs[0];
    const gc = haversineKm(ROTTERDAM.markthal, ROTTERDAM.erasmus);
    expect(leg.greatCircleKm).toBeCloseTo(gc, 1);
    expect(leg.distanceKm).toBeCloseTo(gc * 1.3, 1);
    expect(route.body.data.stops.map((s: any) => s.no)).toEqual([1, 2]);
    expect(route.body.data.stops[0].coordinates).toEqual([...ROTTERDAM.markthal]);

    // operators: the copies of the LSP network follow the event log; wait until both Rotterdam LSPs are offered
    const offers = await eventually(async () => {
      const res = await shop.call('GET', '/v1/order/operators', undefined, { token: intent.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.length >= 2 ? res.body.data : undefined;
    }, 'two operators');
    const codes = offers.map((o: any) => o.lspCode);
    expect(codes.sort()).toEqual([priced.code, fallback.code].sort());
    expect(codes).not.toContain(elsewhere.code);
    const mine = offers.find((o: any) => o.lspCode === priced.code);
    // the LSP's own rules: 1.50 EUR per road km + 5.00 EUR per order (storage and cold chain do not apply)
    expect(mine.source).toBe('LSP');
    expect(mine.lsp).toEqual({ code: priced.code, name: 'Maas Couriers' });
    expect(mine.price.currency).toBe('EUR');
    expect(mine.price.amount).toBeCloseTo(Math.round((1.5 * leg.distanceKm + 5) * 100) / 100, 2);
    expect(mine.breakdown.map((l: any) => l.name)).toEqual(['Per km', 'Order fee']);
    expect(Date.parse(mine.expiresAt) - Date.now()).toBeGreaterThan(800_000); // QUOTE_TTL_SECONDS 900
    // the other: the utilities' delivery fare for the same distance and weight (the same code answers both)
    const other = offers.find((o: any) => o.lspCode === fallback.code);
    expect(other.source).toBe('FALLBACK');
    expect(other.lsp.name).toBe('Delta Vans');
    // the LSPs' names come with the quotes from commerce's copy (topic workspace.provider, docs/orders.md "Operators and
    // quotes"): a rename shows in the quotes once the copy has it
    const renamed = await callA('PATCH', `/v1/${owner.wid}/lsp/${fallback.code}`, owner.token, { name: 'Delta Vans & Trucks' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    await eventually(async () => {
      const res = await shop.call('GET', '/v1/order/operators', undefined, { token: intent.token });
      return res.body.data?.find((o: any) => o.lspCode === fallback.code)?.lsp.name === 'Delta Vans & Trucks' || undefined;
    }, 'the renamed LSP in the quotes');
    // quotes read back from their ids (the commerce subgraph's `_entities`, as the gateway asks for `Order.quote`) name
    // their LSPs, in one batch per request (the renamed one by its new name)
    const principal = {
      kind: 'provider',
      userId: owner.user.id,
      sessionId: jwtClaims(priced.token).sid,
      workspaceId: owner.wid,
      providerKind: 'lsp',
      providerId: priced.id,
      providerCode: priced.code,
      role: 'OWNER',
      client: {},
    };
    const quotesBack = async (ids: string[]) => {
      const res = await graphqlAt(
        `http://127.0.0.1:${Number(new URL(inject('gatewayUrl')).port) + 5}/graphql`, // COMMERCE_PORT = base + 45, gateway = base + 40
        'query($r: [_Any!]!) { _entities(representations: $r) { ... on Quote { lspCode lsp { code name } } } }',
        { r: ids.map((id) => ({ __typename: 'Quote', id })) },
        { 'x-platform-principal': await signPrincipal(principal) },
      );
      expect(res.body.errors, JSON.stringify(res.body)).toBeUndefined();
      return res.body.data._entities;
    };
    expect(await quotesBack([mine.quoteId, other.quoteId])).toEqual([
      { lspCode: priced.code, lsp: { code: priced.code, name: 'Maas Couriers' } },
      { lspCode: fallback.code, lsp: { code: fallback.code, name: 'Delta Vans & Trucks' } },
    ]);

    // service with the bound quote
    const placed = await shop.call('POST', '/v1/order/service', { quoteId: mine.quoteId, payment: { mode: 'cash' }, xpress: 'standard' }, { token: intent.token });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.data.status).toBe('PLACED');
    expect(placed.body.data.lspCode).toBe(priced.code);
    expect(placed.body.data.service.fees.total).toEqual(mine.price);

    // the CSP desk lists it; the LSP desk reads it and assigns the agent
    const listed = await api('GET', `/v1/rsps/${shop.csp.code}/orders`, { headers: { 'X-Auth-Token': shop.cspContext, 'X-User-Agent': 'desk/1.0', 'X-Auth-Device': 'ws-device-1' } });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.data.map((o: any) => o.reference)).toEqual([intent.reference]);
    const read = await priced.desk('GET', `/v1/lsps/${priced.code}/orders/${intent.reference}`);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.data.packages).toHaveLength(1);
    await eventually(async () => {
      const res = await priced.desk('POST', `/v1/lsps/${priced.code}/orders/${intent.reference}/assign/${courier.agentId}`);
      return res.status === 200 ? res : undefined;
    }, 'the agent copy');
    const stageAssigned = await shop.call('GET', '/v1/order/stage', undefined, { token: intent.token });
    expect(stageAssigned.body.data).toMatchObject({ status: 'ASSIGNED', stage: 'AWAITING_PICKUP' });

    // the agent's moves, by GraphQL with their own user token
    const move = (to: string) =>
      gqlH(`mutation($r: String!, $to: OrderMove!) { moveAssignedOrder(reference: $r, to: $to) { status } }`, { r: intent.reference, to }, { authorization: `Bearer ${courier.user.accessToken}` });
    for (const to of ['PICKED_UP', 'IN_TRANSIT', 'DELIVERED']) {
      const res = await move(to);
      expect(res.body.errors, JSON.stringify(res.body)).toBeUndefined();
      expect(res.body.data.moveAssignedOrder.status).toBe(to);
    }

    const rated = await shop.call('POST', '/v1/order/service/rating', { score: 5, comment: 'Fast' }, { token: intent.token });
    expect(rated.status, JSON.stringify(rated.body)).toBe(201);
    expect(rated.body.data.rating).toMatchObject({ score: 5, comment: 'Fast' });
    expect(rated.body.data.service.payment).toMatchObject({ mode: 'cash', paid: true });

    const stage = await shop.call('GET', '/v1/order/stage', undefined, { token: intent.token });
    expect(stage.body.data.history.map((h: any) => h.to)).toEqual(['INTENT', 'PLACED', 'ASSIGNED', 'PICKED_UP', 'IN_TRANSIT', 'DELIVERED']);
    expect(stage.body.data.history.map((h: any) => h.by.type)).toEqual(['CLIENT', 'CLIENT', 'LSP', 'AGENT', 'AGENT', 'AGENT']);

    // the events: every move, the package's moves, the cash payment on delivery; in the same order
    const log = await events(shop.wid);
    const moves = log.filter((e) => e.topic === 'order.status_changed').map((e) => e.payload.to);
    expect(moves).toEqual(['INTENT', 'PLACED', 'ASSIGNED', 'PICKED_UP', 'IN_TRANSIT', 'DELIVERED']);
    const packages = log.filter((e) => e.topic === 'order.package.updated').map((e) => e.payload.status);
    expect(packages).toEqual(['PENDING', 'PICKED_UP', 'IN_TRANSIT', 'DELIVERED']);
    const paid = log.filter((e) => e.topic === 'order.payment.completed');
    expect(paid).toHaveLength(1);
    expect(paid[0].payload).toMatchObject({ reference: intent.reference, amount: mine.price.amount, currency: 'EUR', mode: 'cash', simulated: false });

    // the same events through the workspace's public feed (docs/events.md), in the same order (the rating last)
    const pub = await api('GET', `/v1/workspace/${shop.wid}/events?types=order.*&limit=100`, {
      headers: { 'svc-auth-token': owner.token, 'svc-user-agent': 'ws-e2e/1.0', 'svc-auth-device': 'ws-device-1' },
    });
    expect(pub.status, JSON.stringify(pub.body)).toBe(200);
    const published = pub.body.data;
    expect(published.map((e: any) => e.type)).toEqual(log.map((e) => e.topic));
    expect(published.at(-1).type).toBe('order.rated');
    expect(published.filter((e: any) => e.type === 'order.status_changed').map((e: any) => [e.data.to, e.data.by.type])).toEqual([
      ['INTENT', 'CLIENT'],
      ['PLACED', 'CLIENT'],
      ['ASSIGNED', 'LSP'],
      ['PICKED_UP', 'AGENT'],
      ['IN_TRANSIT', 'AGENT'],
      ['DELIVERED', 'AGENT'],
    ]);
    expect(published.filter((e: any) => e.type === 'order.package.updated').map((e: any) => e.data.status)).toEqual(['PENDING', 'PICKED_UP', 'IN_TRANSIT', 'DELIVERED']);
    expect(published.find((e: any) => e.type === 'order.payment.completed').data).toMatchObject({ amount: mine.price.amount, currency: 'EUR', mode: 'cash', simulated: false });
    expect(published.at(-1).data).toEqual({ orderId: paid[0].payload.orderId, reference: intent.reference, cspCode: shop.csp.code, lspCode: priced.code, score: 5 });
    // who moved it is told by kind only: no user or connector id
    expect(JSON.stringify(published)).not.toContain(courier.user.id);
    expect(JSON.stringify(published)).not.toContain(shop.connectorId);

    // pushed as well: each order event once at the webhook endpoint, signed; in sequence order they are the feed's
    const pushed = await eventually(async () => (receiver.requests.length >= published.length ? receiver.requests : undefined), 'every order event at the endpoint');
    await new Promise((r) => setTimeout(r, 500)); // and no more
    expect(receiver.requests).toHaveLength(published.length);
    expect(pushed.every((r) => r.verified)).toBe(true);
    const bodies = pushed.map((r) => JSON.parse(r.body)).sort((a, b) => (BigInt(a.sequence) < BigInt(b.sequence) ? -1 : 1));
    expect(bodies).toEqual(published);
    expect(pushed.map((r) => r.headers['webhook-id']).sort()).toEqual(published.map((e: any) => e.id).sort());

    // the same order in one GraphQL query, with its LSP, agent and vehicle (the CSP member's context)
    const q = await gqlH(
      `query($code: String!) { cspOrders(providerCode: $code) { items { reference status lsp { code name } csp { code } agent { id name status } quote { price { amount currency } source lsp { code name } } waypoints { no type } packages { trackingCode ptc status } } } }`,
      { code: shop.csp.code },
      { 'X-Auth-Token': shop.cspContext, 'X-User-Agent': 'desk/1.0', 'X-Auth-Device': 'ws-device-1' },
    );
    expect(q.body.errors, JSON.stringify(q.body)).toBeUndefined();
    const order = q.body.data.cspOrders.items[0];
    expect(order).toMatchObject({ reference: intent.reference, status: 'DELIVERED', lsp: { code: priced.code, name: 'Maas Couriers' }, csp: { code: shop.csp.code } });
    // the bound quote, read back from its id, names its LSP too (commerce's copy, where Quote.lsp @provides the name)
    expect(order.quote).toMatchObject({ source: 'LSP', lsp: { code: priced.code, name: 'Maas Couriers' } });
    expect(order.agent).toMatchObject({ id: courier.agentId, status: 'ACTIVE' });
    expect(order.waypoints).toEqual([
      { no: 1, type: 'pickup' },
      { no: 2, type: 'dropoff' },
    ]);
    expect(order.packages[0].status).toBe('DELIVERED');
    // the graph names the tracking code in full (docs/graph-conventions.md "Names"); `ptc` stays, deprecated, the same
    expect(order.packages[0].trackingCode).toMatch(/^PTC-[0-9A-Z]{11}$/);
    expect(order.packages[0].ptc).toBe(order.packages[0].trackingCode);
  }, 120_000);

  it("the other client routes: a stop and a package read and changed, a package removed, the service read and paid, the client's lists", async () => {
    const intent = await rotterdamIntent(shop, 'cust-44');
    const t = { token: intent.token };
    const stop = await shop.call('GET', '/v1/order/waypoints/2', undefined, t);
    expect(stop.status, JSON.stringify(stop.body)).toBe(200);
    expect(stop.body.data).toMatchObject({ no: 2, type: 'dropoff', coordinates: [...ROTTERDAM.erasmus], country: 'NL', contact: { type: 'person', email: 'client@example.test' } });
    const changed = await shop.call('PATCH', '/v1/order/waypoints/2', { description: 'Ring twice', contact: null }, t);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data).toMatchObject({ no: 2, description: 'Ring twice', contact: null });
    const extra = await shop.call('PUT', '/v1/order/packages/add', [{ waypointNo: 2, category: 'DOCUMENTS', weight: 0.2 }], t);
    const ptc = extra.body.data[0].ptc;
    const pkg = await shop.call('PATCH', `/v1/order/packages/${ptc}`, { weight: 0.4, careLevel: 1 }, t);
    expect(pkg.body.data).toMatchObject({ ptc, waypointNo: 2, weight: 0.4, careLevel: 1, category: 'DOCUMENTS', status: 'PENDING' });
    expect((await shop.call('DELETE', `/v1/order/packages/${ptc}`, undefined, t)).body.data).toEqual({ deleted: true });
    expect((await shop.call('GET', `/v1/order/packages/${ptc}`, undefined, t)).status).toBe(404);
    expect((await shop.call('GET', '/v1/order/packages', undefined, t)).body.data).toHaveLength(1);
    // no service yet: 404; placed with a card, the CSP marks it paid (an order.payment.completed event), once
    expect((await shop.call('GET', '/v1/order/service', undefined, t)).status).toBe(404);
    const offers = await eventually(async () => {
      const r = await shop.call('GET', '/v1/order/operators', undefined, t);
      return r.body.data?.length ? r.body.data : undefined;
    }, 'an operator');
    expect((await shop.call('POST', '/v1/order/service', { quoteId: offers[0].quoteId, payment: { mode: 'card' } }, t)).status).toBe(201);
    const paid = await shop.call('PATCH', '/v1/order/service', { payment: { paid: true } }, t);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data.service.payment).toMatchObject({ mode: 'card', paid: true, simulated: false });
    expect((await shop.call('PATCH', '/v1/order/service', { payment: { paid: false } }, t)).status).toBe(409);
    const service = await shop.call('GET', '/v1/order/service', undefined, t);
    expect(service.body.data.service.fees.total).toEqual(offers[0].price);
    const { rows } = await db.query("select payload from events.log where workspace_id = $1 and topic = 'order.payment.completed' and key = $2", [shop.wid, intent.id]);
    expect(rows.map((r) => r.payload)).toEqual([expect.objectContaining({ mode: 'card', amount: offers[0].price.amount, simulated: false })]);
    // the client's lists
    const active = await shop.call('GET', '/v1/client/cust-44/orders/active');
    expect(active.body.data.map((o: any) => o.reference)).toEqual([intent.reference]);
    expect((await shop.call('GET', '/v1/client/cust-44/orders/DRAFTS')).body.pagination.total).toBe(0);
    expect((await shop.call('GET', '/v1/client/cust-42/orders/completed')).body.data).toHaveLength(1);
  });

  it('offers no operator for stops nobody covers', async () => {
    const res0 = await shop.call('POST', '/v1/order/intent', { clientId: 'cust-43' });
    expect(res0.status).toBe(201);
    const token = res0.body.data.token;
    const w = await shop.call(
      'PUT',
      '/v1/order/waypoints/add',
      [
        { type: 'pickup', coordinates: AMSTERDAM, country: 'NL' },
        { type: 'dropoff', coordinates: ROTTERDAM.kuip, country: 'NL' },
      ],
      { token },
    );
    expect(w.status, JSON.stringify(w.body)).toBe(201);
    expect((await shop.call('PUT', '/v1/order/packages/add', [{ waypointNo: 1, category: 'PARCEL', weight: 1 }], { token })).status).toBe(201);
    const res = await shop.call('GET', '/v1/order/operators', undefined, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual([]);
  });
});

export { gql };
