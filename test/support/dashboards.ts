import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What the operator's files query (docs/operations.md "Dashboards and alerts"): the Grafana dashboard
 * (deploy/grafana/platform.json) and the Prometheus rules (deploy/prometheus/alerts.yml), read as the tests need them:
 * each PromQL expression, and in it the metric names, label matchers and grouping labels. A small reader for the
 * PromQL these files use (selectors, functions, aggregations with by/without, binary operators with on/ignoring),
 * not a full parser.
 */

export const DASHBOARD = join(process.cwd(), 'deploy', 'grafana', 'platform.json');
export const ALERTS = join(process.cwd(), 'deploy', 'prometheus', 'alerts.yml');
export const ALERTS_TEST = join(process.cwd(), 'deploy', 'prometheus', 'alerts.test.yml');
export const OPERATIONS_DOC = join(process.cwd(), 'docs', 'operations.md');

/** One rule of alerts.yml: a recording rule (`record`) or an alert. */
export interface Rule {
  record?: string;
  alert?: string;
  expr: string;
  /** `labels:` and `annotations:` entries (values as written, quotes removed). */
  labels: Record<string, string>;
  annotations: Record<string, string>;
}

const unquote = (v: string) =>
  v
    .trim()
    .replace(/^'(.*)'$/s, '$1')
    .replace(/^"(.*)"$/s, '$1');

/**
 * The rules of alerts.yml, read line by line: the file's own layout (`- record:` / `- alert:` items with `expr:` on one
 * line or as a `|` block, `labels:` and `annotations:` maps of one-line values). The e2e test compares their number
 * with promtool's count, so a rule this reader missed fails the test.
 */
export function readRules(text = readFileSync(ALERTS, 'utf8')): Rule[] {
  const rules: Rule[] = [];
  const lines = text.split('\n');
  let rule: Rule | undefined;
  let map: 'labels' | 'annotations' | undefined;
  let mapIndent = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (/^\s*(#.*)?$/.test(line)) continue;
    const indent = line.search(/\S/);
    const item = line.match(/^\s*- (record|alert):\s*(\S+)\s*$/);
    if (item) {
      rule = { [item[1]]: item[2], expr: '', labels: {}, annotations: {} };
      rules.push(rule);
      map = undefined;
      continue;
    }
    if (!rule) continue;
    if (map && indent > mapIndent) {
      const entry = line.match(/^\s*([\w]+):\s*(.*)$/);
      if (entry) rule[map][entry[1]] = unquote(entry[2]);
      continue;
    }
    map = undefined;
    const expr = line.match(/^(\s*)expr:\s*(.*)$/);
    if (expr) {
      if (/^[|>]-?$/.test(expr[2].trim())) {
        const block: string[] = [];
        while (i + 1 < lines.length && (lines[i + 1].trim() === '' || lines[i + 1].search(/\S/) > expr[1].length)) block.push(lines[++i].trim());
        rule.expr = block.join(' ').trim();
      } else rule.expr = unquote(expr[2]);
      continue;
    }
    const section = line.match(/^(\s*)(labels|annotations):\s*$/);
    if (section) {
      map = section[2] as 'labels' | 'annotations';
      mapIndent = section[1].length;
    }
  }
  return rules;
}

/** One PromQL expression of the dashboard: where it is (panel or variable), and the expression. */
export interface DashboardQuery {
  where: string;
  expr: string;
}

interface Panel {
  title?: string;
  type?: string;
  targets?: { expr?: string }[];
  panels?: Panel[];
}

export interface Dashboard {
  schemaVersion: number;
  panels: Panel[];
  templating: { list: { name: string; type: string; query?: string | { query?: string } }[] };
  __inputs?: { name: string; type: string; pluginId: string }[];
  [key: string]: unknown;
}

export const readDashboard = (): Dashboard => JSON.parse(readFileSync(DASHBOARD, 'utf8')) as Dashboard;

/** Every panel of the dashboard, those inside collapsed rows too. */
export function panelsOf(d: Dashboard): Panel[] {
  const out: Panel[] = [];
  const walk = (ps: Panel[]) => {
    for (const p of ps) {
      out.push(p);
      if (p.panels) walk(p.panels);
    }
  };
  walk(d.panels);
  return out;
}

/** The dashboard's PromQL: every panel target's `expr`, and every query variable's `label_values(…)`. */
export function dashboardQueries(d: Dashboard = readDashboard()): DashboardQuery[] {
  const out: DashboardQuery[] = [];
  for (const p of panelsOf(d)) for (const t of p.targets ?? []) if (t.expr) out.push({ where: `panel "${p.title}"`, expr: t.expr });
  for (const v of d.templating.list) {
    if (v.type !== 'query') continue;
    const q = typeof v.query === 'string' ? v.query : v.query?.query;
    if (q) out.push({ where: `variable $${v.name}`, expr: q });
  }
  return out;
}

/** A label matcher of a selector: `name op "value"`. */
export interface Matcher {
  label: string;
  op: '=' | '!=' | '=~' | '!~';
  value: string;
}

/** What one expression reads: its selectors (metric name and matchers) and the labels it groups or matches on. */
export interface Reads {
  selectors: { metric: string; matchers: Matcher[] }[];
  /** Labels of `by (…)`, `without (…)`, `on (…)`, `ignoring (…)`, `group_left (…)`, `group_right (…)`, and `label_values(…, label)`. */
  groupLabels: string[];
}

/** PromQL's words that are not metric names: aggregation operators (which may be followed by `by`) and keywords. */
const WORDS = new Set([
  'sum',
  'min',
  'max',
  'avg',
  'group',
  'stddev',
  'stdvar',
  'count',
  'count_values',
  'bottomk',
  'topk',
  'quantile',
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'and',
  'or',
  'unless',
  'bool',
  'offset',
  'inf',
  'nan',
]);

/** Grafana's interval variables, replaced by a duration before reading. */
const GRAFANA_INTERVALS = /\$__(rate_interval|interval|range)\b/g;

const TOKEN =
  /("(?:[^"\\]|\\.)*")|(\{[^}]*\})|(\[[^\]]*\])|\b(by|without|on|ignoring|group_left|group_right)\s*\(([^)]*)\)|(\d+(?:\.\d+)?(?:e[+-]?\d+)?(?:ms|s|m|h|d|w|y)?)|([a-zA-Z_:][a-zA-Z0-9_:]*)|([\s\S])/g;
