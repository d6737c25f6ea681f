import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { until } from './helpers.js';
import { callA, expectError, gqlH, newOwner, setupProvider, type Owner } from './workspace-helpers.js';
import { startReceiver, type WebhookReceiver } from './support/webhook-receiver.js';

/**
 * Webhook endpoints (docs/events.md "Webhooks") through the real bridge, gateway and workspace subgraph, delivering to
 * a local receiver that verifies every Standard Webhooks signature: subscription and its validation, delivery of
 * the workspace's events (and only its own), the delivery log, the test event, rotation with overlap, replay of one
 * delivery and of every event since a time. (Retries, disabling, a killed platform: test/event-webhooks-delivery.)
 */

const hooks = (o: Owner, rest = '') => `/v1/workspace/${o.wid}/webhooks${rest}`;
const ENDPOINT_KEYS = ['createdAt', 'createdBy', 'description', 'disabledReason', 'failingSince', 'id', 'secretRotatedAt', 'status', 'types', 'updatedAt', 'url'];

async function subscribe(o: Owner, receiver: WebhookReceiver, types: string[], description?: string) {
  const res = await callA('POST', hooks(o), o.token, { url: `${receiver.url}/hooks`, types, ...(description ? { description } : {}) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  receiver.secret = res.body.data.secret;
  return res.body.data as { secret: string; endpoint: any };
}

/** The requests the receiver got, by `webhook-id`, once `n` have come. */
async function received(receiver: WebhookReceiver, n: number, timeoutMs = 15_000) {
  await until(
    async () => receiver.requests.length,
    (k) => k >= n,
    timeoutMs,
    100,
  );
  expect(receiver.requests.length, JSON.stringify(receiver.requests.map((r) => r.body))).toBeGreaterThanOrEqual(n);
  return receiver.requests;
}

const deliveries = async (o: Owner, endpointId: string, query = '') => {
  const res = await callA('GET', hooks(o, `/${endpointId}/deliveries${query}`), o.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as any[];
};

describe('webhook endpoints', () => {
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
  });

  it('subscribe: the secret is shown once; listed and read without it; bad input is a 400 naming the field and changes nothing', async () => {
    const o = await newOwner();
    const made = await subscribe(o, receiver, ['provider.*', 'connector.disabled'], 'ops');
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Object.keys(made.endpoint).sort()).toEqual(ENDPOINT_KEYS);
    expect(made.endpoint).toMatchObject({
      url: `${receiver.url}/hooks`,
      types: ['provider.*', 'connector.disabled'],
      description: 'ops',
      status: 'ENABLED',
      disabledReason: null,
      createdBy: o.user.id,
    });

    const list = await callA('GET', hooks(o), o.token);
    expect(list.status).toBe(200);
    expect(list.body.data.map((e: any) => e.id)).toEqual([made.endpoint.id]);
    expect(list.body.pagination).toMatchObject({ page: 1, total: 1 });
    const read = await callA('GET', hooks(o, `/${made.endpoint.id}`), o.token);
    expect(read.body.data).toEqual(made.endpoint);
    expect(JSON.stringify([list.body, read.body])).not.toContain(made.secret);

    expectError(await callA('POST', hooks(o), o.token, { url: 'ftp://example.com/x', types: ['*'] }), 'VALIDATION_ERROR', 'url');
    // a private address (not on the suite's allow-list, which has 127.0.0.1 only)
    expectError(await callA('POST', hooks(o), o.token, { url: 'http://10.1.2.3/hooks', types: ['*'] }), 'VALIDATION_ERROR', 'url');
    expectError(await callA('POST', hooks(o), o.token, { url: `${receiver.url}/x`, types: ['order.nothing'] }), 'VALIDATION_ERROR', 'types');
    expectError(await callA('POST', hooks(o), o.token, { url: `${receiver.url}/x`, types: [] }), 'VALIDATION_ERROR', 'types');
    expectError(await callA('PATCH', hooks(o, `/${made.endpoint.id}`), o.token, { types: ['nope.*'] }), 'VALIDATION_ERROR', 'types');
    expect((await callA('GET', hooks(o), o.token)).body.data).toEqual([made.endpoint]);

    const patched = await callA('PATCH', hooks(o, `/${made.endpoint.id}`), o.token, { types: ['*'], description: null });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.data).toMatchObject({ types: ['*'], description: null, url: made.endpoint.url });

    // another workspace's owner: not found, whatever the route
    const stranger = await newOwner();
    for (const [method, path] of [
      ['GET', hooks(o, `/${made.endpoint.id}`)],
      ['GET', hooks(stranger, `/${made.endpoint.id}`)],
      ['POST', hooks(stranger, `/${made.endpoint.id}/secret/rotate`)],
      ['GET', hooks(stranger, `/${made.endpoint.id}/deliveries`)],
      ['DELETE', hooks(stranger, `/${made.endpoint.id}`)],
    ] as const) {
      const res = await callA(method, path, stranger.token);
      expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(404);
    }
    expect((await callA('GET', hooks(o, `/${made.endpoint.id}`), o.token)).status).toBe(200);
  });

  it("delivers the workspace's events, signed, with the event as the body and its id as webhook-id; never another workspace's", async () => {
    receiver.requests.length = 0;
    const o = await newOwner();
    const other = await newOwner();
    const { endpoint } = await subscribe(o, receiver, ['provider.*']);
    const lsp = await setupProvider(o.token, o.wid, 'lsp', { name: 'Rift Valley Freight' });
    await setupProvider(other.token, other.wid, 'lsp', { name: 'Not Yours' });
    expect((await callA('PATCH', `/v1/${o.wid}/lsp/${lsp.code}`, o.token, { name: 'Rift Valley Haulage' })).status).toBe(200);

    const got = await received(receiver, 2);
    await new Promise((r) => setTimeout(r, 500)); // nothing else comes
    expect(got).toHaveLength(2);
    const bodies = got.map((r) => JSON.parse(r.body));
    // unordered delivery: sorted by sequence they are the feed's events, byte for byte what the feed answers
    bodies.sort((a, b) => (BigInt(a.sequence) < BigInt(b.sequence) ? -1 : 1));
    const feed = await callA('GET', `/v1/workspace/${o.wid}/events?types=provider.*`, o.token);
    expect(bodies).toEqual(feed.body.data);
    expect(bodies.map((b) => [b.type, b.data.name])).toEqual([
      ['provider.created', 'Rift Valley Freight'],
      ['provider.updated', 'Rift Valley Haulage'],
    ]);
    for (const r of got) {
      expect(r.verified, r.verifyError).toBe(true);
      expect(r.method).toBe('POST');
      expect(r.path).toBe('/hooks');
      expect(r.headers['content-type']).toBe('application/json');
      expect(r.headers['webhook-id']).toBe(JSON.parse(r.body).id);
      expect(JSON.parse(r.body).workspaceId).toBe(o.wid);
      expect(r.body).not.toContain('Not Yours');
    }

    // the delivery log: each DELIVERED after one attempt, with its status code, latency and the answer's excerpt
    const log = await deliveries(o, endpoint.id);
    expect(log.map((d) => d.eventType).sort()).toEqual(['provider.created', 'provider.updated']);
    for (const d of log) {
      expect(d).toMatchObject({ endpointId: endpoint.id, status: 'DELIVERED', attempts: 1, nextAttemptAt: null });
      expect(d.attemptLog).toHaveLength(1);
      expect(d.attemptLog[0]).toMatchObject({ statusCode: 200, responseExcerpt: '{"received":true}', error: null });
      expect(d.attemptLog[0].latencyMs).toBeGreaterThanOrEqual(0);
    }
    // filters
    expect((await deliveries(o, endpoint.id, '?eventType=provider.updated')).map((d) => d.eventType)).toEqual(['provider.updated']);
    expect(await deliveries(o, endpoint.id, '?status=FAILED')).toEqual([]);
    expect(await deliveries(o, endpoint.id, `?since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).toEqual([]);
    expectError(await callA('GET', hooks(o, `/${endpoint.id}/deliveries?status=LOST`), o.token), 'VALIDATION_ERROR');
  });

  it('the test event reaches the endpoint whatever its filters; a disabled endpoint gets nothing, and says why', async () => {
    receiver.requests.length = 0;
    const o = await newOwner();
    const { endpoint } = await subscribe(o, receiver, ['order.rated']);
    const test = await callA('POST', hooks(o, `/${endpoint.id}/test`), o.token);
    expect(test.status, JSON.stringify(test.body)).toBe(202);
    expect(test.body.data).toMatchObject({ eventType: 'webhook.test', status: 'PENDING', endpointId: endpoint.id });
    const [r] = await received(receiver, 1);
    expect(r.verified, r.verifyError).toBe(true);
    expect(JSON.parse(r.body)).toMatchObject({ type: 'webhook.test', id: test.body.data.eventId, workspaceId: o.wid, data: { endpointId: endpoint.id } });

    const disabled = await callA('POST', hooks(o, `/${endpoint.id}/disable`), o.token);
    expect(disabled.body.data).toMatchObject({ status: 'DISABLED', disabledReason: 'DISABLED_BY_ADMIN' });
    expectError(await callA('POST', hooks(o, `/${endpoint.id}/test`), o.token), 'CONFLICT');
    // recorded as an event of the workspace
    const feed = await callA('GET', `/v1/workspace/${o.wid}/events?types=webhook.*`, o.token);
    expect(feed.body.data.map((e: any) => e.data)).toEqual([{ endpointId: endpoint.id, url: endpoint.url, reason: 'DISABLED_BY_ADMIN' }]);
    const enabled = await callA('POST', hooks(o, `/${endpoint.id}/enable`), o.token);
    expect(enabled.body.data).toMatchObject({ status: 'ENABLED', disabledReason: null });
  });

  it('rotation: the next deliveries are signed with both secrets for the overlap, each verifying alone', async () => {
    receiver.requests.length = 0;
    const o = await newOwner();
    const { endpoint, secret: first } = await subscribe(o, receiver, ['provider.*']);
    const rotated = await callA('POST', hooks(o, `/${endpoint.id}/secret/rotate`), o.token);
    expect(rotated.status, JSON.stringify(rotated.body)).toBe(200);
    const second = rotated.body.data.secret as string;
    expect(second).toMatch(/^whsec_/);
    expect(second).not.toBe(first);
    expect(Date.parse(rotated.body.data.endpoint.secretRotatedAt)).toBeGreaterThan(Date.parse(endpoint.secretRotatedAt));
    receiver.secret = second;
    await setupProvider(o.token, o.wid, 'csp');
    const [r] = await received(receiver, 1);
    expect(r.verified, r.verifyError).toBe(true);
    expect(String(r.headers['webhook-signature']).split(' ')).toHaveLength(2);
    const headers = r.headers as Record<string, string>;
    expect(new Webhook(first).verify(r.body, headers)).toMatchObject({ type: 'provider.created' });
    expect(new Webhook(second).verify(r.body, headers)).toMatchObject({ type: 'provider.created' });
  });

  it('replay: one delivery again with the same webhook-id; every event since a time, those it never had included', async () => {
    receiver.requests.length = 0;
    const o = await newOwner();
    const before = new Date(Date.now() - 1000).toISOString();
    // an event before the endpoint exists: not delivered, but replayed "since"
    await setupProvider(o.token, o.wid, 'iotsp');
    const { endpoint } = await subscribe(o, receiver, ['provider.*']);
    await setupProvider(o.token, o.wid, 'lsp');
    const [first] = await received(receiver, 1);
    expect(JSON.parse(first.body).data.kind).toBe('LSP');
    const [delivery] = await deliveries(o, endpoint.id);

    const again = await callA('POST', hooks(o, `/${endpoint.id}/deliveries/${delivery.id}/replay`), o.token);
    expect(again.status, JSON.stringify(again.body)).toBe(202);
    expect(again.body.data).toMatchObject({ id: delivery.id, status: 'PENDING' });
    const two = await received(receiver, 2);
    expect(two[1].headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(two[1].body).toBe(first.body);
    await until(
      async () => (await deliveries(o, endpoint.id))[0],
      (d) => d.status === 'DELIVERED' && d.attempts === 2,
    );

    const since = await callA('POST', hooks(o, `/${endpoint.id}/replay`), o.token, { since: before });
    expect(since.status, JSON.stringify(since.body)).toBe(202);
    expect(since.body.data).toEqual({ replayed: 2 });
    const all = await received(receiver, 4);
    expect(
      all
        .slice(2)
        .map((r) => JSON.parse(r.body).data.kind)
        .sort(),
    ).toEqual(['IOTSP', 'LSP']);
    expect((await deliveries(o, endpoint.id)).map((d) => d.eventType)).toEqual(['provider.created', 'provider.created']);

    expectError(await callA('POST', hooks(o, `/${endpoint.id}/replay`), o.token, { since: new Date(Date.now() + 3_600_000).toISOString() }), 'VALIDATION_ERROR', 'since');
    expectError(await callA('POST', hooks(o, `/${endpoint.id}/deliveries/00000000-0000-4000-8000-000000000000/replay`), o.token), 'NOT_FOUND');
  });

  it('a replay and a test event answer the delivery as scheduled (PENDING), however fast the receiver delivers it', async () => {
    // the answer is read in the transaction that schedules the delivery: its job cannot have run yet, on this replica or another
    receiver.requests.length = 0;
    const o = await newOwner();
    const { endpoint } = await subscribe(o, receiver, ['provider.*']);
    await setupProvider(o.token, o.wid, 'lsp');
    await received(receiver, 1);
    const [delivery] = await deliveries(o, endpoint.id);
    for (let i = 0; i < 10; i++) {
      const again = await callA('POST', hooks(o, `/${endpoint.id}/deliveries/${delivery.id}/replay`), o.token);
      expect(again.status, JSON.stringify(again.body)).toBe(202);
      expect(again.body.data, `replay ${i + 1}`).toMatchObject({ id: delivery.id, status: 'PENDING' });
      const test = await callA('POST', hooks(o, `/${endpoint.id}/test`), o.token);
      expect(test.status, JSON.stringify(test.body)).toBe(202);
      expect(test.body.data, `test event ${i + 1}`).toMatchObject({ eventType: 'webhook.test', status: 'PENDING', attempts: 0 });
      // the replay's delivery arrives before the next one starts a new run (a newer run would drop this one's job)
      await received(receiver, 2 + 2 * i);
    }
  });

  it('GraphQL: the same endpoints, with the secret in the answer of create only', async () => {
    const o = await newOwner();
    const made = await gqlH(
      `mutation($w: ID!, $i: CreateWebhookEndpointInput!) { createWebhookEndpoint(workspaceId: $w, input: $i) { secret endpoint { id url types status } } }`,
      { w: o.wid, i: { url: `${receiver.url}/gql`, types: ['order.*'] } },
      { authorization: `Bearer ${o.token}` },
    );
    expect(made.body.errors, JSON.stringify(made.body)).toBeUndefined();
    const id = made.body.data.createWebhookEndpoint.endpoint.id;
    const read = await gqlH(`query($w: ID!) { webhookEndpoints(workspaceId: $w) { items { id types status } pagination { total } } }`, { w: o.wid }, { authorization: `Bearer ${o.token}` });
    expect(read.body.data.webhookEndpoints).toEqual({ items: [{ id, types: ['order.*'], status: 'ENABLED' }], pagination: { total: 1 } });
    const deleted = await callA('DELETE', hooks(o, `/${id}`), o.token);
    expect(deleted.status).toBe(200);
    expect((await callA('GET', hooks(o, `/${id}`), o.token)).status).toBe(404);
  });
});
