import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { api, newUser, until, type ApiResponse } from './helpers.js';
import { deployed, pipelinesKey, settled, type PipelinesCaller } from './pipelines-helpers.js';
import { setA } from './workspace-helpers.js';
import { SETTINGS_TOPOLOGY, startPlatform, type OwnPlatform } from './support/platform.js';
import { startReceiver, type WebhookReceiver } from './support/webhook-receiver.js';

/**
 * Webhook deliveries of pipeline WEBHOOK stages (spec group 16 `/webhooks`; docs/pipelines.md "WEBHOOK deliveries"):
 * signed the Standard Webhooks way with the workspace's secrets, refused on private/loopback targets unless the
 * operator allows them (the suite's platform runs with PIPELINE_WEBHOOK_ALLOW=127.0.0.1; the refusal is checked on a
 * platform of this file's own without it), never following redirects, bounded by their timeout, listed with filters
 * and retried by hand.
 */

const ROTATE = 'mutation { rotatePipelineSigningSecret { secret createdAt } }';

/** The generic failure envelope with its HTTP status and code. */
function expectFailure(res: ApiResponse, status: number, code: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toMatchObject({ error: true, status: code });
  expect(typeof res.body.message).toBe('string');
}

/** A one-stage pipeline whose WEBHOOK stage is `webhook` (no retries: one attempt per run). */
const webhookPipeline = (p: PipelinesCaller, webhook: Record<string, unknown>, name = 'notify') => deployed(p, [{ name, action: 'WEBHOOK', webhook }]);

async function execute(p: PipelinesCaller, pipelineId: string, metadata: Record<string, unknown>): Promise<string> {
  const res = await p.call('POST', `/${pipelineId}/execute`, { metadata });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as string;
}