const MATCHER = /([a-zA-Z_]\w*)\s*(=~|!~|!=|=)\s*"((?:[^"\\]|\\.)*)"/g;

const matchersOf = (block: string): Matcher[] => [...block.matchAll(MATCHER)].map((m) => ({ label: m[1], op: m[2] as Matcher['op'], value: m[3] }));

/**
 * The metric names, label matchers and grouping labels of a PromQL expression (or of a Grafana `label_values(…)`): an
 * identifier followed by `(` is a function, one of WORDS an operator or keyword, any other a metric name (with the
 * `{…}` after it, when there is one, its matchers).
 */
export function readPromQL(source: string): Reads {
  let expr = source.replace(GRAFANA_INTERVALS, '5m');
  const groupLabels: string[] = [];
  // Grafana's label_values(<selector>, <label>)
  const lv = expr.match(/^\s*label_values\(([\s\S]*),\s*([a-zA-Z_]\w*)\s*\)\s*$/);
  if (lv) {
    expr = lv[1];
    groupLabels.push(lv[2]);
  }
  const selectors: Reads['selectors'] = [];
  const tokens = [...expr.matchAll(TOKEN)];
  for (let i = 0; i < tokens.length; i++) {
    const [, , matchers, , groupWord, groupList, , ident] = tokens[i];
    if (groupWord) {
      groupLabels.push(
        ...groupList
          .split(',')
          .map((l) => l.trim())
          .filter(Boolean),
      );
      continue;
    }
    if (matchers) {
      // a selector without a name: `{__name__=…}` is not used in these files
      selectors.push({ metric: '', matchers: matchersOf(matchers) });
      continue;
    }
    if (!ident) continue;
    let j = i + 1;
    while (j < tokens.length && tokens[j][8] !== undefined && /\s/.test(tokens[j][8])) j++;
    const next = tokens[j];
    if (next?.[8] === '(' || WORDS.has(ident)) continue;
    if (next?.[2]) {
      selectors.push({ metric: ident, matchers: matchersOf(next[2]) });
      i = j;
    } else selectors.push({ metric: ident, matchers: [] });
  }
  return { selectors, groupLabels };
}

/** A histogram's series (`_bucket`, `_sum`, `_count`) to the histogram's name; other names as they are. */
export const baseName = (series: string) => series.replace(/_(bucket|sum|count)$/, '');
