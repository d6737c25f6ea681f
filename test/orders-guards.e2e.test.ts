import { describe, expect, it } from 'vitest';
import { api, clearOfWindowEnd } from './helpers.js';
import { allowOrigins, callA, createConnector, gqlH, newOwner, uniqueName } from './workspace-helpers.js';
import {
  ROTTERDAM,
  SET_B,
  activeArea,
  carrierAgent,
  eventually,
  newCarrier,
  newShop,
  rotterdamIntent,
  shopAccessToken,
  uniqueOrigin,
  type Carrier,
  type Intent,
  type Shop,
} from './commerce-helpers.js';

/**
 * What the client order family refuses (docs/orders.md): credentials (origin, intent token, connector state),
 * Idempotency-Key reuse, illegal moves, altered quotes, bad stops and codes, other tenants' ids, sandbox separation,
 * the per-origin intent window. Every refusal is checked with its status and code, and what it must not change is
 * read back.
 */

function fails(res: { status: number; body: any }, status: number, code: string, field?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.error, JSON.stringify(res.body)).toBe(true);
  expect(res.body.status).toBe(code);
  if (field !== undefined) expect(res.body.field).toBe(field);
}

/** A shop with one LSP covering Rotterdam (priced by the utilities' fare) and an agent of it. */
async function market(): Promise<{ shop: Shop; lsp: Carrier; agent: Awaited<ReturnType<typeof carrierAgent>> }> {
  const owner = await newOwner();
  const shop = await newShop(owner);
  const lsp = await newCarrier(owner);
  await activeArea(lsp, { country: 'NL', city: 'Rotterdam' });
  const agent = await carrierAgent(lsp);
  return { shop, lsp, agent };
}

/** Places an intent with the first quote offered (waits for the LSP network copy). */
async function place(shop: Shop, intent: Intent, payment: Record<string, unknown> = { mode: 'cash' }) {
  const quotes = await eventually(async () => {
    const r = await shop.call('GET', '/v1/order/operators', undefined, { token: intent.token });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data.length ? r.body.data : undefined;
  }, 'an operator');
  const res = await shop.call('POST', '/v1/order/service', { quoteId: quotes[0].quoteId, payment }, { token: intent.token });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { quote: quotes[0], order: res.body.data };
}

const move = (token: string, reference: string, to: string, reason?: string) =>
  gqlH<any>(
    `mutation($r: String!, $to: OrderMove!, $why: String) { moveAssignedOrder(reference: $r, to: $to, reason: $why) { status } }`,
    { r: reference, to, why: reason },
    { authorization: `Bearer ${token}` },
  );