async function deliveriesOf(p: PipelinesCaller, executionId: string): Promise<any[]> {
  const res = await p.call('GET', `/webhooks?executionId=${executionId}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startReceiver();
});

afterAll(async () => {
  await receiver?.close();
});

describe('delivering a WEBHOOK stage', () => {
  let p: PipelinesCaller;
  let older: string;
  let newer: string;

  beforeAll(async () => {
    p = await pipelinesKey();
    // two secrets made a moment apart: deliveries carry a signature for each (both are less than 24 hours old)
    const r1 = await p.gql(ROTATE);
    const r2 = await p.gql(ROTATE);
    expect(r1.body.errors, JSON.stringify(r1.body)).toBeUndefined();
    older = r1.body.data!.rotatePipelineSigningSecret.secret;
    newer = r2.body.data!.rotatePipelineSigningSecret.secret;
  });

  it('shows a new secret once, in the Standard Webhooks form', () => {
    // whsec_ + base64 of 32 bytes = 44 characters ending in one "="
    expect(older).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(newer).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(newer).not.toBe(older);
  });

  it('sends the templated call, signed with every recent secret, and records it DELIVERED', async () => {
    receiver.script([{ status: 200, body: '{"accepted":"ORD-7"}', headers: { 'x-receipt': 'r-1' } }]);
    receiver.secret = older;
    const before = receiver.requests.length;
    const pipeline = await webhookPipeline(p, {
      url: `${receiver.url}/hooks/orders?source=pipeline`,
      method: 'POST',
      headers: { 'X-Order': '${execution.metadata.orderId}' },
      body: { order: '${execution.metadata.orderId}', quantity: '${execution.metadata.quantity}', note: 'order ${execution.metadata.orderId} ready' },
    });
    const executionId = await execute(p, pipeline.id, { orderId: 'ORD-7', quantity: 3 });
    const execution = await settled(p, executionId);
    expect(execution.status).toBe('SUCCESS');

    const got = receiver.requests.slice(before);
    expect(got).toHaveLength(1);
    const req = got[0];
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/hooks/orders?source=pipeline');
    // a whole-string template keeps the value's type (3 stays a number); inside text it is written out
    expect(JSON.parse(req.body)).toEqual({ order: 'ORD-7', quantity: 3, note: 'order ORD-7 ready' });
    expect(req.headers['x-order']).toBe('ORD-7');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.headers['user-agent']).toMatch(/LogisticsPlatform/);
    // webhook-id = <executionId>:<stage>:<run>
    expect(req.headers['webhook-id']).toMatch(new RegExp(`^${executionId}:notify:\\d+$`));
    expect(Number(req.headers['webhook-timestamp'])).toBeGreaterThan(Date.now() / 1000 - 300);
    // one signature per secret in use: the receiver verifies with the older one, and the newer one verifies too
    expect(String(req.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(req.verified, req.verifyError).toBe(true);
    expect(new Webhook(newer).verify(req.body, req.headers as Record<string, string>)).toEqual(JSON.parse(req.body));

    const [d, ...rest] = await deliveriesOf(p, executionId);
    expect(rest).toEqual([]);
    expect(d).toMatchObject({
      executionId,
      pipelineId: pipeline.id,
      stage: 'notify',
      url: `${receiver.url}/hooks/orders?source=pipeline`,
      method: 'POST',
      status: 'DELIVERED',
      attempts: 1,
      messageId: req.headers['webhook-id'],
      response: { statusCode: 200, body: '{"accepted":"ORD-7"}' },
      error: null,
    });
    expect(d.response.headers['x-receipt']).toBe('r-1');
    // REST writes instants in epoch milliseconds
    expect(typeof d.lastAttempt).toBe('number');
    expect(typeof d.createdAt).toBe('number');
    expect(d.lastAttempt).toBeGreaterThanOrEqual(d.createdAt);
  });

  it('does not follow a redirect: the delivery fails naming it and the redirect target is never called', async () => {
    receiver.script([{ redirectTo: `${receiver.url}/elsewhere` }]);
    const before = receiver.requests.length;
    const pipeline = await webhookPipeline(p, { url: `${receiver.url}/moved`, method: 'POST', body: { a: 1 } });
    const executionId = await execute(p, pipeline.id, { any: true });
    const execution = await settled(p, executionId);
    expect(execution.status).toBe('FAILED');
    expect(receiver.requests.slice(before).map((r) => r.path)).toEqual(['/moved']);
    const [d] = await deliveriesOf(p, executionId);
    expect(d.status).toBe('FAILED');
    expect(d.attempts).toBe(1);
    expect(d.error).toMatch(/redirect not followed/);
    expect(d.response.statusCode).toBe(302);
    expect(d.response.headers.location).toBe(`${receiver.url}/elsewhere`);
  });

  it('gives up on a target slower than the timeout', async () => {
    receiver.script([{ delayMs: 3000 }]);
    const pipeline = await webhookPipeline(p, { url: `${receiver.url}/slow`, method: 'PUT', body: { a: 1 }, timeout: 300 });
    const executionId = await execute(p, pipeline.id, { any: true });
    await settled(p, executionId);
    const [d] = await deliveriesOf(p, executionId);
    expect(d.status).toBe('FAILED');
    expect(d.error).toBe('timed out after 300 ms');
    expect(d.response).toBeNull();
  });

  it('retries a FAILED delivery by hand: DELIVERED once the target answers 2xx, then 409; the execution does not move', async () => {
    receiver.script([{ status: 500, body: 'down' }]);
    const pipeline = await webhookPipeline(p, { url: `${receiver.url}/flaky`, method: 'POST', body: { a: 1 } });
    const executionId = await execute(p, pipeline.id, { any: true });
    const failed = await settled(p, executionId);
    expect(failed.status).toBe('FAILED');
    const [d] = await deliveriesOf(p, executionId);
    expect(d).toMatchObject({ status: 'FAILED', attempts: 1, response: { statusCode: 500, body: 'down' } });
    expect(d.error).toMatch(/500/);

    receiver.script([{ status: 202, body: 'ok now' }]);
    const before = receiver.requests.length;
    const retried = await p.call('POST', `/webhooks/${d.id}/retry`);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    // 1 engine attempt + 1 manual attempt = 2
    expect(retried.body.data).toMatchObject({ id: d.id, status: 'DELIVERED', attempts: 2, error: null, response: { statusCode: 202, body: 'ok now' } });
    const again = receiver.requests.slice(before);
    expect(again).toHaveLength(1);
    // the same webhook-id as the engine's attempt, so a receiver can drop a duplicate
    expect(again[0].headers['webhook-id']).toBe(d.messageId);

    expect((await p.call('GET', `/executions/${executionId}`)).body.data.status).toBe('FAILED');
    expectFailure(await p.call('POST', `/webhooks/${d.id}/retry`), 409, 'CONFLICT');
  });

  it("keeps another workspace's deliveries out of reach", async () => {
    const other = await pipelinesKey();
    const [d] = (await p.call('GET', '/webhooks?limit=1')).body.data;
    expect(d).toBeDefined();
    expectFailure(await other.call('POST', `/webhooks/${d.id}/retry`), 404, 'NOT_FOUND');
    const listed = await other.call('GET', `/webhooks?executionId=${d.executionId}`);
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([]);
    expect(listed.body.pagination.total).toBe(0);
    expectFailure(await p.call('POST', '/webhooks/00000000-0000-4000-8000-000000000000/retry'), 404, 'NOT_FOUND');
    expectFailure(await p.call('POST', '/webhooks/not-an-id/retry'), 404, 'NOT_FOUND');
  });

  it('needs a key with the pipelines scope', async () => {
    expectFailure(await api('GET', '/v1/pipelines/webhooks'), 401, 'UNAUTHORIZED');
    const utilities = await pipelinesKey(['utilities']);
    expectFailure(await utilities.call('GET', '/webhooks'), 403, 'FORBIDDEN');
  });
});

describe('listing deliveries', () => {
  let p: PipelinesCaller;
  let ok: { executionId: string; id: string; createdAt: number };
  let bad: { executionId: string; id: string; createdAt: number };

  beforeAll(async () => {
    p = await pipelinesKey();
    receiver.script([{ status: 200 }]);
    const good = await webhookPipeline(p, { url: `${receiver.url}/a`, method: 'POST' });
    const e1 = await execute(p, good.id, { n: 1 });
    await settled(p, e1);
    receiver.script([{ status: 503 }]);
    const failing = await webhookPipeline(p, { url: `${receiver.url}/b`, method: 'DELETE' });
    const e2 = await execute(p, failing.id, { n: 2 });
    await settled(p, e2);
    const [d1] = await deliveriesOf(p, e1);
    const [d2] = await deliveriesOf(p, e2);
    ok = { executionId: e1, id: d1.id, createdAt: d1.createdAt };
    bad = { executionId: e2, id: d2.id, createdAt: d2.createdAt };
  });

  it('lists the workspace’s deliveries newest first, paginated', async () => {
    const all = await p.call('GET', '/webhooks');
    expect(all.status).toBe(200);
    expect(all.body.data.map((d: any) => d.id)).toEqual([bad.id, ok.id]);
    expect(all.body.pagination).toMatchObject({ page: 1, limit: 20, total: 2, pages: 1 });
    const first = await p.call('GET', '/webhooks?limit=1');
    // 2 deliveries, 1 a page → 2 pages
    expect(first.body.pagination).toMatchObject({ page: 1, limit: 1, total: 2, pages: 2 });
    expect(first.body.data.map((d: any) => d.id)).toEqual([bad.id]);
    const second = await p.call('GET', '/webhooks?limit=1&page=2');
    expect(second.body.data.map((d: any) => d.id)).toEqual([ok.id]);
  });

  it('filters by status and execution', async () => {
    const failed = await p.call('GET', '/webhooks?status=FAILED');
    expect(failed.body.data.map((d: any) => [d.id, d.method, d.status])).toEqual([[bad.id, 'DELETE', 'FAILED']]);
    const delivered = await p.call('GET', '/webhooks?status=DELIVERED');
    expect(delivered.body.data.map((d: any) => d.id)).toEqual([ok.id]);
    expect((await p.call('GET', '/webhooks?status=PENDING')).body.data).toEqual([]);
    expect((await p.call('GET', `/webhooks?executionId=${ok.executionId}`)).body.data.map((d: any) => d.id)).toEqual([ok.id]);
    expectFailure(await p.call('GET', '/webhooks?status=LOST'), 400, 'VALIDATION_ERROR');
  });

  it('filters by creation time (ISO-8601, both ends included)', async () => {
    const iso = (t: number) => new Date(t).toISOString();
    const q = (qs: string) => p.call('GET', `/webhooks?${qs}`).then((r) => (expect(r.status, JSON.stringify(r.body)).toBe(200), r.body.data.map((d: any) => d.id)));
    expect(await q(`startDate=${iso(ok.createdAt)}&endDate=${iso(bad.createdAt)}`)).toEqual([bad.id, ok.id]);
    // the failing delivery was made after the first execution had settled, so strictly later
    expect(await q(`startDate=${iso(ok.createdAt + 1)}`)).toEqual([bad.id]);
    expect(await q(`endDate=${iso(ok.createdAt)}`)).toEqual([ok.id]);
    expect(await q(`endDate=${iso(ok.createdAt - 1)}`)).toEqual([]);
    expect(await q(`startDate=${iso(bad.createdAt + 1)}`)).toEqual([]);
    const reversed = await p.call('GET', `/webhooks?startDate=${iso(bad.createdAt)}&endDate=${iso(ok.createdAt - 1)}`);
    expectFailure(reversed, 400, 'VALIDATION_ERROR');
    expect(reversed.body.field).toBe('endDate');
  });
});

describe('a loopback target without PIPELINE_WEBHOOK_ALLOW', () => {
  let own: OwnPlatform;
  let key: string;
  const call = (method: string, path: string, body?: unknown) => api(method, `/v1/pipelines${path}`, { base: own.bridgeUrl, body, headers: { authorization: `Bearer ${key}` } });

  beforeAll(async () => {
    own = await startPlatform({ topology: SETTINGS_TOPOLOGY, env: { PIPELINE_WEBHOOK_ALLOW: '' } });
    const user = await newUser({ name: 'Webhook owner' }, own.bridgeUrl);
    const ws = await api('POST', '/v1/workspace', { base: own.bridgeUrl, headers: setA(user.accessToken), body: { name: 'Webhooks refusal' } });
    expect(ws.status, JSON.stringify(ws.body)).toBe(201);
    const made = await api('POST', `/v1/workspace/${ws.body.data.workspace.id}/api-keys`, { base: own.bridgeUrl, headers: setA(user.accessToken), body: { name: 'p', scopes: ['pipelines'] } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    key = made.body.data.key;
  }, 180_000);

  afterAll(async () => {
    await own?.stop();
  });

  it('refuses the call before any request, naming the address', async () => {
    const port = new URL(receiver.url).port;
    // the host is filled at run time (a literal 127.0.0.1 would already be refused by validation): the guard at
    // delivery checks the address the name resolves to
    const t = await call('POST', '/templates', {
      name: 'refused',
      version: '1.0.0',
      stages: [{ name: 'notify', action: 'WEBHOOK', webhook: { url: `http://\${execution.metadata.host}:${port}/internal`, method: 'POST' } }],
    });
    expect(t.status, JSON.stringify(t.body)).toBe(201);
    expect((await call('POST', `/templates/${t.body.data.id}/publish`)).status).toBe(200);
    const d = await call('POST', '/deploy', { templateId: t.body.data.id, name: 'refused' });
    expect(d.status, JSON.stringify(d.body)).toBe(201);
    const before = receiver.requests.length;
    const ex = await call('POST', `/${d.body.data.id}/execute`, { metadata: { host: '127.0.0.1' } });
    expect(ex.status, JSON.stringify(ex.body)).toBe(201);
    const executionId = ex.body.data.id;
    const done = await until(
      () => call('GET', `/executions/${executionId}`),
      (r) => ['SUCCESS', 'FAILED', 'TIMEOUT'].includes(r.body?.data?.status),
      15_000,
      100,
    );
    expect(done.body.data.status).toBe('FAILED');
    const listed = await call('GET', `/webhooks?executionId=${executionId}`);
    const [delivery] = listed.body.data;
    expect(delivery.status).toBe('FAILED');
    expect(delivery.error).toContain('refused');
    expect(delivery.error).toContain('127.0.0.1 is a loopback address');
    expect(delivery.response).toBeNull();
    expect(receiver.requests.slice(before).filter((r) => r.path === '/internal')).toEqual([]);
    // a manual retry is refused the same way
    const retried = await call('POST', `/webhooks/${delivery.id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body.data).toMatchObject({ status: 'FAILED', attempts: 2 });
    expect(retried.body.data.error).toContain('127.0.0.1 is a loopback address');
    expect(receiver.requests.slice(before).filter((r) => r.path === '/internal')).toEqual([]);
  });
});
