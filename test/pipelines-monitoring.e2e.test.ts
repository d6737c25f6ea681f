import { randomUUID } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiResponse } from './helpers.js';
import { api, until } from './helpers.js';
import { deployed, pipelinesKey, settled, waitStage, type PipelinesCaller } from './pipelines-helpers.js';
import { callA, joinAs, ownerWithCsp } from './workspace-helpers.js';

/**
 * Health, analytics, escalations and the workers of the pipelines family (docs/pipelines.md "Health", "Analytics",
 * "Escalations", "Workers"). Executions are made through `POST /v1/pipelines/:pipelineId/execute`: a WAIT stage of a
 * few ms succeeds; the `gate` stage waits for `metadata.go` to equal true and times out after 400 ms otherwise (its
 * default onTimeout is FAIL: the execution ends FAILED). Thresholds are the defaults (score 70, error rate 0.1,
 * average duration 60,000 ms). Each describe works in a workspace of its own.
 */

function failsWith(res: ApiResponse, status: number, code: string, field?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ error: true, status: code });
  if (field !== undefined) expect(res.body.field, JSON.stringify(res.body)).toBe(field);
}

function ok(res: ApiResponse, status = 200) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toMatchObject({ error: false, status: 'SUCCESS' });
  return res.body.data;
}

const gate = { name: 'gate', action: 'WAIT', wait: { type: 'CONDITION', condition: { field: 'metadata.go', operator: 'EQUALS', value: true }, timeout: 400, checkInterval: 50 } };

async function execute(p: PipelinesCaller, pipelineId: string, metadata: Record<string, unknown> = {}) {
  const res = await p.call('POST', `/${pipelineId}/execute`, { metadata });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

/** Runs an execution to its end; returns it. */
async function run(p: PipelinesCaller, pipelineId: string, metadata: Record<string, unknown> = {}) {
  const e = await execute(p, pipelineId, metadata);
  return settled(p, e.id);
}

describe('escalations', () => {
  let p: PipelinesCaller;
  let pipeline: any;
  const failed: any[] = [];

  beforeAll(async () => {
    p = await pipelinesKey();
    pipeline = await deployed(p, [gate]);
  });

  it('a failed execution opens an OPEN escalation of severity MEDIUM naming its stage', async () => {
    const e = await run(p, pipeline.id, { go: false });
    expect(e.status).toBe('FAILED');
    failed.push(e);
    const list = await p.call('GET', '/escalations');
    const items = ok(list);
    expect(list.body.pagination).toEqual({ page: 1, limit: 20, total: 1, pages: 1, hasNext: false, hasPrevious: false });
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ executionId: e.id, pipelineId: pipeline.id, severity: 'MEDIUM', stage: 'gate', status: 'OPEN', resolvedAt: null });
    expect(typeof items[0].reason).toBe('string');
    expect(typeof items[0].createdAt).toBe('number'); // epoch ms
    expect(Math.abs(items[0].createdAt - Date.now())).toBeLessThan(60_000);
  });

  it('the third failure of the pipeline within an hour is CRITICAL; newest first; filters', async () => {
    failed.push(await run(p, pipeline.id, { go: false }));
    failed.push(await run(p, pipeline.id, { go: false }));
    const items = ok(await p.call('GET', '/escalations'));
    // newest first: the third (2 before it + itself = 3 → CRITICAL), the second (1 + 1 = 2 → MEDIUM), the first
    expect(items.map((x: any) => x.executionId)).toEqual([failed[2].id, failed[1].id, failed[0].id]);
    expect(items.map((x: any) => x.severity)).toEqual(['CRITICAL', 'MEDIUM', 'MEDIUM']);
    const critical = ok(await p.call('GET', '/escalations?severity=CRITICAL'));
    expect(critical.map((x: any) => x.executionId)).toEqual([failed[2].id]);
    const page2 = await p.call('GET', '/escalations?limit=2&page=2');
    expect(ok(page2).map((x: any) => x.executionId)).toEqual([failed[0].id]);
    expect(page2.body.pagination).toEqual({ page: 2, limit: 2, total: 3, pages: 2, hasNext: false, hasPrevious: true });
    failsWith(await p.call('GET', '/escalations?severity=SEVERE'), 400, 'VALIDATION_ERROR', 'severity');
  });

  it('a successful execution of the pipeline resolves them', async () => {
    const e = await run(p, pipeline.id, { go: true });
    expect(e.status).toBe('SUCCESS');
    const items = ok(await p.call('GET', '/escalations?status=RESOLVED'));
    expect(items).toHaveLength(3);
    for (const x of items) expect(typeof x.resolvedAt).toBe('number');
    expect(ok(await p.call('GET', '/escalations?status=OPEN'))).toEqual([]);
  });

  it('another workspace sees none of them; the graph answers the same', async () => {
    const other = await pipelinesKey();
    expect(ok(await other.call('GET', '/escalations'))).toEqual([]);
    const g = await p.gql(`{ pipelineEscalations(limit: 1) { items { executionId severity status } pagination { total } } }`);
    expect(g.body.errors, JSON.stringify(g.body)).toBeUndefined();
    expect(g.body.data.pipelineEscalations).toMatchObject({ items: [{ severity: 'CRITICAL', status: 'RESOLVED' }], pagination: { total: 3 } });
  });

  it('a failure on a WEBHOOK stage is HIGH', async () => {
    const q = await pipelinesKey();
    const hook = await deployed(q, [{ name: 'notify', action: 'WEBHOOK', webhook: { url: 'http://127.0.0.1:9/unreachable', method: 'POST', timeout: 500, retries: 0 } }]);
    const e = await run(q, hook.id);
    expect(e.status).toBe('FAILED');
    const items = await until(
      () => q.call('GET', '/escalations'),
      (r) => r.status === 200 && r.body.data.length > 0,
    );
    expect(ok(items)[0]).toMatchObject({ executionId: e.id, severity: 'HIGH', stage: 'notify', status: 'OPEN' });
  });

  it('without a key 401, with another scope 403', async () => {
    failsWith(await api('GET', '/v1/pipelines/escalations'), 401, 'UNAUTHORIZED');
    const utilities = await pipelinesKey(['utilities']);
    failsWith(await utilities.call('GET', '/escalations'), 403, 'FORBIDDEN');
  });
});