describe('who may call (docs/orders.md "Who calls")', () => {
  it('no origin is 401 naming it; an origin no enabled CSP connector allows is 401; an intent route without its token is 401 naming x-intent-token', async () => {
    fails(await api('POST', '/v1/order/intent', { body: { clientId: 'c' } }), 401, 'UNAUTHORIZED');
    fails(await api('POST', '/v1/order/intent', { body: { clientId: 'c' }, headers: { origin: uniqueOrigin() } }), 401, 'UNAUTHORIZED');
    const res = await api('GET', '/v1/order/waypoints', { headers: { origin: uniqueOrigin() } });
    fails(res, 401, 'UNAUTHORIZED');
    expect(res.body.message).toContain('x-intent-token');
  });

  it('a forged or malformed token is 401; a token of another workspace is 404; from another origin of the same workspace 403', async () => {
    const a = await newShop();
    const intent = await rotterdamIntent(a);
    fails(await a.call('GET', '/v1/order/stage', undefined, { token: 'oit_nope' }), 401, 'UNAUTHORIZED');
    const flipped = intent.token.slice(0, -3) + (intent.token.at(-3) === 'A' ? 'B' : 'A') + intent.token.slice(-2);
    fails(await a.call('GET', '/v1/order/stage', undefined, { token: flipped }), 401, 'UNAUTHORIZED');
    const b = await newShop(); // another workspace
    fails(await b.call('GET', '/v1/order/stage', undefined, { token: intent.token }), 404, 'NOT_FOUND');
    // a second connector of the same CSP with another origin
    const other = await createConnector(a.owner.token, a.wid, 'csp', a.csp.code, { name: uniqueName('Kiosk') });
    const kiosk = uniqueOrigin();
    await allowOrigins(a.owner.token, a.wid, 'csp', a.csp.code, other.connectorId, [kiosk]);
    const res = await api('GET', '/v1/order/stage', { headers: { origin: kiosk, 'x-intent-token': intent.token } });
    fails(res, 403, 'FORBIDDEN');
    expect(res.body.message).toContain('another origin');
    // and the intent is untouched for its own origin
    expect((await a.call('GET', '/v1/order/stage', undefined, { token: intent.token })).body.data.status).toBe('INTENT');
  });

  it('a disabled connector stops its intents at once; enabled again, they work; deleted, they stop for good', async () => {
    const shop = await newShop();
    const intent = await rotterdamIntent(shop);
    const base = `/v1/${shop.wid}/csp/${shop.csp.code}/connectors/${shop.connectorId}`;
    expect((await callA('PATCH', `${base}/disable`, shop.owner.token)).status).toBe(200);
    fails(await shop.call('GET', '/v1/order/waypoints', undefined, { token: intent.token }), 401, 'UNAUTHORIZED');
    fails(await shop.call('POST', '/v1/order/intent', { clientId: 'c' }), 401, 'UNAUTHORIZED');
    expect((await callA('PATCH', `${base}/enable`, shop.owner.token)).status).toBe(200);
    expect((await shop.call('GET', '/v1/order/waypoints', undefined, { token: intent.token })).status).toBe(200);
    // the origin taken off the connector's list: the same
    await allowOrigins(shop.owner.token, shop.wid, 'csp', shop.csp.code, shop.connectorId, [uniqueOrigin()]);
    fails(await shop.call('GET', '/v1/order/waypoints', undefined, { token: intent.token }), 401, 'UNAUTHORIZED');
    await allowOrigins(shop.owner.token, shop.wid, 'csp', shop.csp.code, shop.connectorId, [shop.origin]);
    expect((await shop.call('GET', '/v1/order/waypoints', undefined, { token: intent.token })).status).toBe(200);
    expect((await callA('DELETE', base, shop.owner.token)).status).toBe(200);
    fails(await shop.call('GET', '/v1/order/waypoints', undefined, { token: intent.token }), 401, 'UNAUTHORIZED');
  });

  it('a server-to-server caller may add its connector access token; a token of another connector, or from an origin its connector does not allow, is 403', async () => {
    const shop = await newShop();
    const bearer = await shopAccessToken(shop);
    const ok = await shop.call('POST', '/v1/order/intent', { clientId: 'srv' }, { headers: { authorization: `Bearer ${bearer}` } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const other = await newShop(shop.owner);
    fails(await other.call('POST', '/v1/order/intent', { clientId: 'srv' }, { headers: { authorization: `Bearer ${bearer}` } }), 403, 'FORBIDDEN');
  });

  it('an origin two connectors allow must say which with a connector token (403 without)', async () => {
    const shop = await newShop();
    const twin = await createConnector(shop.owner.token, shop.wid, 'csp', shop.csp.code, { name: uniqueName('Twin') });
    await allowOrigins(shop.owner.token, shop.wid, 'csp', shop.csp.code, twin.connectorId, [shop.origin]);
    fails(await shop.call('POST', '/v1/order/intent', { clientId: 'c' }), 403, 'FORBIDDEN');
    const bearer = await shopAccessToken(shop);
    expect((await shop.call('POST', '/v1/order/intent', { clientId: 'c' }, { headers: { authorization: `Bearer ${bearer}` } })).status).toBe(201);
  });

  it('cancelling revokes the token at once (401 afterwards), and the CSP still sees the cancelled order', async () => {
    const shop = await newShop();
    const intent = await rotterdamIntent(shop);
    const res = await shop.call('DELETE', '/v1/order/intent/cancel', undefined, { token: intent.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ free: true, fee: null, order: { status: 'CANCELLED' } });
    fails(await shop.call('GET', '/v1/order/stage', undefined, { token: intent.token }), 401, 'UNAUTHORIZED');
    const desk = await api('GET', `/v1/rsps/${shop.csp.code}/orders?status=CANCELLED`, { headers: SET_B(shop.cspContext) });
    expect(desk.body.data.map((o: any) => o.reference)).toEqual([intent.reference]);
  });
});

describe('Idempotency-Key (docs/contract.md "Idempotency")', () => {
  it('the same key and body give the same intent and token; another body with that key is 422 and makes nothing', async () => {
    const shop = await newShop();
    const key = `key-${uniqueName('k').replace(/\W/g, '')}`;
    const first = await shop.call('POST', '/v1/order/intent', { clientId: 'idem' }, { headers: { 'idempotency-key': key } });
    const again = await shop.call('POST', '/v1/order/intent', { clientId: 'idem' }, { headers: { 'idempotency-key': key } });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.data.intent.id).toBe(first.body.data.intent.id);
    expect(again.body.data.token).toBe(first.body.data.token);
    fails(await shop.call('POST', '/v1/order/intent', { clientId: 'other' }, { headers: { 'idempotency-key': key } }), 422, 'IDEMPOTENCY_KEY_REUSED', 'Idempotency-Key');
    const drafts = await shop.call('GET', '/v1/client/idem/orders/drafts');
    expect(drafts.body.pagination.total).toBe(1);
    expect((await shop.call('GET', '/v1/client/other/orders/all')).body.pagination.total).toBe(0);
    fails(await shop.call('POST', '/v1/order/intent', { clientId: 'x' }, { headers: { 'idempotency-key': 'has space' } }), 400, 'VALIDATION_ERROR', 'Idempotency-Key');
  });

  it('placing twice with one key places once and answers the same order', async () => {
    const { shop } = await market();
    const intent = await rotterdamIntent(shop);
    const quotes = await eventually(async () => {
      const r = await shop.call('GET', '/v1/order/operators', undefined, { token: intent.token });
      return r.body.data?.length ? r.body.data : undefined;
    }, 'an operator');
    const body = { quoteId: quotes[0].quoteId, payment: { mode: 'card' } };
    const headers = { 'idempotency-key': `place-${intent.id}` };
    const a = await shop.call('POST', '/v1/order/service', body, { token: intent.token, headers });
    const b = await shop.call('POST', '/v1/order/service', body, { token: intent.token, headers });
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    expect(b.status, JSON.stringify(b.body)).toBe(201);
    expect(b.body.data.placedAt).toBe(a.body.data.placedAt);
    // without the key, a second submission is an illegal move
    fails(await shop.call('POST', '/v1/order/service', body, { token: intent.token }), 409, 'CONFLICT', 'status');
  });
});

describe('stops, packages and codes', () => {
  it('a dropoff first is 400 naming the stop; coordinates outside the given country are 400; a stop number out of turn is 409', async () => {
    const shop = await newShop();
    const res = await shop.call('POST', '/v1/order/intent', { clientId: 'c' });
    const token = res.body.data.token;
    fails(await shop.call('PUT', '/v1/order/waypoints/add', [{ type: 'dropoff', coordinates: ROTTERDAM.hall }], { token }), 400, 'VALIDATION_ERROR', 'waypoints.1.type');
    fails(await shop.call('PUT', '/v1/order/waypoints/add', [{ type: 'pickup', coordinates: ROTTERDAM.hall, country: 'BE' }], { token }), 400, 'VALIDATION_ERROR');
    fails(await shop.call('PUT', '/v1/order/waypoints/add', [{ no: 3, type: 'pickup', coordinates: ROTTERDAM.hall }], { token }), 409, 'CONFLICT', '0.no');
    fails(await shop.call('PUT', '/v1/order/waypoints/add', { type: 'pickup' }, { token }), 400, 'VALIDATION_ERROR', 'body');
    expect((await shop.call('GET', '/v1/order/waypoints', undefined, { token })).body.data).toEqual([]);
  });

  it('removing a stop renumbers the later ones; a stop with packages cannot go; a package bound to no stop is 409', async () => {
    const shop = await newShop();
    const intent = await rotterdamIntent(shop);
    const add = await shop.call('PUT', '/v1/order/waypoints/add', [{ type: 'dropoff', coordinates: ROTTERDAM.kuip, address: 'De Kuip, Rotterdam' }], { token: intent.token });
    expect(add.body.data[0].no).toBe(3);
    fails(await shop.call('DELETE', '/v1/order/waypoints/1', undefined, { token: intent.token }), 409, 'CONFLICT');
    expect((await shop.call('DELETE', '/v1/order/waypoints/2', undefined, { token: intent.token })).status).toBe(200);
    const after = await shop.call('GET', '/v1/order/waypoints', undefined, { token: intent.token });
    expect(after.body.data.map((w: any) => [w.no, w.address])).toEqual([
      [1, 'Ds. Jan Scharpstraat 298, Rotterdam'],
      [2, 'De Kuip, Rotterdam'],
    ]);
    fails(await shop.call('PUT', '/v1/order/packages/add', [{ waypointNo: 7, category: 'PARCEL', weight: 1 }], { token: intent.token }), 409, 'CONFLICT', '0.waypointNo');
    fails(await shop.call('PUT', '/v1/order/packages/add', [{ waypointNo: 1, category: 'PARCEL', weight: 1, careLevel: 4 }], { token: intent.token }), 400, 'VALIDATION_ERROR');
  });

  it('a package code with a typo is 400 (the check character); an unknown well-formed code is 404', async () => {
    const shop = await newShop();
    const intent = await rotterdamIntent(shop);
    const list = await shop.call('GET', '/v1/order/packages', undefined, { token: intent.token });
    const ptc: string = list.body.data[0].ptc;
    expect((await shop.call('GET', `/v1/order/packages/${ptc.toLowerCase()}`, undefined, { token: intent.token })).body.data.ptc).toBe(ptc);
    const typo = ptc.slice(0, 5) + (ptc[5] === '7' ? '8' : '7') + ptc.slice(6);
    const res = await shop.call('GET', `/v1/order/packages/${typo}`, undefined, { token: intent.token });
    fails(res, 400, 'VALIDATION_ERROR', 'PTC');
    expect(res.body.message).toContain('check character');
    const other = await rotterdamIntent(shop);
    const theirs = (await shop.call('GET', '/v1/order/packages', undefined, { token: other.token })).body.data[0].ptc;
    fails(await shop.call('GET', `/v1/order/packages/${theirs}`, undefined, { token: intent.token }), 404, 'NOT_FOUND');
    fails(await shop.call('PATCH', `/v1/order/packages/${theirs}`, { weight: 3 }, { token: intent.token }), 404, 'NOT_FOUND');
    fails(await shop.call('DELETE', `/v1/order/packages/${theirs}`, undefined, { token: intent.token }), 404, 'NOT_FOUND');
  });
});

describe('quotes and the lifecycle', () => {
  it('operators need a pickup, a dropoff and a package (400 naming what is missing); a complete intent is offered its LSP', async () => {
    const { shop, lsp } = await market();
    const res = await shop.call('POST', '/v1/order/intent', { clientId: 'cust-operators' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const token = res.body.data.token as string;
    const operators = () => shop.call('GET', '/v1/order/operators', undefined, { token });
    fails(await operators(), 400, 'VALIDATION_ERROR', 'waypoints');
    const pickup = { type: 'pickup', coordinates: ROTTERDAM.markthal, country: 'NL' };
    expect((await shop.call('PUT', '/v1/order/waypoints/add', [pickup], { token })).status).toBe(201);
    fails(await operators(), 400, 'VALIDATION_ERROR', 'waypoints'); // a pickup alone
    expect((await shop.call('PUT', '/v1/order/waypoints/add', [{ type: 'dropoff', coordinates: ROTTERDAM.erasmus, country: 'NL' }], { token })).status).toBe(201);
    fails(await operators(), 400, 'VALIDATION_ERROR', 'packages');
    expect((await shop.call('PUT', '/v1/order/packages/add', [{ waypointNo: 1, careLevel: 0, category: 'DOCUMENTS', weight: 1.25 }], { token })).status).toBe(201);
    expect((await shop.call('PUT', '/v1/order/packages/add', [{ waypointNo: 1, careLevel: 0, category: 'DOCUMENTS', weight: 0.5 }], { token })).status).toBe(201);
    const offers = await eventually(async () => {
      const r = await operators();
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data.length ? r.body.data : undefined;
    }, 'an operator');
    expect(offers.map((o: any) => o.lspCode)).toEqual([lsp.code]);
    expect(offers[0].weightKg).toBe(1.75); // both packages: 1.25 + 0.5 kg
  });

  it('a quote of another intent, an unknown or altered quote, a changed order or another total is QUOTE_INVALID, and nothing is placed', async () => {
    const { shop } = await market();
    const a = await rotterdamIntent(shop);
    const b = await rotterdamIntent(shop);
    const quoteOf = async (i: Intent) =>
      (
        await eventually(async () => {
          const r = await shop.call('GET', '/v1/order/operators', undefined, { token: i.token });
          return r.body.data?.length ? r.body.data : undefined;
        }, 'an operator')
      )[0];
    const qa = await quoteOf(a);
    const qb = await quoteOf(b);
    fails(await shop.call('POST', '/v1/order/service', { quoteId: qb.quoteId, payment: { mode: 'cash' } }, { token: a.token }), 409, 'QUOTE_INVALID', 'quoteId');
    fails(await shop.call('POST', '/v1/order/service', { quoteId: '00000000-0000-4000-8000-000000000000', payment: { mode: 'cash' } }, { token: a.token }), 409, 'QUOTE_INVALID', 'quoteId');
    // an altered quote: the same id with a lower price inside (it is opaque to clients, but not secret)
    const [body, sig] = (qa.quoteId as string).slice(3).split('.');
    const inside = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    inside.price.amount = 0.01;
    const altered = `qt_${Buffer.from(JSON.stringify(inside)).toString('base64url')}.${sig}`;
    fails(await shop.call('POST', '/v1/order/service', { quoteId: altered, payment: { mode: 'cash' } }, { token: a.token }), 409, 'QUOTE_INVALID', 'quoteId');
    fails(
      await shop.call(
        'POST',
        '/v1/order/service',
        { quoteId: qa.quoteId, payment: { mode: 'cash' }, fees: { total: { amount: qa.price.amount - 1, currency: qa.price.currency } } },
        { token: a.token },
      ),
      409,
      'QUOTE_INVALID',
      'fees.total',
    );
    fails(await shop.call('POST', '/v1/order/service', { quoteId: qa.quoteId, payment: { mode: 'cash' }, xpress: 'express' }, { token: a.token }), 409, 'QUOTE_INVALID', 'xpress');
    expect(
      (await shop.call('PATCH', '/v1/order/packages/' + (await shop.call('GET', '/v1/order/packages', undefined, { token: a.token })).body.data[0].ptc, { weight: 9 }, { token: a.token })).status,
    ).toBe(200);
    fails(await shop.call('POST', '/v1/order/service', { quoteId: qa.quoteId, payment: { mode: 'cash' } }, { token: a.token }), 409, 'QUOTE_INVALID', 'quoteId');
    expect((await shop.call('GET', '/v1/order/stage', undefined, { token: a.token })).body.data.status).toBe('INTENT');
    // a discount and tax change the total; the total shown must be that one
    const fresh = await quoteOf(a);
    const total = Math.round((fresh.price.amount - 1 + 0.5) * 100) / 100;
    const placed = await shop.call(
      'POST',
      '/v1/order/service',
      { quoteId: fresh.quoteId, payment: { mode: 'card' }, fees: { discount: 1, tax: 0.5, total: { amount: total, currency: fresh.price.currency } } },
      { token: a.token },
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.data.service.fees).toMatchObject({ total: { amount: total, currency: fresh.price.currency }, tax: 0.5, discount: 1 });
  });

  it("illegal moves are 409 with the legal ones; the wrong actor 403; another agent's order 404", async () => {
    const { shop, lsp, agent } = await market();
    const intent = await rotterdamIntent(shop);
    // rating and editing before delivery / after placement
    fails(await shop.call('POST', '/v1/order/service/rating', { score: 5 }, { token: intent.token }), 409, 'CONFLICT', 'status');
    await place(shop, intent);
    fails(await shop.call('PUT', '/v1/order/waypoints/add', [{ type: 'dropoff', coordinates: ROTTERDAM.kuip }], { token: intent.token }), 409, 'CONFLICT', 'status');
    fails(await shop.call('GET', '/v1/order/operators', undefined, { token: intent.token }), 409, 'CONFLICT', 'status');
    // the agent cannot move an order not assigned to them
    const notYet = await move(agent.user.accessToken, intent.reference, 'PICKED_UP');
    expect(notYet.body.errors![0].extensions?.code).toBe('NOT_FOUND');
    await eventually(async () => ((await lsp.desk('POST', `/v1/lsps/${lsp.code}/orders/${intent.reference}/assign/${agent.agentId}`)).status === 200 ? true : undefined), 'assignment');
    const skip = await move(agent.user.accessToken, intent.reference, 'DELIVERED');
    expect(skip.body.errors![0].extensions).toMatchObject({ code: 'CONFLICT', field: 'status' });
    expect(skip.body.errors![0].message).toContain('PICKED_UP');
    const noReason = await move(agent.user.accessToken, intent.reference, 'FAILED');
    expect(noReason.body.errors![0].extensions?.code).toBe('VALIDATION_ERROR');
    expect((await move(agent.user.accessToken, intent.reference, 'PICKED_UP')).body.data.moveAssignedOrder.status).toBe('PICKED_UP');
    // after pickup: the client cannot cancel, the LSP cannot cancel or unassign
    fails(await shop.call('DELETE', '/v1/order/intent/cancel', undefined, { token: intent.token }), 409, 'CONFLICT', 'status');
    fails(await lsp.desk('GET', `/v1/lsps/${lsp.code}/orders/${intent.reference}/cancel`), 409, 'CONFLICT', 'status');
    fails(await lsp.desk('POST', `/v1/lsps/${lsp.code}/orders/${intent.reference}/unassign/${agent.agentId}`), 409, 'CONFLICT');
    // another agent of the same LSP: not their order
    const other = await carrierAgent(lsp);
    expect((await move(other.user.accessToken, intent.reference, 'IN_TRANSIT')).body.errors![0].extensions?.code).toBe('NOT_FOUND');
    // the agent's app lists what is assigned to them; the other agent's list is empty
    const mine = await gqlH<any>(`{ assignedOrders { items { reference status } pagination { total } } }`, {}, { authorization: `Bearer ${agent.user.accessToken}` });
    expect(mine.body.data.assignedOrders.items).toEqual([{ reference: intent.reference, status: 'PICKED_UP' }]);
    const theirs = await gqlH<any>(`{ assignedOrders { pagination { total } } }`, {}, { authorization: `Bearer ${other.user.accessToken}` });
    expect(theirs.body.data.assignedOrders.pagination.total).toBe(0);
    const failed = await move(agent.user.accessToken, intent.reference, 'FAILED', 'Recipient absent');
    expect(failed.body.data.moveAssignedOrder.status).toBe('FAILED');
    const stage = await shop.call('GET', '/v1/order/stage', undefined, { token: intent.token });
    expect(stage.body.data.history.at(-1)).toMatchObject({ from: 'PICKED_UP', to: 'FAILED', reason: 'Recipient absent', by: { type: 'AGENT', id: agent.user.id } });
  });

  it('a client cancelling after assignment pays the documented 10 % fee; before, it is free', async () => {
    const { shop, lsp, agent } = await market();
    const intent = await rotterdamIntent(shop);
    const { order } = await place(shop, intent, { mode: 'card' });
    await eventually(async () => ((await lsp.desk('POST', `/v1/lsps/${lsp.code}/orders/${intent.reference}/assign/${agent.agentId}`)).status === 200 ? true : undefined), 'assignment');
    const res = await shop.call('DELETE', '/v1/order/intent/cancel', undefined, { token: intent.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const total = order.service.fees.total;
    expect(res.body.data.free).toBe(false);
    expect(res.body.data.fee).toEqual({ amount: Math.round(total.amount * 10) / 100, currency: total.currency });
  });

  it('a rating is accepted once (a second is 409) and only 1 to 5', async () => {
    const { shop, lsp, agent } = await market();
    const intent = await rotterdamIntent(shop);
    await place(shop, intent);
    await eventually(async () => ((await lsp.desk('POST', `/v1/lsps/${lsp.code}/orders/${intent.reference}/assign/${agent.agentId}`)).status === 200 ? true : undefined), 'assignment');
    for (const to of ['PICKED_UP', 'IN_TRANSIT', 'DELIVERED']) expect((await move(agent.user.accessToken, intent.reference, to)).body.data.moveAssignedOrder.status).toBe(to);
    fails(await shop.call('POST', '/v1/order/service/rating', { score: 6 }, { token: intent.token }), 400, 'VALIDATION_ERROR', 'score');
    expect((await shop.call('POST', '/v1/order/service/rating', { score: 4 }, { token: intent.token })).status).toBe(201);
    fails(await shop.call('POST', '/v1/order/service/rating', { score: 5 }, { token: intent.token }), 409, 'CONFLICT', 'rating');
    expect((await shop.call('GET', '/v1/order/service', undefined, { token: intent.token })).body.data.rating.score).toBe(4);
  });
});

describe("other tenants' ids on every route", () => {
  it("desks: another CSP's code, another LSP's order or agent, and a plain user token are refused", async () => {
    const { shop, lsp, agent } = await market();
    const intent = await rotterdamIntent(shop);
    await place(shop, intent);
    const rival = await market(); // another workspace
    // the CSP desk with another CSP's code: 404; an LSP context on the CSP desk: 403
    fails(await api('GET', `/v1/rsps/${rival.shop.csp.code}/orders`, { headers: SET_B(shop.cspContext) }), 404, 'NOT_FOUND');
    fails(await api('GET', `/v1/rsps/${shop.csp.code}/orders`, { headers: SET_B(lsp.token) }), 403, 'FORBIDDEN');
    // another workspace's LSP: the order does not exist for it
    fails(await rival.lsp.desk('GET', `/v1/lsps/${rival.lsp.code}/orders/${intent.reference}`), 404, 'NOT_FOUND');
    fails(await rival.lsp.desk('POST', `/v1/lsps/${rival.lsp.code}/orders/${intent.reference}/assign/${rival.agent.agentId}`), 404, 'NOT_FOUND');
    fails(await rival.lsp.desk('GET', `/v1/lsps/${rival.lsp.code}/orders/${intent.reference}/cancel`), 404, 'NOT_FOUND');
    // the right LSP with another workspace's agent
    fails(await lsp.desk('POST', `/v1/lsps/${lsp.code}/orders/${intent.reference}/assign/${rival.agent.agentId}`), 404, 'NOT_FOUND');
    // another LSP's code in the path
    fails(await lsp.desk('GET', `/v1/lsps/${rival.lsp.code}/orders/${intent.reference}`), 404, 'NOT_FOUND');
    // a user token on a desk: 401
    fails(await api('GET', `/v1/lsps/${lsp.code}/orders/${intent.reference}`, { headers: SET_B(agent.user.accessToken) }), 401, 'UNAUTHORIZED');
    // the other workspace's client cannot list this client's orders
    expect((await rival.shop.call('GET', `/v1/client/${encodeURIComponent('x')}/orders/all`)).body.pagination.total).toBe(0);
    expect((await lsp.desk('GET', `/v1/lsps/${lsp.code}/orders/${intent.reference}`)).status).toBe(200);
  });

  it('a DEVELOPER reads at the LSP desk but may not assign or cancel (403); the order is unchanged', async () => {
    const { shop, lsp, agent } = await market();
    const intent = await rotterdamIntent(shop);
    await place(shop, intent);
    const { joinAs, contextToken } = await import('./workspace-helpers.js');
    const dev = await joinAs(shop.cspContext, 'DEVELOPER');
    const devToken = await contextToken(dev.token, shop.wid, 'lsp', lsp.code);
    expect((await api('GET', `/v1/lsps/${lsp.code}/orders/${intent.reference}`, { headers: SET_B(devToken) })).status).toBe(200);
    fails(await api('POST', `/v1/lsps/${lsp.code}/orders/${intent.reference}/assign/${agent.agentId}`, { headers: SET_B(devToken) }), 403, 'FORBIDDEN');
    fails(await api('GET', `/v1/lsps/${lsp.code}/orders/${intent.reference}/cancel`, { headers: SET_B(devToken) }), 403, 'FORBIDDEN');
    expect((await lsp.desk('GET', `/v1/lsps/${lsp.code}/orders/${intent.reference}`)).body.data.status).toBe('PLACED');
  });
});

describe('sandbox (docs/orders.md "Sandbox")', () => {
  it('orders of a sandbox connector are marked, simulated, and never listed or evented with live ones', async () => {
    const owner = await newOwner();
    const live = await newShop(owner);
    const sandbox = await newShop(owner, { sandbox: true });
    // a sandbox connector of the same CSP as the live one
    const c = await createConnector(owner.token, owner.wid, 'csp', live.csp.code, { name: uniqueName('Test mode'), sandbox: true });
    expect(c.connector.sandbox).toBe(true);
    const testOrigin = uniqueOrigin();
    await allowOrigins(owner.token, owner.wid, 'csp', live.csp.code, c.connectorId, [testOrigin]);
    const lsp = await newCarrier(owner);
    await activeArea(lsp, { country: 'NL', city: 'Rotterdam' });
    const test = {
      ...live,
      origin: testOrigin,
      call: (m: string, p: string, b?: unknown, o: { token?: string; headers?: Record<string, string> } = {}) =>
        api(m, p, { body: b, headers: { origin: testOrigin, ...(o.token ? { 'x-intent-token': o.token } : {}), ...o.headers } }),
    };
    const ti = await rotterdamIntent(test, 'same-client');
    const li = await rotterdamIntent(live, 'same-client');
    const { order } = await place(test, ti, { mode: 'card' });
    expect(order.sandbox).toBe(true);
    expect(order.service.payment).toMatchObject({ paid: true, simulated: true });
    const deskLive = await api('GET', `/v1/rsps/${live.csp.code}/orders`, { headers: SET_B(live.cspContext) });
    expect(deskLive.body.data.map((o: any) => o.reference)).toEqual([li.reference]);
    const deskTest = await api('GET', `/v1/rsps/${live.csp.code}/orders?sandbox=true`, { headers: SET_B(live.cspContext) });
    expect(deskTest.body.data.map((o: any) => o.reference)).toEqual([ti.reference]);
    expect((await live.call('GET', '/v1/client/same-client/orders/all')).body.data.map((o: any) => o.reference)).toEqual([li.reference]);
    expect((await test.call('GET', '/v1/client/same-client/orders/all')).body.data.map((o: any) => o.reference)).toEqual([ti.reference]);
    expect(sandbox.sandbox).toBe(true);
    // the LSP sees the sandbox order only when it asks for sandbox orders
    await place(live, li, { mode: 'card' });
    const lspList = (sandboxFlag: boolean) =>
      gqlH(`query($c: String!, $s: Boolean) { lspOrders(providerCode: $c, sandbox: $s) { items { reference sandbox } pagination { total } } }`, { c: lsp.code, s: sandboxFlag }, SET_B(lsp.token));
    expect((await lspList(false)).body.data.lspOrders.items).toEqual([{ reference: li.reference, sandbox: false }]);
    expect((await lspList(true)).body.data.lspOrders.items).toEqual([{ reference: ti.reference, sandbox: true }]);
  });
});

describe('rate limits (docs/orders.md "Rate limits")', () => {
  it('an origin creates at most 20 intents a minute: the 21st is 429 with the headers, and made nothing', async () => {
    const shop = await newShop();
    await clearOfWindowEnd(60, 15); // the 21 intents within one minute window
    for (let i = 0; i < 20; i++) expect((await shop.call('POST', '/v1/order/intent', { clientId: 'burst' })).status).toBe(201);
    const res = await shop.call('POST', '/v1/order/intent', { clientId: 'burst' });
    fails(res, 429, 'RATE_LIMIT_EXCEEDED');
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(res.headers.get('x-ratelimit-remaining')).toBe('0');
    // other routes of the origin still answer
    const list = await shop.call('GET', '/v1/client/burst/orders/drafts');
    expect(list.status).toBe(200);
    expect(list.body.pagination.total).toBe(20);
  }, 60_000);
});

describe('peripherals (docs/orders.md "Client views")', () => {
  it("lists the workspace's AVAILABLE vehicles around a point with rounded positions and distances", async () => {
    const shop = await newShop();
    const key = await api('POST', `/v1/workspace/${shop.wid}/api-keys`, {
      headers: { 'svc-auth-token': shop.owner.token, 'svc-user-agent': 'ws-e2e/1.0', 'svc-auth-device': 'ws-device-1' },
      body: { name: 'fleet', scopes: ['utilities'] },
    });
    expect(key.status, JSON.stringify(key.body)).toBe(201);
    const report = await gqlH(
      `mutation($p: [VehiclePositionInput!]!) { reportVehiclePositions(positions: $p) { stored } }`,
      {
        p: [
          { vehicleId: 'van-1', type: 'VAN', status: 'AVAILABLE', location: { latitude: 51.923456, longitude: 4.481234 } },
          { vehicleId: 'van-2', type: 'VAN', status: 'BUSY', location: { latitude: 51.9231, longitude: 4.4801 } },
          { vehicleId: 'van-3', type: 'VAN', status: 'AVAILABLE', location: { latitude: 52.3731, longitude: 4.8926 } },
        ],
      },
      { authorization: `Bearer ${key.body.data.key}` },
    );
    expect(report.body.data.reportVehiclePositions.stored).toBe(3);
    const res = await shop.call('POST', '/v1/client/cust-1/periferals', { coordinates: ROTTERDAM.hall, radius: 2000 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.vehicles.map((v: any) => v.vehicleId)).toEqual(['van-1']);
    const v = res.body.data.vehicles[0];
    expect(v.position).toEqual([51.923, 4.481]);
    expect(v.distanceMeters % 100).toBe(0);
    fails(await shop.call('POST', '/v1/client/cust-1/periferals', { coordinates: ROTTERDAM.hall, radius: 50_000 }), 400, 'VALIDATION_ERROR');
    // another workspace's client sees none of them
    const rival = await newShop();
    expect((await rival.call('POST', '/v1/client/cust-1/periferals', { coordinates: ROTTERDAM.hall })).body.data.count).toBe(0);
  });
});
