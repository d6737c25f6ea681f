import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from './helpers.js';
import { createSite, newLsp } from './lsp-helpers.js';
import { deployed, pipelinesKey, settled, waitStage, type PipelinesCaller } from './pipelines-helpers.js';
import { startReceiver, type WebhookReceiver } from './support/webhook-receiver.js';

/**
 * The pipelines engine end to end (docs/pipelines.md "Executions", "Transitions", "Retries"): executions started over
 * REST run on the platform's workers, stage by stage, through durable jobs.
 */
const ROTATE = 'mutation { rotatePipelineSigningSecret { secret createdAt } }';

let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

async function keyWithSecret(): Promise<PipelinesCaller> {
  const p = await pipelinesKey();
  const r = await p.gql(ROTATE);
  expect(r.body.errors, JSON.stringify(r.body)).toBeUndefined();
  receiver.secret = r.body.data.rotatePipelineSigningSecret.secret;
  return p;
}

describe('a three-stage pipeline: QUERY → WEBHOOK → WAIT', () => {
  it('selects the nearest warehouse, posts it (signed) to the receiver, waits, and ends SUCCESS', async () => {
    const lsp = await newLsp();
    const p = await keyWithSecret();
    // the key's workspace must be the LSP's: make the key in the LSP's workspace
    const q = await pipelinesKey(['pipelines'], lsp.owner);
    receiver.secret = (await q.gql(ROTATE)).body.data.rotatePipelineSigningSecret.secret;
    void p;
    const near = await createSite(lsp, 'warehouse', { address: { name: 'Near', street1: '1 Road', city: 'Nairobi', state: 'Nairobi', country: 'KE', coordinates: [-1.3, 36.8] } });
    await createSite(lsp, 'warehouse', { address: { name: 'Far', street1: '2 Road', city: 'Nakuru', state: 'Nakuru', country: 'KE', coordinates: [-0.3, 36.07] } });
    const compositeId = `${lsp.code}:${near.id}`;
    // the registry follows the LSP family within a second (docs/queries.md)
    const picked = await until(
      () => q.call('POST', '/queries/execute', { resource: 'WAREHOUSE', strategy: 'CLOSEST', filters: { location: { lat: -1.3, lng: 36.8 } } }),
      (r) => r.body.data?.resource?.id === compositeId,
      5000,
      100,
    );
    // the spec's generic envelope (group 16): {error, status SUCCESS, data {resource, score, strategy, alternatives}}
    expect(Object.keys(picked.body).sort()).toEqual(['data', 'error', 'status']);
    expect(picked.body).toMatchObject({ error: false, status: 'SUCCESS', data: { strategy: 'CLOSEST', resource: { id: compositeId } } });
    receiver.script([{ status: 200, body: '{"accepted":true}', headers: { 'content-type': 'application/json' } }]);
    const before = receiver.requests.length;
    const pipeline = await deployed(q, [
      { name: 'pick', action: 'QUERY', query: { resource: 'WAREHOUSE', strategy: 'CLOSEST', filters: { location: '${execution.metadata.origin}' } } },
      {
        name: 'notify',
        action: 'WEBHOOK',
        webhook: { url: `${receiver.url}/hook`, method: 'POST', body: { order: '${execution.metadata.order}', warehouse: '${execution.results.pick.resource.id}' } },
      },
      waitStage('settle', 300),
    ]);
    const started = await q.call('POST', `/${pipeline.id}/execute`, { metadata: { order: 'ORD-1', origin: { lat: -1.3, lng: 36.8 } }, tags: ['e2e'] });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    expect(started.body.data).toMatchObject({ pipelineId: pipeline.id, status: 'PENDING', currentStageIndex: 0, retryAttempts: 0, tags: ['e2e'] });
    const done = await settled(q, started.body.data.id);
    expect(done.status, JSON.stringify(done)).toBe('SUCCESS');
    // REST writes instants in epoch milliseconds (docs/pipelines.md), the execution's and every stage's alike
    const instants = [done.startedAt, done.completedAt, ...done.stages.flatMap((st: any) => [st.startedAt, st.completedAt])];
    for (const t of instants) expect(Number.isInteger(t) && t > Date.UTC(2020, 0, 1), JSON.stringify(instants)).toBe(true);
    expect(done.completedAt - done.startedAt).toBe(done.duration);
    expect(done.stages.map((s: any) => [s.name, s.status, s.attempts])).toEqual([
      ['pick', 'SUCCESS', 1],
      ['notify', 'SUCCESS', 1],
      ['settle', 'SUCCESS', 1],
    ]);
    expect(done.results.pick.resource.id).toBe(compositeId);
    expect(done.results.notify).toMatchObject({ statusCode: 200, body: { accepted: true }, attempts: 1 });
    // the WAIT stage took at least its 300 ms
    expect(done.stages[2].duration).toBeGreaterThanOrEqual(300);
    const calls = receiver.requests.slice(before);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/hook', verified: true });
    expect(calls[0].headers['webhook-id']).toBe(`${done.id}:notify:1`);
    expect(JSON.parse(calls[0].body)).toEqual({ order: 'ORD-1', warehouse: compositeId });
    const logs = await q.call('GET', `/executions/${done.id}/logs`);
    expect(logs.status).toBe(200);
    expect(logs.body.data.logs.map((l: any) => l.message)).toEqual(expect.arrayContaining(['execution accepted', 'execution started', 'execution succeeded']));
  });
});