describe('health and analytics', () => {
  let p: PipelinesCaller;
  let quick: any;
  let gated: any;

  beforeAll(async () => {
    p = await pipelinesKey();
    quick = await deployed(p, [waitStage('pause', 20)]);
    gated = await deployed(p, [gate]);
  });
  // a fresh key of the same workspace for each test: polling executions to their end spends the general limit (100 a minute per caller)
  beforeEach(async () => {
    p = await pipelinesKey(['pipelines'], p.owner);
  });

  it('UNKNOWN under 5 ended executions, HEALTHY at 5 successes', async () => {
    for (let i = 0; i < 4; i++) await run(p, quick.id);
    const four = ok(await p.call('GET', `/${quick.id}/health`));
    expect(four).toMatchObject({ pipelineId: quick.id, status: 'UNKNOWN', metrics: { totalExecutions: 4, successRate: 1, errorRate: 0, activeExecutions: 0 } });
    await run(p, quick.id);
    const h = ok(await p.call('GET', `/${quick.id}/health`));
    // 5 of 5 succeeded: score 100 × 1 = 100; each took at least its 20 ms wait, far under 60,000 ms
    expect(h).toMatchObject({ status: 'HEALTHY', healthScore: 100, metrics: { totalExecutions: 5, successRate: 1, errorRate: 0, activeExecutions: 0 }, alerts: [] });
    expect(h.metrics.avgDuration).toBeGreaterThanOrEqual(20);
    expect(h.metrics.p95Duration).toBeGreaterThanOrEqual(20);
    expect(h.metrics.p99Duration).toBeGreaterThanOrEqual(h.metrics.p95Duration);
    expect(typeof h.lastCheck).toBe('number');
    expect(h.lastSimulation).toBeNull();
  });

  it('DEGRADED with one failure in five: error rate 0.2 is past 0.1 but not past 0.2', async () => {
    for (let i = 0; i < 4; i++) await run(p, gated.id, { go: true });
    await run(p, gated.id, { go: false });
    const h = ok(await p.call('GET', `/${gated.id}/health`));
    // 4 of 5 succeeded: score 100 × 0.8 = 80 (≥ 70); error rate 1/5 = 0.2 > 0.1 → DEGRADED; 0.2 > 2 × 0.1 is false → not CRITICAL
    expect(h).toMatchObject({ status: 'DEGRADED', healthScore: 80, metrics: { totalExecutions: 5, successRate: 0.8, errorRate: 0.2 } });
  });

  it('an active execution counts as active, not in the figures', async () => {
    const long = await deployed(p, [waitStage('long', 1500)]);
    const e = await execute(p, long.id);
    const h = ok(await p.call('GET', `/${long.id}/health`));
    expect(h.metrics).toMatchObject({ totalExecutions: 0, activeExecutions: 1 });
    expect(h.healthScore).toBe(100); // nothing ended
    await settled(p, e.id);
  });

  it("PIPELINE_NOT_FOUND for an unknown id or another workspace's pipeline", async () => {
    failsWith(await p.call('GET', `/${randomUUID()}/health`), 404, 'PIPELINE_NOT_FOUND');
    const other = await pipelinesKey();
    failsWith(await other.call('GET', `/${quick.id}/health`), 404, 'PIPELINE_NOT_FOUND');
    failsWith(await other.call('GET', `/${quick.id}/analytics`), 404, 'PIPELINE_NOT_FOUND');
  });

  it('analytics by day: the last 7 days in 8 daily buckets, per stage', async () => {
    const a = ok(await p.call('GET', `/${gated.id}/analytics`));
    expect(a.groupBy).toBe('day');
    // endDate = now, startDate = now − 7 days: the day of startDate to the day of now is 8 UTC days
    expect(a.endDate - a.startDate).toBe(7 * 86_400_000);
    expect(a.timeSeries).toHaveLength(8);
    const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
    expect(a.timeSeries[7].timestamp).toBe(today);
    expect(a.timeSeries[0].timestamp).toBe(today - 7 * 86_400_000);
    // all 5 executions started today: 4 successes, 1 failure
    expect(a.timeSeries[7]).toMatchObject({ executions: 5, successes: 4, failures: 1 });
    expect(a.timeSeries.slice(0, 7).every((x: any) => x.executions === 0 && x.avgDuration === 0)).toBe(true);
    // the gate ended 5 times, 4 SUCCESS → 0.8; one distinct error message
    expect(a.stageMetrics).toHaveLength(1);
    expect(a.stageMetrics[0]).toMatchObject({ stage: 'gate', executions: 5, successRate: 0.8 });
    expect(a.stageMetrics[0].errors.length).toBeLessThanOrEqual(1);
    expect(a.resourceUsage).toEqual([]); // no QUERY stage
  });

  it('analytics by hour over a given period', async () => {
    const now = Date.now();
    const hour = 3_600_000;
    const start = new Date(Math.floor(now / hour) * hour - 2 * hour).toISOString();
    const end = new Date(Math.floor(now / hour) * hour + hour).toISOString();
    const a = ok(await p.call('GET', `/${gated.id}/analytics?groupBy=hour&startDate=${start}&endDate=${end}`));
    // [h − 2, h + 1): the buckets h − 2, h − 1, h
    expect(a.timeSeries.map((x: any) => x.timestamp)).toEqual([0, 1, 2].map((i) => Math.floor(now / hour) * hour - (2 - i) * hour));
    const sum = a.timeSeries.reduce((n: number, x: any) => n + x.executions, 0);
    expect(sum).toBe(5);
  });

  it('analytics by week starts on Monday', async () => {
    const a = ok(await p.call('GET', `/${quick.id}/analytics?groupBy=week`));
    for (const x of a.timeSeries) expect(new Date(x.timestamp).getUTCDay()).toBe(1);
    expect(a.timeSeries.reduce((n: number, x: any) => n + x.executions, 0)).toBe(5);
  });

  it('analytics refuses an end before its start and an unknown bucket', async () => {
    failsWith(await p.call('GET', `/${gated.id}/analytics?startDate=2026-11-02T00:00:00Z&endDate=2026-11-01T00:00:00Z`), 400, 'VALIDATION_ERROR', 'endDate');
    failsWith(await p.call('GET', `/${gated.id}/analytics?groupBy=month`), 400, 'VALIDATION_ERROR', 'groupBy');
  });
});

