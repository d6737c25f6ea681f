import { randomUUID } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api, until, type ApiResponse } from './helpers.js';
import { createSite, newLsp } from './lsp-helpers.js';
import { deployed, pipelinesKey, settled, templateBody, waitStage, type PipelinesCaller } from './pipelines-helpers.js';

/**
 * Templates and pipelines (spec group 16; docs/pipelines.md "Templates", "Validation", "Pipelines"): a template is
 * created DRAFT, changed and deleted only while DRAFT, validated, published (which deprecates the PUBLISHED lower
 * versions of its name) and deployed into pipelines that keep a snapshot of its definition.
 */

let p: PipelinesCaller;
let other: PipelinesCaller;

const ok = (res: ApiResponse, status = 200) => {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toMatchObject({ error: false, status: 'SUCCESS' });
  return res.body.data;
};
const fails = (res: ApiResponse, status: number, code: string, field?: string) => {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toMatchObject({ error: true, status: code, ...(field ? { field } : {}) });
  return res.body as { message: string; field?: string };
};
const create = async (c: PipelinesCaller, body: Record<string, unknown>) => ok(await c.call('POST', '/templates', body), 201);
const publish = async (c: PipelinesCaller, id: string) => ok(await c.call('POST', `/templates/${id}/publish`));
/** A sound two-stage definition: a wait of 10 ms, then one of 20 ms, both with timeouts; the pipeline times out at a minute. */
const sound = (extra: Record<string, unknown> = {}) => templateBody([waitStage('first', 10, { timeout: 1000 }), waitStage('second', 20, { timeout: 1000 })], { config: { timeout: 60_000 }, ...extra });

beforeAll(async () => {
  other = await pipelinesKey();
});
// a workspace per test: the general limit (100 requests a minute) counts per caller
beforeEach(async () => {
  p = await pipelinesKey();
});

describe('credentials', () => {
  it('no key is 401, a key without the pipelines scope 403', async () => {
    fails(await api('GET', '/v1/pipelines/templates'), 401, 'UNAUTHORIZED');
    fails(await api('GET', '/v1/pipelines'), 401, 'UNAUTHORIZED');
    const utilities = await pipelinesKey(['utilities'], p.owner);
    fails(await utilities.call('GET', '/templates'), 403, 'FORBIDDEN');
    fails(await utilities.call('POST', '/deploy', { templateId: randomUUID(), name: 'x' }), 403, 'FORBIDDEN');
  });
});

