import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ALERTS_TEST, OPERATIONS_DOC, baseName, dashboardQueries, panelsOf, readDashboard, readPromQL, readRules } from '../support/dashboards.js';

/**
 * The operator's dashboard and alert rules as files (docs/operations.md "Dashboards and alerts", "Runbooks"): the
 * dashboard imports anywhere, the alerts name their severity, summary and runbook, every runbook exists, every metric
 * they read is documented, and every alert has unit tests that fire it and that do not. promtool itself, and the
 * metrics against a running platform, are test/dashboards.e2e.test.ts's (this project runs no child process).
 */

const doc = readFileSync(OPERATIONS_DOC, 'utf8');

/** The `## title` section of docs/operations.md. */
const section = (title: string) => {
  const start = doc.indexOf(`\n## ${title}\n`);
  expect(start, `docs/operations.md has no "## ${title}" section`).toBeGreaterThanOrEqual(0);
  const end = doc.indexOf('\n## ', start + 1);
  return doc.slice(start, end < 0 ? undefined : end);
};

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
const anchor = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9 _-]/g, '')
    .replace(/ /g, '-');

describe('reading PromQL', () => {
  it('finds metric names, matchers and grouping labels; functions, operators and durations are not metrics', () => {
    expect(readPromQL('sum by (service) (rate(a_count{service=~"$service", status=~"5.."}[$__rate_interval])) / on (service) group_left b_total > 0.5 * 2')).toEqual({
      selectors: [
        {
          metric: 'a_count',
          matchers: [
            { label: 'service', op: '=~', value: '$service' },
            { label: 'status', op: '=~', value: '5..' },
          ],
        },
        { metric: 'b_total', matchers: [] },
      ],
      groupLabels: ['service', 'service'],
    });
    expect(readPromQL('histogram_quantile(0.99, sum(rate(h_bucket{le!="+Inf"}[5m] offset 1h)) by (le, route)) and c:d:e == 0').selectors.map((s) => s.metric)).toEqual(['h_bucket', 'c:d:e']);
    expect(readPromQL('label_values(x_count{service=~"$service"}, route)')).toEqual({
      selectors: [{ metric: 'x_count', matchers: [{ label: 'service', op: '=~', value: '$service' }] }],
      groupLabels: ['route'],
    });
  });
});

describe('deploy/grafana/platform.json', () => {
  const dashboard = readDashboard();
  const panels = panelsOf(dashboard).filter((p) => p.type !== 'row');

  it('imports anywhere: schemaVersion 39 or later, the Prometheus data source an input and a variable every panel and query uses', () => {
    expect(dashboard.schemaVersion).toBeGreaterThanOrEqual(39);
    expect(dashboard.__inputs).toEqual([expect.objectContaining({ name: 'DS_PROMETHEUS', type: 'datasource', pluginId: 'prometheus' })]);
    expect(dashboard.templating.list.find((v) => v.name === 'datasource')).toMatchObject({ type: 'datasource', query: 'prometheus' });
    const uses = (x: unknown) => JSON.stringify(x) === JSON.stringify({ type: 'prometheus', uid: '${datasource}' });
    for (const p of panels) {
      const panel = p as { datasource?: unknown; targets?: { datasource?: unknown }[] };
      expect(uses(panel.datasource), `panel "${p.title}"`).toBe(true);
      for (const t of panel.targets ?? []) expect(uses(t.datasource), `panel "${p.title}"`).toBe(true);
    }
    // no other data source named anywhere (an exported dashboard's uid would not exist elsewhere)
    expect(
      JSON.stringify(dashboard)
        .match(/"uid":\s*"[^"]*"/g)
        ?.filter((u) => !/"\$\{datasource\}"|"-- Grafana --"|"logistics-platform"/.test(u)),
    ).toEqual([]);
  });

  it('every panel has a title, a query, and a place on the 24-column grid; ids are unique', () => {
    const ids = panelsOf(dashboard).map((p) => (p as { id?: number }).id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const p of panels) {
      const { gridPos } = p as { gridPos: { x: number; y: number; w: number; h: number } };
      expect(p.title, JSON.stringify(p)).toBeTruthy();
      expect(p.targets?.length, `panel "${p.title}"`).toBeGreaterThan(0);
      expect(gridPos.x + gridPos.w, `panel "${p.title}"`).toBeLessThanOrEqual(24);
    }
  });

  it('shows requests, errors and latency by route and operation, the database, event consumers, webhooks, pipelines, the job queue and IoT ingestion', () => {
    const read = new Set(dashboardQueries().flatMap((q) => readPromQL(q.expr).selectors.map((s) => baseName(s.metric))));
    for (const metric of [
      'http_request_duration_seconds',
      'db_pool_connections',
      'db_query_duration_seconds',
      'database_up',
      'event_consumer_lag_seconds',
      'event_consumer_events_total',
      'webhook_deliveries_total',
      'pipeline_executions_total',
      'job_queue_jobs',
      'iot_reports_total',
      'iot_ingest_queue_reports',
    ])
      expect(read, metric).toContain(metric);
    // p50, p95 and p99 per route: the REST template on the bridge, the operation name on the gateway and subgraphs
    for (const q of ['0.5', '0.95', '0.99'])
      expect(
        dashboardQueries().some((d) => d.expr.includes(`histogram_quantile(${q}, sum by (le, service, route)`)),
        q,
      ).toBe(true);
  });
});