describe('transitions', () => {
  it('a condition chooses the next stage: HIGH goes to express (standard SKIPPED), LOW goes on to standard and COMPLETE ends it', async () => {
    const p = await pipelinesKey();
    const pipeline = await deployed(p, [
      waitStage('triage', 0, { transitions: { onSuccess: { type: 'CONTINUE', next: 'express', condition: { field: 'metadata.priority', operator: 'EQUALS', value: 'HIGH' } } } }),
      waitStage('standard', 0, { transitions: { onSuccess: { type: 'COMPLETE' } } }),
      waitStage('express', 0),
    ]);
    const high = await p.call('POST', `/${pipeline.id}/execute`, { metadata: { priority: 'HIGH' } });
    const low = await p.call('POST', `/${pipeline.id}/execute`, { metadata: { priority: 'LOW' } });
    const h = await settled(p, high.body.data.id);
    const l = await settled(p, low.body.data.id);
    expect(h.status).toBe('SUCCESS');
    expect(h.stages.map((s: any) => s.status)).toEqual(['SUCCESS', 'SKIPPED', 'SUCCESS']);
    expect(l.status).toBe('SUCCESS');
    expect(l.stages.map((s: any) => s.status)).toEqual(['SUCCESS', 'SUCCESS', 'PENDING']);
  });

  it('a failing webhook is retried with the policy backoff (no jitter: 200 then 400 ms), then the execution FAILS with WEBHOOK_FAILED and a HIGH escalation', async () => {
    const p = await keyWithSecret();
    receiver.script([{ status: 500 }]);
    const before = receiver.requests.length;
    const pipeline = await deployed(p, [{ name: 'call', action: 'WEBHOOK', webhook: { url: `${receiver.url}/fail`, method: 'POST', retries: 2 } }], {
      template: { config: { retryPolicy: { maxAttempts: 1, backoffMultiplier: 2, initialDelay: 200, jitter: false } } },
    });
    const started = await p.call('POST', `/${pipeline.id}/execute`, { metadata: {} });
    const done = await settled(p, started.body.data.id);
    expect(done.status).toBe('FAILED');
    expect(done.error).toMatchObject({ code: 'WEBHOOK_FAILED', stage: 'call' });
    const calls = receiver.requests.slice(before).filter((r) => r.path === '/fail');
    // 1 + retries 2 = 3 attempts, one webhook-id
    expect(calls).toHaveLength(3);
    expect(new Set(calls.map((c) => c.headers['webhook-id']))).toEqual(new Set([`${done.id}:call:1`]));
    // waits of initialDelay × 2^(n−1): 200 ms, then 400 ms (each at least, the jobs may run a little late)
    expect(calls[1].at - calls[0].at).toBeGreaterThanOrEqual(190);
    expect(calls[2].at - calls[1].at).toBeGreaterThanOrEqual(390);
    const esc = await until(
      () => p.call('GET', '/escalations'),
      (r) => r.status === 200 && r.body.data?.some((x: any) => x.executionId === done.id),
      5000,
      100,
    );
    expect(esc.body.data.find((x: any) => x.executionId === done.id)).toMatchObject({ pipelineId: pipeline.id, severity: 'HIGH', stage: 'call', status: 'OPEN' });
  });

  it('retry from a stage: a FAILED execution runs again from the failed stage (default) and succeeds; an unknown stage is 400', async () => {
    const p = await keyWithSecret();
    receiver.script([{ status: 503 }, { status: 200 }]);
    const pipeline = await deployed(p, [waitStage('first', 0), { name: 'call', action: 'WEBHOOK', webhook: { url: `${receiver.url}/retry`, method: 'POST' } }]);
    const started = await p.call('POST', `/${pipeline.id}/execute`, { metadata: {} });
    const failed = await settled(p, started.body.data.id);
    expect(failed.status).toBe('FAILED');
    const bad = await p.call('POST', `/executions/${failed.id}/retry`, { fromStage: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: true, status: 'VALIDATION_ERROR', field: 'fromStage' });
    const again = await p.call('POST', `/executions/${failed.id}/retry`, {});
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data).toMatchObject({ status: 'RUNNING', retryAttempts: 1, currentStageIndex: 1 });
    const done = await settled(p, failed.id);
    expect(done.status).toBe('SUCCESS');
    // the first stage ran once; the webhook stage was started over
    expect(done.stages.map((s: any) => [s.name, s.status, s.attempts])).toEqual([
      ['first', 'SUCCESS', 1],
      ['call', 'SUCCESS', 1],
    ]);
    const notAgain = await p.call('POST', `/executions/${failed.id}/retry`, {});
    expect(notAgain.status).toBe(409);
  });

  it('cancel racing completion: each execution ends exactly once, as the answer said', async () => {
    const p = await pipelinesKey();
    const pipeline = await deployed(p, [waitStage('short', 40)]);
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) ids.push((await p.call('POST', `/${pipeline.id}/execute`, { metadata: { i } })).body.data.id);
    const answers = await Promise.all(
      ids.map(async (id, i) => {
        await new Promise((r) => setTimeout(r, 20 * i));
        return p.call('POST', `/executions/${id}/cancel`);
      }),
    );
    await new Promise((r) => setTimeout(r, 800));
    for (const [i, id] of ids.entries()) {
      const e = (await p.call('GET', `/executions/${id}`)).body.data;
      if (answers[i].status === 200) {
        expect(answers[i].body.data.status).toBe('FAILED');
        expect(e).toMatchObject({ status: 'FAILED', error: { message: 'cancelled' } });
      } else {
        expect(answers[i].status, JSON.stringify(answers[i].body)).toBe(409);
        expect(e.status).toBe('SUCCESS');
      }
    }
  });
});