describe('templates', () => {
  it('creates a DRAFT with the defaults, and reads it back', async () => {
    const before = Date.now();
    const body = templateBody([waitStage('pause', 50)], { description: 'Orders', metadata: { team: 'ops' } });
    const t = await create(p, body);
    expect(t).toMatchObject({
      name: body.name,
      description: 'Orders',
      version: '1.0.0',
      status: 'DRAFT',
      stages: [{ name: 'pause', action: 'WAIT', wait: { type: 'DURATION', duration: 50 } }],
      config: {},
      // the defaults: no simulation every 3,600 s; thresholds score 70, error rate 0.1, 60,000 ms
      health: { simulationEnabled: false, simulationInterval: 3600, alertThresholds: { healthScore: 70, errorRate: 0.1, avgDuration: 60_000 } },
      metadata: { team: 'ops' },
      publishedAt: null,
      deprecatedAt: null,
    });
    expect(typeof t.created.at.timestamp).toBe('number');
    expect(t.created.at.timestamp).toBeGreaterThanOrEqual(before - 5000);
    expect(t.created.at.datetime).toBe(new Date(t.created.at.timestamp).toISOString());
    expect(t.created.at.timezone).toBe('UTC');
    expect(t.created.by).toEqual(expect.any(String));
    expect(t.updated).toEqual(t.created);
    expect(ok(await p.call('GET', `/templates/${t.id}`))).toEqual(t);
  });

  it('health given in part replaces only those defaults', async () => {
    const t = await create(p, templateBody([waitStage('a', 1)], { health: { simulationInterval: 120, alertThresholds: { errorRate: 0.25 } } }));
    expect(t.health).toEqual({ simulationEnabled: false, simulationInterval: 120, testData: null, alertThresholds: { healthScore: 70, errorRate: 0.25, avgDuration: 60_000 } });
  });

  it('refuses a version that is not semantic, a taken name and version, no stages, 51 stages, repeated stage names', async () => {
    for (const version of ['1.0', 'v1.0.0', '01.0.0', '1.0.0-'])
      expect(fails(await p.call('POST', '/templates', templateBody([waitStage('a', 1)], { version })), 400, 'VALIDATION_ERROR', 'version').message).toContain('semantic version');
    // pre-release and build metadata are semantic
    expect((await create(p, templateBody([waitStage('a', 1)], { version: '2.0.0-rc.1+build.7' }))).version).toBe('2.0.0-rc.1+build.7');
    const body = templateBody([waitStage('a', 1)]);
    await create(p, body);
    expect(fails(await p.call('POST', '/templates', body), 409, 'CONFLICT').message).toContain(body.name);
    // the same name and version in another workspace is another template
    await create(other, body);
    fails(await p.call('POST', '/templates', templateBody([])), 400, 'VALIDATION_ERROR', 'stages');
    fails(await p.call('POST', '/templates', templateBody(Array.from({ length: 51 }, (_, i) => waitStage(`s${i}`, 1)))), 400, 'VALIDATION_ERROR', 'stages');
    fails(await p.call('POST', '/templates', templateBody([waitStage('a', 1), waitStage('b', 1), waitStage('a', 2)])), 400, 'VALIDATION_ERROR', 'stages.2.name');
  });

  it('another workspace’s template and an unknown one are 404', async () => {
    const t = await create(other, sound());
    for (const [method, path] of [
      ['GET', ''],
      ['PATCH', ''],
      ['POST', '/publish'],
      ['POST', '/validate'],
      ['DELETE', ''],
    ] as const) {
      fails(await p.call(method, `/templates/${t.id}${path}`, method === 'PATCH' ? { name: 'x' } : undefined), 404, 'NOT_FOUND');
      fails(await p.call(method, `/templates/${randomUUID()}${path}`, method === 'PATCH' ? { name: 'x' } : undefined), 404, 'NOT_FOUND');
    }
    fails(await p.call('POST', '/deploy', { templateId: t.id, name: 'P' }), 404, 'NOT_FOUND');
    // still there for its owner
    expect(ok(await other.call('GET', `/templates/${t.id}`)).status).toBe('DRAFT');
  });

  it('PATCH replaces the fields given of a DRAFT only', async () => {
    const t = await create(p, sound({ description: 'one', metadata: { a: 1 } }));
    const u = ok(await p.call('PATCH', `/templates/${t.id}`, { description: 'two', stages: [waitStage('only', 5)], version: '1.1.0' }));
    expect(u).toMatchObject({ name: t.name, description: 'two', version: '1.1.0', stages: [{ name: 'only' }], config: { timeout: 60_000 }, metadata: { a: 1 }, status: 'DRAFT' });
    expect(u.updated.at.timestamp).toBeGreaterThanOrEqual(t.updated.at.timestamp);
    expect(u.created).toEqual(t.created);
    fails(await p.call('PATCH', `/templates/${t.id}`, { version: 'latest' }), 400, 'VALIDATION_ERROR', 'version');
    fails(await p.call('PATCH', `/templates/${t.id}`, { stages: [waitStage('x', 1), waitStage('x', 1)] }), 400, 'VALIDATION_ERROR', 'stages.1.name');
    // a version another template of the name holds
    const sibling = await create(p, { ...sound(), name: t.name, version: '3.0.0' });
    fails(await p.call('PATCH', `/templates/${t.id}`, { version: '3.0.0' }), 409, 'CONFLICT');
    // frozen once published
    await publish(p, sibling.id);
    const refused = fails(await p.call('PATCH', `/templates/${sibling.id}`, { description: 'late' }), 409, 'CONFLICT');
    expect(refused.message).toBe('only a DRAFT template can be changed (this one is PUBLISHED): publish a new version instead');
    expect(ok(await p.call('GET', `/templates/${sibling.id}`)).description).toBeNull();
  });

  it('DELETE removes a DRAFT only', async () => {
    const t = await create(p, sound());
    expect(ok(await p.call('DELETE', `/templates/${t.id}`))).toEqual({ success: true });
    fails(await p.call('GET', `/templates/${t.id}`), 404, 'NOT_FOUND');
    const pub = await create(p, sound());
    await publish(p, pub.id);
    expect(fails(await p.call('DELETE', `/templates/${pub.id}`), 409, 'CONFLICT').message).toContain('PUBLISHED');
  });

  it('lists with filters, sorting and pages', async () => {
    const c = await pipelinesKey();
    const a = await create(c, { ...sound(), name: 'Alpha', version: '1.0.0' });
    const b = await create(c, { ...sound(), name: 'Bravo', version: '1.0.0' });
    const d = await create(c, { ...sound(), name: 'Charlie', version: '2.0.0' });
    await publish(c, b.id);
    const list = await c.call('GET', '/templates');
    // newest first by default
    expect(ok(list).map((t: any) => t.id)).toEqual([d.id, b.id, a.id]);
    expect(list.body.pagination).toMatchObject({ page: 1, limit: 20, total: 3, pages: 1 });
    expect(ok(await c.call('GET', '/templates?status=PUBLISHED')).map((t: any) => t.id)).toEqual([b.id]);
    expect(ok(await c.call('GET', '/templates?status=draft&version=1.0.0')).map((t: any) => t.id)).toEqual([a.id]);
    expect(ok(await c.call('GET', '/templates?sortBy=name&sortOrder=ASC')).map((t: any) => t.name)).toEqual(['Alpha', 'Bravo', 'Charlie']);
    // 3 items, 2 a page: page 2 holds the third (Charlie), pages = ceil(3 / 2) = 2
    const page2 = await c.call('GET', '/templates?sortBy=name&sortOrder=ASC&limit=2&page=2');
    expect(ok(page2).map((t: any) => t.name)).toEqual(['Charlie']);
    expect(page2.body.pagination).toMatchObject({ page: 2, limit: 2, total: 3, pages: 2 });
    fails(await c.call('GET', '/templates?sortBy=startedAt'), 400, 'VALIDATION_ERROR', 'sortBy');
    fails(await c.call('GET', '/templates?limit=101'), 400, 'VALIDATION_ERROR', 'limit');
    fails(await c.call('GET', '/templates?status=GONE'), 400, 'VALIDATION_ERROR', 'status');
  });
});

