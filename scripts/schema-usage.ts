import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import type { UsageClient } from '../gateway/usage.js';
import { apiSdlOf } from './schema-impact.js';

/**
 * `npm run schema:usage -- <url>` (docs/graphql.md "For schema reviewers"): the field usage a running gateway has
 * counted since it started (gateway/usage.ts), read from `<url>/metrics` (Authorization: Bearer METRICS_TOKEN when
 * set), against the committed API schema: the output fields used by direct GraphQL clients' operations, those used only
 * by REST routes (the bridge), and those never used. Each replica counts its own: point it at each replica, or read
 * the same series summed in Prometheus.
 */

const { buildSchema, isInterfaceType, isObjectType } = createRequire(import.meta.url)('graphql') as typeof import('graphql');

export interface FieldUse {
  requests: number;
  documents: number;
}
/** `Type.field` → client kind → what was counted. */
export type Usage = Map<string, Partial<Record<UsageClient, FieldUse>>>;

/** The field usage series of a Prometheus text exposition. */
export function parseUsage(metrics: string): Usage {
  const usage: Usage = new Map();
  const line = /^graphql_field_(requests_total|operations)\{([^}]*)\} ([0-9.e+]+)$/;
  for (const text of metrics.split('\n')) {
    const m = line.exec(text);
    if (!m) continue;
    const labels = Object.fromEntries([...m[2].matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
    const key = `${labels.type}.${labels.field}`;
    const client = labels.client as UsageClient;
    const entry = usage.get(key) ?? {};
    const use = (entry[client] ??= { requests: 0, documents: 0 });
    if (m[1] === 'requests_total') use.requests += Number(m[3]);
    else use.documents += Number(m[3]);
    usage.set(key, entry);
  }
  return usage;
}

/** Reads `<url>/metrics` of a running gateway (or the one-process platform). */
export async function fetchUsage(url: string): Promise<Usage> {
  const token = process.env.METRICS_TOKEN;
  const res = await fetch(new URL('/metrics', url), { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new Error(`${url}/metrics answered ${res.status}`);
  return parseUsage(await res.text());
}

/** Every output field of the object and interface types of an API schema, `Type.field`, sorted. */
export function outputFieldsOf(apiSdl: string): string[] {
  const schema = buildSchema(apiSdl);
  const fields: string[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__') || !(isObjectType(type) || isInterfaceType(type))) continue;
    for (const f of Object.keys(type.getFields())) fields.push(`${type.name}.${f}`);
  }
  return fields.sort();
}

/** "3 client operations (41 requests)"-style summary of one field's usage; undefined when none counted. */
export function usageSummary(use: Partial<Record<UsageClient, FieldUse>> | undefined): string | undefined {
  if (!use) return undefined;
  const part = (client: UsageClient, label: string) => (use[client] ? `${use[client].documents} ${label} operation(s) (${use[client].requests} requests)` : undefined);
  const parts = [part('graphql', 'client'), part('rest', 'REST'), part('service', 'service')].filter(Boolean);
  return parts.length ? parts.join(', ') : undefined;
}

/** The report: fields used by client operations, by REST routes only, and never used since the gateway started. */
export function usageReport(fields: string[], usage: Usage): string {
  const byClients = fields.filter((f) => usage.get(f)?.graphql);
  const restOnly = fields.filter((f) => usage.get(f)?.rest && !usage.get(f)?.graphql);
  const never = fields.filter((f) => !usage.get(f));
  const out = [
    `field usage since the gateway started: ${fields.length} output fields; ${byClients.length} used by client operations, ${restOnly.length} by REST routes only, ${never.length} never used`,
    '',
    `used by client operations (${byClients.length}):`,
    ...byClients.map((f) => `  ${f}: ${usageSummary(usage.get(f))}`),
    '',
    `used by REST routes only (${restOnly.length}):`,
    ...restOnly.map((f) => `  ${f}: ${usageSummary(usage.get(f))}`),
    '',
    `never used (${never.length}):`,
    ...never.map((f) => `  ${f}`),
  ];
  return out.join('\n');
}

if (process.argv[1]?.endsWith('schema-usage.js')) {
  const url = process.argv[2];
  try {
    if (!url) throw new Error('usage: npm run schema:usage -- <url of a running gateway or one-process platform, e.g. http://127.0.0.1:4000>');
    const api = apiSdlOf(readFileSync(join(process.cwd(), 'schema/supergraph.graphql'), 'utf8'));
    console.log(usageReport(outputFieldsOf(api), await fetchUsage(url)));
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exitCode = 1;
  }
}
