import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, inject } from 'vitest';

/**
 * Reading the suite platform's Prometheus metrics as Prometheus does (docs/operations.md "Metrics"): `GET /metrics` of
 * each process, with replicas behind HAProxy (PLATFORM_REPLICAS) each replica, not the balanced port.
 */

/** One Prometheus sample: `name{labels} value`, the value of the first line whose labels include all of `labels`. */
export function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const got = Object.fromEntries([...line.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

export const metricsOf = async (base: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${base}/metrics`, { headers });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
};

export const origin = (url: string) => new URL(url).origin;

/**
 * What Prometheus scrapes for the process behind `base`: that process, or with replicas behind HAProxy
 * (PLATFORM_REPLICAS; docs/operations.md "Metrics") each replica, whose addresses the load balancer's configuration
 * lists under the frontend bound to `base`'s port. Metrics are per process; a load balancer's port reaches one.
 */
export function scrapeTargets(base: string): string[] {
  const cfg = join(inject('dataDir'), 'haproxy.cfg');
  if (!existsSync(cfg)) return [origin(base)];
  const port = new URL(base).port;
  const blocks = readFileSync(cfg, 'utf8').split(/^(?=frontend |backend )/m);
  const name = blocks.find((b) => b.startsWith('frontend ') && new RegExp(`^\\s*bind \\S+:${port}$`, 'm').test(b))?.match(/^frontend (\S+)/)?.[1];
  const servers = [...(blocks.find((b) => b.startsWith(`backend ${name}\n`)) ?? '').matchAll(/^\s*server \S+ (\S+)$/gm)].map((m) => `http://${m[1]}`);
  expect(servers.length, `no replicas behind port ${port} in ${cfg}`).toBeGreaterThan(1);
  return servers;
}

/** The metrics of every process behind `base`, one text each. */
export const scrapeAll = (base: string) => Promise.all(scrapeTargets(base).map((t) => metricsOf(t)));

/** A sample summed over the processes' texts, as Prometheus' `sum()` over targets (undefined when none has it). */
export function sampleSum(texts: string[], name: string, labels: Record<string, string> = {}): number | undefined {
  const values = texts.map((t) => sample(t, name, labels)).filter((v) => v !== undefined);
  return values.length ? values.reduce((a, b) => a + b, 0) : undefined;
}

/** One sample line: its labels and value. */
export interface Sample {
  labels: Record<string, string>;
  value: number;
}

/** Every series of the texts: name → its samples (one per label set and text). */
export function seriesOf(texts: string[]): Map<string, Sample[]> {
  const out = new Map<string, Sample[]>();
  for (const text of texts) {
    for (const line of text.split('\n')) {
      const m = line.match(/^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/);
      if (!m) continue;
      const labels = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
      const list = out.get(m[1]) ?? [];
      list.push({ labels, value: Number(m[3]) });
      out.set(m[1], list);
    }
  }
  return out;
}

/** The sum of every sample of `name` whose labels include `labels` (as Prometheus' `sum(name{labels})` over targets). */
export function total(series: Map<string, Sample[]>, name: string, labels: Record<string, string> = {}): number {
  return (series.get(name) ?? []).filter((s) => Object.entries(labels).every(([k, v]) => s.labels[k] === v)).reduce((a, s) => a + s.value, 0);
}