describe('validation and publishing', () => {
  it('validate answers errors, warnings, checks and suggestions without changing the template', async () => {
    const t = await create(
      p,
      templateBody([
        { name: 'q', action: 'QUERY', timeout: 1000 },
        { name: 'w', action: 'WEBHOOK', webhook: { url: 'http://10.1.2.3/x', method: 'POST' }, timeout: 1000, transitions: { onSuccess: { type: 'CONTINUE', next: 'ghost' } } },
        waitStage('z', 10),
      ]),
    );
    const v = ok(await p.call('POST', `/templates/${t.id}/validate`));
    expect(v.valid).toBe(false);
    // the address's words are the SSRF guard's (webhooks/guard.ts): it names the address and why it is refused
    expect(v.errors).toEqual([
      'stage "q" (stages.0): a QUERY stage needs `query`',
      expect.stringMatching(/^stage "w" \(stages\.1\): webhook\.url .*10\.1\.2\.3.*private/),
      'stage "w" (stages.1) transitions.onSuccess: `next` names no stage ("ghost")',
    ]);
    expect(v.checks).toEqual({ stageValidation: true, queryValidation: false, webhookValidation: false, transitionValidation: false, resourceAvailability: true });
    expect(v.suggestions).toHaveLength(3);
    // z has no timeout; the template no config.timeout
    expect(v.warnings).toEqual([
      'stage "z" (stages.2): no `timeout`; the platform default (PIPELINE_STAGE_TIMEOUT_MS) applies',
      'config.timeout is not set: an execution may run without a time limit',
    ]);
    // publishing is refused with the errors listed
    const refused = fails(await p.call('POST', `/templates/${t.id}/publish`), 400, 'TEMPLATE_INVALID');
    for (const e of v.errors) expect(refused.message).toContain(e);
    expect(ok(await p.call('GET', `/templates/${t.id}`)).status).toBe('DRAFT');
  });

  it('resource availability follows the workspace’s registry', async () => {
    const lsp = await newLsp();
    const c = await pipelinesKey(['pipelines'], lsp.owner);
    const t = await create(c, templateBody([{ name: 'pick', action: 'QUERY', query: { resource: 'WAREHOUSE', filters: {}, strategy: 'BEST_MATCH' }, timeout: 1000 }], { config: { timeout: 1000 } }));
    const before = ok(await c.call('POST', `/templates/${t.id}/validate`));
    expect(before.errors).toEqual(['stage "pick" (stages.0): no WAREHOUSE is registered in this workspace']);
    expect(before.checks.resourceAvailability).toBe(false);
    await createSite(lsp, 'warehouse');
    const after = await until(
      () => c.call('POST', `/templates/${t.id}/validate`),
      (r) => r.status === 200 && r.body.data.valid === true,
      10_000,
      100,
    );
    expect(ok(after)).toEqual({
      valid: true,
      errors: [],
      warnings: [],
      checks: { stageValidation: true, queryValidation: true, webhookValidation: true, transitionValidation: true, resourceAvailability: true },
      suggestions: [],
    });
  });

  it('publishes a DRAFT once; a higher version deprecates the PUBLISHED lower ones of its name only', async () => {
    const name = `Route ${randomUUID().slice(0, 8)}`;
    const made = async (version: string, n = name) => create(p, { ...sound(), name: n, version });
    const get = async (id: string) => ok(await p.call('GET', `/templates/${id}`));
    const v1 = await made('1.0.0');
    const twin = await made('1.0.0', `${name} bis`);
    const draft = await made('1.2.0');
    const p1 = await publish(p, v1.id);
    expect(p1).toMatchObject({ status: 'PUBLISHED', deprecatedAt: null });
    expect(typeof p1.publishedAt).toBe('number');
    await publish(p, twin.id);
    fails(await p.call('POST', `/templates/${v1.id}/publish`), 409, 'CONFLICT');
    // 1.5.0 > 1.0.0: 1.0.0 is DEPRECATED at the instant 1.5.0 is published; the other name and the DRAFT are not
    const v15 = await publish(p, (await made('1.5.0')).id);
    expect(await get(v1.id)).toMatchObject({ status: 'DEPRECATED', deprecatedAt: v15.publishedAt, updated: { at: { timestamp: v15.publishedAt } } });
    expect((await get(twin.id)).status).toBe('PUBLISHED');
    expect((await get(draft.id)).status).toBe('DRAFT');
    // 3.0.0 > 1.5.0
    const v3 = await publish(p, (await made('3.0.0')).id);
    expect(await get(v15.id)).toMatchObject({ status: 'DEPRECATED', deprecatedAt: v3.publishedAt });
    // 2.0.0 < 3.0.0: publishing a lower version deprecates nothing, both stay PUBLISHED
    const v2 = await publish(p, (await made('2.0.0')).id);
    expect((await get(v3.id)).status).toBe('PUBLISHED');
    expect(v2.status).toBe('PUBLISHED');
    // 3.0.0-rc.1 < 3.0.0 (a pre-release is lower than its release) but > 2.0.0
    await publish(p, (await made('3.0.0-rc.1')).id);
    expect((await get(v2.id)).status).toBe('DEPRECATED');
    expect((await get(v3.id)).status).toBe('PUBLISHED');
    // a DEPRECATED template is not published again nor deployed
    fails(await p.call('POST', `/templates/${v1.id}/publish`), 409, 'CONFLICT');
    expect(fails(await p.call('POST', '/deploy', { templateId: v1.id, name: 'late' }), 409, 'CONFLICT').message).toContain('DEPRECATED');
  });
});