describe('workers', () => {
  let admin: PipelinesCaller;
  let plain: PipelinesCaller;
  let pipeline: any;

  beforeAll(async () => {
    admin = await pipelinesKey(['pipelines', 'pipelines:admin']);
    plain = await pipelinesKey(['pipelines'], admin.owner);
    pipeline = await deployed(admin, [waitStage('pause', 20)]);
  });

  it('a key without pipelines:admin (even `*`) is 403 on every worker route', async () => {
    const star = await pipelinesKey(['*'], admin.owner);
    for (const c of [plain, star]) {
      failsWith(await c.call('GET', '/workers/stats'), 403, 'FORBIDDEN');
      failsWith(await c.call('POST', '/workers/initialize'), 403, 'FORBIDDEN');
      failsWith(await c.call('POST', '/workers/start'), 403, 'FORBIDDEN');
      failsWith(await c.call('POST', '/workers/stop'), 403, 'FORBIDDEN');
    }
  });

  it('only an OWNER or ADMIN may create a pipelines:admin key: a DEVELOPER gets 403', async () => {
    const o = await ownerWithCsp();
    const dev = await joinAs(o.cspContext, 'DEVELOPER');
    const refused = await callA('POST', `/v1/workspace/${o.wid}/api-keys`, dev.token, { name: 'ops', scopes: ['pipelines', 'pipelines:admin'] });
    expect(refused.status, JSON.stringify(refused.body)).toBe(403);
    const allowed = await callA('POST', `/v1/workspace/${o.wid}/api-keys`, dev.token, { name: 'use', scopes: ['pipelines'] });
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(201);
    const adm = await joinAs(o.cspContext, 'ADMIN');
    const byAdmin = await callA('POST', `/v1/workspace/${o.wid}/api-keys`, adm.token, { name: 'ops', scopes: ['pipelines:admin'] });
    expect(byAdmin.status, JSON.stringify(byAdmin.body)).toBe(201);
    expect(byAdmin.body.data.apiKey.scopes).toEqual(['pipelines:admin']);
  });

  it('initialize: five switches, enabled', async () => {
    expect(ok(await admin.call('POST', '/workers/initialize'))).toEqual({ success: true, workersInitialized: 5 });
    const stats = ok(await admin.call('GET', '/workers/stats'));
    expect(stats.workers.map((w: any) => [w.name, w.enabled])).toEqual([
      ['execution', true],
      ['health', true],
      ['webhook', true],
      ['transition', true],
      ['escalation', true],
    ]);
    for (const w of stats.workers) expect(w.intervalMs).toBeGreaterThan(0);
  });

  it('stop: a new execution stays PENDING (other workspaces go on); start: it completes; the counters move', async () => {
    const before = ok(await admin.call('GET', '/workers/stats')).workers[0].stats;
    expect(ok(await admin.call('POST', '/workers/stop'))).toEqual({ success: true });
    const stopped = ok(await admin.call('GET', '/workers/stats'));
    expect(stopped.workers.every((w: any) => w.enabled === false)).toBe(true);

    const e = await execute(admin, pipeline.id);
    // another workspace's execution completes meanwhile
    const other = await pipelinesKey();
    const otherPipeline = await deployed(other, [waitStage('pause', 20)]);
    expect((await run(other, otherPipeline.id)).status).toBe('SUCCESS');
    // ours has not moved (polled for 1.5 s)
    const still = await until(
      () => admin.call('GET', `/executions/${e.id}`),
      (r) => r.body?.data?.status !== 'PENDING',
      1500,
      100,
    );
    expect(still.body.data.status).toBe('PENDING');
    const waiting = ok(await admin.call('GET', '/workers/stats')).workers[0].stats;
    expect(waiting.activeExecutions).toBe(before.activeExecutions + 1);

    expect(ok(await admin.call('POST', '/workers/start'))).toEqual({ success: true });
    const done = await settled(admin, e.id);
    expect(done.status).toBe('SUCCESS');
    const after = ok(await admin.call('GET', '/workers/stats'));
    expect(after.workers.every((w: any) => w.enabled === true)).toBe(true);
    // one more execution ended SUCCESS today, none active; its one stage ended SUCCESS: one more transition
    expect(after.workers[0].stats).toMatchObject({ completedToday: before.completedToday + 1, activeExecutions: 0, failedToday: before.failedToday });
    expect(after.workers[3].stats.transitionsProcessed).toBeGreaterThanOrEqual(1);
    expect(typeof after.workers[0].lastRun === 'number' || after.workers[0].lastRun === null).toBe(true);
  });

  it('the graph: pipelineWorkers answers the same switches', async () => {
    const g = await admin.gql(`{ pipelineWorkers { workers { name enabled intervalMs } } }`);
    expect(g.body.errors, JSON.stringify(g.body)).toBeUndefined();
    expect(g.body.data.pipelineWorkers.workers.map((w: any) => w.name)).toEqual(['execution', 'health', 'webhook', 'transition', 'escalation']);
  });
});
