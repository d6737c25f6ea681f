import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, newUser, until } from './helpers.js';
import { startPlatform, type OwnPlatform } from './support/platform.js';
import { startReceiver, type WebhookReceiver } from './support/webhook-receiver.js';

/**
 * Retries and disabling of event webhooks (docs/events.md "Retries") on a platform of its own whose retry schedule
 * is short (EVENT_WEBHOOK_RETRY_SCHEDULE=400ms,400ms: three attempts), so that a whole schedule runs in a test. The
 * default schedule's values are pinned by test/unit/event-webhooks.test.ts.
 */

const WAITS = [400, 400];
let platform: OwnPlatform;
let failing: WebhookReceiver;
let flaky: WebhookReceiver;
let watcher: WebhookReceiver;

beforeAll(async () => {
  // one process (the retries and the disabling are the workspace subgraph's, the same in either topology)
  platform = await startPlatform({ topology: 'single', env: { EVENT_WEBHOOK_RETRY_SCHEDULE: WAITS.map((w) => `${w}ms`).join(','), PIPELINE_WEBHOOK_ALLOW: '127.0.0.1' } });
  failing = await startReceiver({ steps: [{ status: 500, body: '{"error":"down for maintenance"}' }] });
  flaky = await startReceiver({ steps: [{ status: 503 }, { status: 200 }] });
  watcher = await startReceiver();
}, 180_000);

afterAll(async () => {
  await Promise.all([failing?.close(), flaky?.close(), watcher?.close()]);
  await platform?.stop();
});

const headers = (token: string) => ({ 'svc-auth-token': token, 'svc-user-agent': 'hooks/1.0', 'svc-auth-device': 'hooks-device' });

describe('a failing endpoint', () => {
  it('is retried on the schedule with the same webhook-id, then disabled, and webhook.endpoint.disabled is delivered to the others', async () => {
    const base = platform.bridgeUrl;
    const user = await newUser({ deviceId: 'hooks-device' }, base);
    const call = (method: string, path: string, body?: unknown) => api(method, path, { base, headers: headers(user.accessToken), body });
    const ws = await call('POST', '/v1/workspace', { name: 'Hooks' });
    expect(ws.status, JSON.stringify(ws.body)).toBe(201);
    const wid = ws.body.data.workspace.id;
    const subscribe = async (r: WebhookReceiver, types: string[]) => {
      const res = await call('POST', `/v1/workspace/${wid}/webhooks`, { url: `${r.url}/in`, types });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      r.secret = res.body.data.secret;
      return res.body.data.endpoint;
    };
    const down = await subscribe(failing, ['provider.*']);
    const sometimes = await subscribe(flaky, ['provider.*']);
    await subscribe(watcher, ['webhook.*']);

    expect((await call('POST', `/v1/${wid}/lsp/setup`, { type: 'CARRIER', name: 'Retry Freight' })).status).toBe(201);

    // three attempts at the failing endpoint, each signed, the same webhook-id, at least the scheduled wait apart
    await until(
      async () => failing.requests.length,
      (n) => n >= 3,
      20_000,
      100,
    );
    await new Promise((r) => setTimeout(r, 1500)); // no fourth
    const attempts = failing.requests;
    expect(attempts).toHaveLength(3);
    expect(attempts.every((r) => r.verified)).toBe(true);
    expect(new Set(attempts.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(new Set(attempts.map((r) => r.body)).size).toBe(1);
    for (let i = 1; i < attempts.length; i++) expect(attempts[i].at - attempts[i - 1].at).toBeGreaterThanOrEqual(WAITS[i - 1] - 50);

    // its delivery: FAILED after three attempts, each with the answer; the endpoint DISABLED, FAILING
    const log = await call('GET', `/v1/workspace/${wid}/webhooks/${down.id}/deliveries`);
    expect(log.body.data).toHaveLength(1);
    const [d] = log.body.data;
    expect(d).toMatchObject({ status: 'FAILED', attempts: 3, nextAttemptAt: null, eventType: 'provider.created' });
    expect(d.attemptLog.map((a: any) => [a.statusCode, a.error, a.responseExcerpt])).toEqual(Array(3).fill([500, 'the target answered HTTP 500', '{"error":"down for maintenance"}']));
    const endpoint = await until(
      async () => (await call('GET', `/v1/workspace/${wid}/webhooks/${down.id}`)).body.data,
      (e) => e.status === 'DISABLED',
    );
    expect(endpoint).toMatchObject({ status: 'DISABLED', disabledReason: 'FAILING' });
    expect(Date.parse(endpoint.failingSince)).toBeLessThanOrEqual(Date.parse(d.attemptLog[0].at));

    // the flaky one: failed once, delivered on the second attempt, still enabled, no longer failing
    const flakyLog = (await call('GET', `/v1/workspace/${wid}/webhooks/${sometimes.id}/deliveries`)).body.data;
    expect(flakyLog.map((x: any) => [x.status, x.attempts, x.attemptLog.map((a: any) => a.statusCode)])).toEqual([['DELIVERED', 2, [503, 200]]]);
    expect((await call('GET', `/v1/workspace/${wid}/webhooks/${sometimes.id}`)).body.data).toMatchObject({ status: 'ENABLED', failingSince: null });

    // the watcher is told; the disabled endpoint is not
    await until(
      async () => watcher.requests.length,
      (n) => n >= 1,
    );
    const told = JSON.parse(watcher.requests[0].body);
    expect(watcher.requests[0].verified).toBe(true);
    expect(told).toMatchObject({ type: 'webhook.endpoint.disabled', version: 1, workspaceId: wid, data: { endpointId: down.id, url: down.url, reason: 'FAILING' } });
    expect(failing.requests).toHaveLength(3);

    // nothing more reaches it while disabled; enabled and replayed, the event arrives with the same webhook-id
    expect((await call('POST', `/v1/${wid}/csp/setup`, { type: 'VENDOR', name: 'Shop' })).status).toBe(201);
    await until(
      async () => flaky.requests.length,
      (n) => n >= 3,
    );
    expect(failing.requests).toHaveLength(3);
    expect((await call('POST', `/v1/workspace/${wid}/webhooks/${down.id}/deliveries/${d.id}/replay`)).status).toBe(409);
    failing.script([{ status: 204 }]);
    expect((await call('POST', `/v1/workspace/${wid}/webhooks/${down.id}/enable`)).body.data).toMatchObject({ status: 'ENABLED', failingSince: null });
    expect((await call('POST', `/v1/workspace/${wid}/webhooks/${down.id}/deliveries/${d.id}/replay`)).status).toBe(202);
    await until(
      async () => failing.requests.length,
      (n) => n >= 4,
    );
    expect(failing.requests[3].headers['webhook-id']).toBe(attempts[0].headers['webhook-id']);
    const replayed = await until(
      async () => (await call('GET', `/v1/workspace/${wid}/webhooks/${down.id}/deliveries?status=DELIVERED`)).body.data,
      (x) => x.length === 1,
    );
    expect(replayed[0]).toMatchObject({ id: d.id, attempts: 4 });
  }, 90_000);
});