describe('pipelines', () => {
  it('deploys a snapshot of a PUBLISHED template with the config override', async () => {
    const body = sound({ config: { timeout: 60_000, concurrency: 5, retryPolicy: { maxAttempts: 3, backoffMultiplier: 2, initialDelay: 100, maxDelay: 1000 } } });
    const t = await create(p, body);
    expect(fails(await p.call('POST', '/deploy', { templateId: t.id, name: 'early' }), 409, 'CONFLICT').message).toContain('DRAFT');
    fails(await p.call('POST', '/deploy', { templateId: randomUUID(), name: 'P' }), 404, 'NOT_FOUND');
    await publish(p, t.id);
    const before = Date.now();
    const res = await p.call('POST', '/deploy', {
      templateId: t.id,
      name: 'Orders EU',
      description: 'EU orders',
      config: { concurrency: 2, retryPolicy: { maxAttempts: 2, backoffMultiplier: 1, initialDelay: 50 } },
    });
    const pl = ok(res, 201);
    expect(pl).toMatchObject({
      templateId: t.id,
      templateVersion: '1.0.0',
      name: 'Orders EU',
      description: 'EU orders',
      status: { current: 'ACTIVE', reason: `deployed from ${body.name} 1.0.0` },
      stages: [
        { name: 'first', wait: { duration: 10 } },
        { name: 'second', wait: { duration: 20 } },
      ],
      // timeout kept, concurrency replaced, retryPolicy replaced whole (maxDelay gone)
      config: { timeout: 60_000, concurrency: 2, maxExecutionsPerHour: null, retryPolicy: { maxAttempts: 2, backoffMultiplier: 1, initialDelay: 50, maxDelay: null, jitter: null } },
      health: t.health,
      healthScore: 100,
      metrics: { totalExecutions: 0, successRate: 0, avgDuration: 0, activeExecutions: 0 },
      baseline: { duration: 0, successRate: 0 },
    });
    expect(pl.status.lastChanged).toBeGreaterThanOrEqual(before - 5000);
    expect(pl.created.at.timestamp).toBe(pl.status.lastChanged);
    expect(ok(await p.call('GET', `/${pl.id}`))).toEqual(pl);
    fails(await p.call('POST', '/deploy', { templateId: t.id, name: '' }), 400, 'VALIDATION_ERROR', 'name');
  });

  it('keeps its definition when a newer version is published and deployed', async () => {
    const body = sound();
    const v1 = await create(p, body);
    await publish(p, v1.id);
    const old = ok(await p.call('POST', '/deploy', { templateId: v1.id, name: 'old' }), 201);
    const v2 = await create(p, { ...body, version: '2.0.0', stages: [waitStage('renamed', 99, { timeout: 1000 })] });
    await publish(p, v2.id);
    const fresh = ok(await p.call('POST', '/deploy', { templateId: v2.id, name: 'new' }), 201);
    expect(fresh.stages.map((s: any) => s.name)).toEqual(['renamed']);
    expect(fresh.templateVersion).toBe('2.0.0');
    const again = ok(await p.call('GET', `/${old.id}`));
    expect(again.stages).toEqual(old.stages);
    expect(again.stages.map((s: any) => [s.name, s.wait.duration])).toEqual([
      ['first', 10],
      ['second', 20],
    ]);
    expect(again.templateVersion).toBe('1.0.0');
    expect(ok(await p.call('GET', `/templates/${v1.id}`)).status).toBe('DEPRECATED');
  });

  it('PATCH: name, description, status ACTIVE or DISABLED, config and health in part', async () => {
    const pl = await deployed(p, [waitStage('a', 5, { timeout: 1000 })], { template: { config: { timeout: 5000, maxExecutionsPerHour: 100 } } });
    const u = ok(await p.call('PATCH', `/${pl.id}`, { name: 'Renamed', status: 'DISABLED', config: { concurrency: 3 }, health: { alertThresholds: { healthScore: 50 } } }));
    expect(u).toMatchObject({
      name: 'Renamed',
      status: { current: 'DISABLED', reason: 'set to DISABLED by API key' },
      config: { timeout: 5000, maxExecutionsPerHour: 100, concurrency: 3 },
      health: { simulationEnabled: false, simulationInterval: 3600, alertThresholds: { healthScore: 50, errorRate: 0.1, avgDuration: 60_000 } },
    });
    expect(u.status.lastChanged).toBeGreaterThanOrEqual(pl.status.lastChanged);
    // no status given: the status and its reason stay
    const v = ok(await p.call('PATCH', `/${pl.id}`, { description: 'd' }));
    expect(v.status).toEqual(u.status);
    expect(v.description).toBe('d');
    fails(await p.call('PATCH', `/${pl.id}`, { status: 'DEGRADED' }), 400, 'VALIDATION_ERROR', 'status');
    fails(await p.call('PATCH', `/${pl.id}`, { status: 'PAUSED' }), 400, 'VALIDATION_ERROR', 'status');
    fails(await p.call('PATCH', `/${pl.id}`, { config: { concurrency: 0 } }), 400, 'VALIDATION_ERROR', 'config.concurrency');
    const back = ok(await p.call('PATCH', `/${pl.id}`, { status: 'ACTIVE' }));
    expect(back.status).toMatchObject({ current: 'ACTIVE', reason: 'set to ACTIVE by API key' });
  });

  it('lists with status, template and health score filters, and pages', async () => {
    const c = await pipelinesKey();
    const t = await create(c, sound());
    await publish(c, t.id);
    const t2 = await create(c, sound());
    await publish(c, t2.id);
    const a = ok(await c.call('POST', '/deploy', { templateId: t.id, name: 'A' }), 201);
    const b = ok(await c.call('POST', '/deploy', { templateId: t.id, name: 'B' }), 201);
    const d = ok(await c.call('POST', '/deploy', { templateId: t2.id, name: 'D' }), 201);
    ok(await c.call('PATCH', `/${b.id}`, { status: 'DISABLED' }));
    const ids = async (q: string) => ok(await c.call('GET', `${q}`)).map((x: any) => x.id);
    expect(await ids('')).toEqual([d.id, b.id, a.id]);
    expect(await ids('?status=DISABLED')).toEqual([b.id]);
    expect(await ids(`?templateId=${t.id}&sortBy=name&sortOrder=ASC`)).toEqual([a.id, b.id]);
    // every new pipeline scores 100: within [50, 100], not within [0, 99.5]
    expect(await ids('?healthScoreMin=50&healthScoreMax=100')).toEqual([d.id, b.id, a.id]);
    expect(await ids('?healthScoreMax=99.5')).toEqual([]);
    fails(await c.call('GET', '?healthScoreMin=101'), 400, 'VALIDATION_ERROR', 'healthScore.min');
    fails(await c.call('GET', '?healthScoreMin=60&healthScoreMax=40'), 400, 'VALIDATION_ERROR', 'healthScore.min');
    // 3 pipelines, 2 a page: page 2 holds the oldest
    const page2 = await c.call('GET', '?limit=2&page=2');
    expect(ok(page2).map((x: any) => x.id)).toEqual([a.id]);
    expect(page2.body.pagination).toMatchObject({ page: 2, limit: 2, total: 3, pages: 2 });
    // the graph's own form of the range
    const g = await c.gql('query($r: HealthScoreRangeInput) { pipelines(healthScore: $r, sortBy: "name", sortOrder: ASC) { items { name metrics { totalExecutions } } pagination { total } } }', {
      r: { min: 100 },
    });
    expect(g.body.errors).toBeUndefined();
    expect(g.body.data.pipelines).toEqual({ items: ['A', 'B', 'D'].map((name) => ({ name, metrics: { totalExecutions: 0 } })), pagination: { total: 3 } });
  });

  it('metrics count the executions', async () => {
    const pl = await deployed(p, [waitStage('a', 5, { timeout: 1000 })]);
    const run = async () => ok(await p.call('POST', `/${pl.id}/execute`, { metadata: {} }), 201);
    const e1 = await settled(p, (await run()).id);
    const e2 = await settled(p, (await run()).id);
    const m = ok(await p.call('GET', `/${pl.id}`)).metrics;
    // two executions ended SUCCESS: rate 2 ÷ 2 = 1; average of their two durations
    expect(m).toMatchObject({ totalExecutions: 2, successRate: 1, activeExecutions: 0 });
    expect(m.avgDuration).toBeCloseTo((e1.duration + e2.duration) / 2, 5);
  });

  it('DELETE stops its running executions in the same transaction', async () => {
    // a wait of a minute: the execution is still RUNNING when the pipeline is deleted
    const pl = await deployed(p, [waitStage('long', 60_000, { timeout: 120_000 })]);
    const e = ok(await p.call('POST', `/${pl.id}/execute`, { metadata: {} }), 201);
    await settled(p, e.id, (x) => x.status === 'RUNNING');
    expect(ok(await p.call('DELETE', `/${pl.id}`))).toEqual({ success: true });
    const stopped = ok(await p.call('GET', `/executions/${e.id}`));
    expect(stopped.status).toBe('FAILED');
    expect(JSON.stringify(stopped.error)).toContain('pipeline deleted');
  });

  it('DELETE removes it; another workspace’s or an unknown pipeline is PIPELINE_NOT_FOUND', async () => {
    const pl = await deployed(p, [waitStage('a', 5, { timeout: 1000 })]);
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { name: 'x' }],
      ['DELETE', undefined],
    ] as const) {
      fails(await other.call(method, `/${pl.id}`, body), 404, 'PIPELINE_NOT_FOUND');
      fails(await p.call(method, `/${randomUUID()}`, body), 404, 'PIPELINE_NOT_FOUND');
    }
    expect(ok(await p.call('GET', `/${pl.id}`)).name).toBe('P');
    expect(ok(await p.call('DELETE', `/${pl.id}`))).toEqual({ success: true });
    fails(await p.call('GET', `/${pl.id}`), 404, 'PIPELINE_NOT_FOUND');
    fails(await p.call('DELETE', `/${pl.id}`), 404, 'PIPELINE_NOT_FOUND');
    // the graph names the same code
    const g = await p.gql('query($id: ID!) { pipeline(id: $id) { id } }', { id: pl.id });
    expect(g.body.errors?.[0]?.extensions?.code).toBe('PIPELINE_NOT_FOUND');
  });
});