describe('deploy/prometheus/alerts.yml', () => {
  const rules = readRules();
  const alerts = rules.filter((r) => r.alert);
  const runbooks = section('Runbooks');
  const headings = [...runbooks.matchAll(/^### (.+)$/gm)].map((m) => m[1]);

  it('has the alerts of the objectives: errors, latency, event lag, webhooks, the job queue, the database', () => {
    expect([...new Set(alerts.map((a) => a.alert))].sort()).toEqual([
      'DatabaseUnavailable',
      'EventConsumerLagging',
      'HttpErrorBudgetBurn',
      'HttpLatencyHigh',
      'JobQueueBacklog',
      'WebhookDeliveriesFailing',
    ]);
  });

  it('each alert has a severity, a summary and a runbook_url naming its "Runbooks" section of docs/operations.md; each runbook has its alert', () => {
    for (const a of alerts) {
      expect(['critical', 'warning'], a.alert).toContain(a.labels.severity);
      expect(a.annotations.summary, a.alert).toBeTruthy();
      expect(a.annotations.runbook_url, a.alert).toBe(`docs/operations.md#${anchor(a.alert!)}`);
      expect(headings.map(anchor), a.alert).toContain(anchor(a.alert!));
    }
    expect(headings.sort()).toEqual([...new Set(alerts.map((a) => a.alert!))].sort());
    // what it means, how to confirm, what to do: in each runbook
    for (const body of runbooks.split(/^### /m).slice(1)) {
      for (const part of ['**Means**', '**Confirm**', '**Do**']) expect(body, `${body.split('\n')[0]}: ${part}`).toContain(part);
    }
  });

  it('every metric it reads is documented in the metrics table of docs/operations.md; every recorded series has its rule', () => {
    const table = section('Metrics (kernel/metrics.ts)')
      .split('\n')
      .filter((l) => l.startsWith('| `'))
      .map((l) => l.split('|')[1]);
    const documented = table.flatMap((cell) => [...cell.matchAll(/`([a-z_*]+)`/g)].map((m) => m[1]));
    const known = (name: string) => documented.some((d) => (d.endsWith('*') ? name.startsWith(d.slice(0, -1)) : d === name));
    const recorded = new Set(rules.filter((r) => r.record).map((r) => r.record));
    const queries = [...rules.map((r) => r.expr), ...dashboardQueries().map((q) => q.expr)];
    for (const expr of queries) {
      for (const { metric } of readPromQL(expr).selectors) {
        if (metric.includes(':')) expect(recorded, metric).toContain(metric);
        else expect(known(baseName(metric)), `${metric} (in ${expr}) is not in the metrics table of docs/operations.md`).toBe(true);
      }
    }
  });

  it('alerts.test.yml fires each alert on some series and keeps it silent on others', () => {
    const tests = readFileSync(ALERTS_TEST, 'utf8');
    const cases = [...tests.matchAll(/alertname: (\w+)\n\s+exp_alerts:(.*)/g)].map((m) => ({ alert: m[1], silent: m[2].trim() === '[]' }));
    for (const name of new Set(alerts.map((a) => a.alert!))) {
      expect(
        cases.some((c) => c.alert === name && !c.silent),
        `${name} fires`,
      ).toBe(true);
      expect(
        cases.some((c) => c.alert === name && c.silent),
        `${name} silent`,
      ).toBe(true);
    }
  });
});
