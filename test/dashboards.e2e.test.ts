import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SUITE_REPLICAS, until } from './helpers.js';
import { createFleet, newLsp } from './lsp-helpers.js';
import { deployed, pipelinesKey, settled, waitStage } from './pipelines-helpers.js';
import { callA, gqlH, newOwner, setA } from './workspace-helpers.js';
import { ALERTS, ALERTS_TEST, dashboardQueries, readPromQL, readRules, type Rule } from './support/dashboards.js';
import { metricsOf, seriesOf, total, type Sample } from './support/scrape.js';
import { startReceiver, type WebhookReceiver } from './support/webhook-receiver.js';

/**
 * What an operator loads (docs/operations.md "Dashboards and alerts"): the alert rules pass promtool's check and their
 * unit tests, and every metric and label the Grafana dashboard's panels and the alert rules query is one the platform
 * serves, on the suite's platform in its topology (one process; or a process per component, replicas included), once
 * a short journey has made requests, SQL, events, a webhook delivery and a pipeline execution's end.
 */

const PROMTOOL = process.env.PROMTOOL_PATH || '/usr/bin/promtool';

/** promtool's exit code and output (it exits 1 on a failed check: that is an answer, not an error here). */
async function promtool(...args: string[]): Promise<{ code: number; output: string }> {
  if (!existsSync(PROMTOOL)) throw new Error(`no promtool at ${PROMTOOL}: \`npm test\` installs Debian's prometheus (scripts/test-prerequisites.mjs), or set PROMTOOL_PATH`);
  try {
    const { stdout, stderr } = await promisify(execFile)(PROMTOOL, args);
    return { code: 0, output: stdout + stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

describe('the alert rules (promtool)', () => {
  it('promtool check rules accepts deploy/prometheus/alerts.yml, and counts the rules this test reads', async () => {
    const { code, output } = await promtool('check', 'rules', ALERTS);
    expect(code, output).toBe(0);
    // the rules the metrics check below reads are all of them: none missed by the test's reader
    expect(output).toContain(`SUCCESS: ${readRules().length} rules found`);
  });

  it("promtool test rules passes deploy/prometheus/alerts.test.yml: each alert fires on its series and not on the others'", async () => {
    const { code, output } = await promtool('test', 'rules', ALERTS_TEST);
    expect(code, output).toBe(0);
    expect(output).toContain('SUCCESS');
  });
});

/** Labels Prometheus adds to every series of a target when it scrapes: not in a process's /metrics. */
const TARGET_LABELS = new Set(['instance', 'job']);

/**
 * The processes Prometheus scrapes: the targets the launcher writes for file-based discovery (docs/operations.md
 * "Metrics"), one per process: every replica and every pipelines worker, or in one process the one.
 */
function processes(): { url: string; component: string }[] {
  const groups = JSON.parse(readFileSync(join(inject('dataDir'), 'prometheus-targets.json'), 'utf8')) as { targets: string[]; labels: { component: string; process: string } }[];
  return groups.flatMap((g) => g.targets.map((t) => ({ url: `http://${t}`, component: g.labels.component })));
}

const scrape = async () => seriesOf(await Promise.all(processes().map((p) => metricsOf(p.url))));

/** The labels a recording rule's series carry: its expression's `by (…)` labels (`le` is consumed by histogram_quantile). */
function recordedLabels(rules: Rule[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const r of rules) {
    if (!r.record) continue;
    const labels = readPromQL(r.expr).groupLabels.filter((l) => !(l === 'le' && r.expr.includes('histogram_quantile')));
    out.set(r.record, new Set([...labels, ...Object.keys(r.labels)]));
  }
  return out;
}

/**
 * What in `expr` the scrape does not have: a metric name in no process's /metrics; a matcher's label on none of its
 * series; a `label="value"` (or `label=~"a|b"`) matching no series; a label grouped on (`by`, `on`, `label_values`)
 * that no metric of the expression carries. A recorded series (`a:b:c`) must be recorded by a rule, with the label.
 */
function problemsOf(where: string, expr: string, series: Map<string, Sample[]>, recorded: Map<string, Set<string>>): string[] {
  const problems: string[] = [];
  const reads = readPromQL(expr);
  const carried = new Set<string>();
  if (!reads.selectors.length) problems.push(`${where}: no metric read in ${expr}`);
  for (const { metric, matchers } of reads.selectors) {
    if (!metric) {
      problems.push(`${where}: a selector without a metric name in ${expr}`);
      continue;
    }
    if (metric.includes(':')) {
      const labels = recorded.get(metric);
      if (!labels) problems.push(`${where}: ${metric} is recorded by no rule of alerts.yml`);
      for (const l of labels ?? []) carried.add(l);
      for (const m of matchers) if (labels && !labels.has(m.label)) problems.push(`${where}: the recorded ${metric} has no label ${m.label}`);
      continue;
    }
    const samples = series.get(metric);
    if (!samples) {
      problems.push(`${where}: ${metric} is in no process's /metrics`);
      continue;
    }
    for (const s of samples) for (const l of Object.keys(s.labels)) carried.add(l);
    for (const m of matchers) {
      if (!samples.some((s) => m.label in s.labels)) problems.push(`${where}: ${metric} has no label ${m.label}`);
      else if (m.op === '=' && !m.value.includes('$') && !samples.some((s) => s.labels[m.label] === m.value)) problems.push(`${where}: no series ${metric}{${m.label}="${m.value}"}`);
      else if (m.op === '=~' && /^[\w-]+(\|[\w-]+)*$/.test(m.value)) {
        for (const v of m.value.split('|')) if (!samples.some((s) => s.labels[m.label] === v)) problems.push(`${where}: no series ${metric}{${m.label}="${v}"}`);
      }
    }
  }
  for (const l of reads.groupLabels) if (!TARGET_LABELS.has(l) && !carried.has(l)) problems.push(`${where}: groups on ${l}, a label no metric of the expression has: ${expr}`);
  return problems;
}

describe('the dashboard and the alert rules read metrics the platform serves', () => {
  let receiver: WebhookReceiver;
  let before: Map<string, Sample[]>;
  let after: Map<string, Sample[]>;

  beforeAll(async () => {
    receiver = await startReceiver();
    before = await scrape();
    // a workspace whose webhook endpoint wants provider events; an LSP set up in it (an event, delivered), a fleet
    const owner = await newOwner();
    const hook = await callA('POST', `/v1/workspace/${owner.wid}/webhooks`, owner.token, { url: `${receiver.url}/in`, types: ['provider.*'] });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    receiver.secret = hook.body.data.secret;
    const lsp = await newLsp(owner);
    await createFleet(lsp);
    // a named GraphQL operation at the gateway
    const viewer = await gqlH('query DashboardJourney { viewer { kind workspaceId } }', {}, setA(lsp.token));
    expect(viewer.status, JSON.stringify(viewer.body)).toBe(200);
    expect(viewer.body.data?.viewer.workspaceId).toBe(owner.wid);
    // a pipeline execution that ends: cancelled while it waits (FAILED), in the pipelines subgraph's process
    const p = await pipelinesKey(['pipelines'], owner);
    const pipeline = await deployed(p, [waitStage('hold', 60_000)]);
    const run = await p.call('POST', `/${pipeline.id}/execute`, { metadata: {} });
    expect(run.status, JSON.stringify(run.body)).toBe(201);
    const cancel = await p.call('POST', `/executions/${run.body.data.id}/cancel`);
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(cancel.body.data.status).toBe('FAILED');
    // and one that runs to its end: in the split topology a pipelines worker process runs its steps and counts it
    const short = await deployed(p, [waitStage('brief', 50)]);
    const done = await p.call('POST', `/${short.id}/execute`, { metadata: {} });
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    expect((await settled(p, done.body.data.id)).status).toBe('SUCCESS');
    // the provider.created event reaches the endpoint
    const got = await until(
      async () => receiver.requests.filter((r) => r.path === '/in').length,
      (n) => n >= 1,
      20_000,
      100,
    );
    expect(got).toBeGreaterThanOrEqual(1);
    expect(receiver.requests[0].verified).toBe(true);
    after = await scrape();
  }, 90_000);

  afterAll(async () => {
    await receiver?.close();
  });

  it('the journey is counted: requests by route and operation, SQL by schema, the event consumed, the webhook delivered, the execution ended', () => {
    const grew = (name: string, labels: Record<string, string>) => total(after, name, labels) - total(before, name, labels);
    expect(grew('http_request_duration_seconds_count', { service: 'bridge', route: 'POST /v1/lsp/fleets/create', status: '201' })).toBeGreaterThanOrEqual(1);
    expect(grew('http_request_duration_seconds_count', { service: 'gateway', route: 'DashboardJourney', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(grew('db_query_duration_seconds_count', { schema: 'lsp' })).toBeGreaterThanOrEqual(1);
    expect(grew('event_consumer_events_total', { consumer: 'workspace.webhooks' })).toBeGreaterThanOrEqual(1);
    expect(grew('webhook_deliveries_total', { kind: 'event', outcome: 'delivered' })).toBeGreaterThanOrEqual(1);
    expect(grew('pipeline_executions_total', { status: 'FAILED' })).toBeGreaterThanOrEqual(1);
    expect(grew('pipeline_executions_total', { status: 'SUCCESS' })).toBeGreaterThanOrEqual(1);
    // every process reaches its database, and the job queue's two queues are sampled
    const up = after.get('database_up') ?? [];
    expect(up.length).toBeGreaterThanOrEqual(1);
    expect(up.filter((s) => s.value !== 1)).toEqual([]);
    const queues = new Set((after.get('job_queue_jobs') ?? []).map((s) => s.labels.queue));
    expect([...queues].sort()).toEqual(expect.arrayContaining(['event-delivery', 'pipeline-step']));
  });

  it('the scrape targets the launcher writes are every process: the one, or each component of each replica and each pipelines worker', () => {
    const components = processes().map((p) => p.component);
    if (inject('platformEnv').PLATFORM_TOPOLOGY !== 'split') return void expect(components).toEqual(['platform']);
    const expected = ['users', 'workspace', 'utilities', 'lsp', 'commerce', 'dev', 'iot', 'pipelines', 'queries', 'gateway', 'bridge', 'pipelines-worker'];
    expect(new Set(components)).toEqual(new Set(expected));
    for (const c of expected)
      expect(
        components.filter((x) => x === c),
        c,
      ).toHaveLength(SUITE_REPLICAS);
    // each answers its own /metrics (scraped above): the worker's counts the executions it ends
    expect(new Set(processes().map((p) => p.url)).size).toBe(components.length);
  });

  it("every metric and label of the dashboard's panel queries and of the alert rules is in a scrape of the platform", () => {
    const rules = readRules();
    const recorded = recordedLabels(rules);
    const queries = [
      ...dashboardQueries().map((q) => ({ where: `dashboard ${q.where}`, expr: q.expr })),
      ...rules.map((r) => ({ where: `alerts.yml ${r.record ? `record ${r.record}` : `alert ${r.alert}`}`, expr: r.expr })),
    ];
    expect(queries.length).toBeGreaterThan(30);
    const problems = queries.flatMap((q) => problemsOf(q.where, q.expr, after, recorded));
    expect(problems).toEqual([]);
    // and the check finds what is not there
    expect(problemsOf('probe', 'sum by (route) (rate(no_such_metric_total[5m]))', after, recorded)).toEqual([
      "probe: no_such_metric_total is in no process's /metrics",
      'probe: groups on route, a label no metric of the expression has: sum by (route) (rate(no_such_metric_total[5m]))',
    ]);
    expect(problemsOf('probe', 'sum by (topic) (webhook_deliveries_total{outcome="lost"})', after, recorded)).toEqual([
      'probe: no series webhook_deliveries_total{outcome="lost"}',
      'probe: groups on topic, a label no metric of the expression has: sum by (topic) (webhook_deliveries_total{outcome="lost"})',
    ]);
  });
});