describe('limits', () => {
  it('the pipeline timeout ends a long wait TIMEOUT; concurrency 1 refuses a second execution (429 CONCURRENCY_LIMIT); DISABLED refuses (409); unknown pipeline 404', async () => {
    const p = await pipelinesKey();
    const pipeline = await deployed(p, [waitStage('long', 5000)], { template: { config: { timeout: 400, concurrency: 1 } } });
    const first = await p.call('POST', `/${pipeline.id}/execute`, { metadata: {} });
    expect(first.status).toBe(201);
    const second = await p.call('POST', `/${pipeline.id}/execute`, { metadata: {} });
    expect(second.status).toBe(429);
    expect(second.body).toMatchObject({ error: true, status: 'CONCURRENCY_LIMIT' });
    const done = await settled(p, first.body.data.id);
    expect(done.status).toBe('TIMEOUT');
    expect(done.stages[0].status).toBe('TIMEOUT');
    const off = await p.call('PATCH', `/${pipeline.id}`, { status: 'DISABLED' });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect((await p.call('POST', `/${pipeline.id}/execute`, { metadata: {} })).status).toBe(409);
    const unknown = await p.call('POST', `/00000000-0000-4000-8000-000000000000/execute`, { metadata: {} });
    expect(unknown.status).toBe(404);
    expect(unknown.body.status).toBe('PIPELINE_NOT_FOUND');
    const noMeta = await p.call('POST', `/${pipeline.id}/execute`, {});
    expect(noMeta.status).toBe(400);
  });

  it('the timeout passing before the first stage started ends that stage TIMEOUT too (docs: "its current stage TIMEOUT")', async () => {
    // the workspace's workers switched off keep the execution PENDING; the pipeline's timeout is not a worker's step
    const p = await pipelinesKey(['pipelines', 'pipelines:admin']);
    const pipeline = await deployed(p, [waitStage('never', 50)], { template: { config: { timeout: 300 } } });
    expect((await p.call('POST', '/workers/stop')).status).toBe(200);
    try {
      const started = await p.call('POST', `/${pipeline.id}/execute`, { metadata: {} });
      expect(started.status, JSON.stringify(started.body)).toBe(201);
      const done = await settled(p, started.body.data.id);
      expect(done.status).toBe('TIMEOUT');
      expect(done.stages[0]).toMatchObject({ status: 'TIMEOUT', duration: 0 });
      expect(done.error).toMatchObject({ code: 'STAGE_TIMEOUT', stage: 'never' });
    } finally {
      expect((await p.call('POST', '/workers/start')).status).toBe(200);
    }
  });

  it('a dry run predicts without side effects: the webhook is not called, nothing is written', async () => {
    const p = await pipelinesKey();
    const before = receiver.requests.length;
    const pipeline = await deployed(p, [waitStage('w', 250), { name: 'call', action: 'WEBHOOK', webhook: { url: `${receiver.url}/dry`, method: 'POST', timeout: 1000 } }]);
    const r = await p.call('POST', `/${pipeline.id}/dry-run`, { metadata: { x: 1 } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toEqual({
      stages: [
        { name: 'w', predictedResult: 'SUCCESS', estimatedDuration: 250 },
        { name: 'call', predictedResult: 'WOULD_CALL', estimatedDuration: 1000 },
      ],
      estimatedDuration: 1250,
      warnings: [],
    });
    expect(receiver.requests.length).toBe(before);
    const list = await p.call('GET', `/${pipeline.id}/executions`);
    expect(list.body.pagination.total).toBe(0);
  });

  it('a query alone: QUERY_NO_RESULTS (200) in a workspace with no warehouse', async () => {
    const p = await pipelinesKey();
    const r = await p.call('POST', '/queries/execute', { resource: 'WAREHOUSE', strategy: 'BEST_MATCH', filters: {} });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // the spec's generic envelope (group 16): the answer under `data`, nothing beside it
    expect(r.body).toEqual({ error: false, status: 'QUERY_NO_RESULTS', data: { resource: null, score: null, strategy: 'BEST_MATCH', alternatives: [] } });
  });
});
