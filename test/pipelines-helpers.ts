import { expect } from 'vitest';
import { api, gql, until, type ApiResponse } from './helpers.js';
import { callA, newOwner, type Owner } from './workspace-helpers.js';

/**
 * Fixtures for the pipelines family tests (docs/pipelines.md): a workspace with an API key holding the `pipelines`
 * scope, REST calls under `/v1/pipelines` with `Authorization: Bearer <key>`, GraphQL calls with the same key, and
 * small definitions to build on.
 */
export interface PipelinesCaller {
  owner: Owner;
  wid: string;
  key: string;
  /** One REST call; a path without `/v1/` is under `/v1/pipelines`. */
  call<T = any>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiResponse<T>>;
  /** One GraphQL operation at the gateway with the key. */
  gql<T = any>(query: string, variables?: Record<string, unknown>): ReturnType<typeof gql<T>>;
}

export async function pipelinesKey(scopes: string[] = ['pipelines'], owner?: Owner): Promise<PipelinesCaller> {
  const o = owner ?? (await newOwner());
  const res = await callA('POST', `/v1/workspace/${o.wid}/api-keys`, o.token, { name: 'pipelines', scopes });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const key = res.body.data.key as string;
  return {
    owner: o,
    wid: o.wid,
    key,
    call: (method, path, body, headers) => api(method, path.startsWith('/v1/') ? path : `/v1/pipelines${path}`, { body, headers: { authorization: `Bearer ${key}`, ...(headers ?? {}) } }),
    gql: (query, variables) => gql(query, variables ?? {}, key),
  };
}

/** A stage that waits `ms` milliseconds. */
export const waitStage = (name: string, ms: number, extra: Record<string, unknown> = {}) => ({ name, action: 'WAIT', wait: { type: 'DURATION', duration: ms }, ...extra });

/** A template body with `stages` (and a unique name). */
export const templateBody = (stages: unknown[], extra: Record<string, unknown> = {}) => ({
  name: `T ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
  version: '1.0.0',
  stages,
  ...extra,
});

/** Creates and publishes a template of `stages`, deploys it; returns the pipeline. */
export async function deployed(p: PipelinesCaller, stages: unknown[], extra: { template?: Record<string, unknown>; config?: Record<string, unknown> } = {}): Promise<any> {
  const t = await p.call('POST', '/templates', templateBody(stages, extra.template));
  expect(t.status, JSON.stringify(t.body)).toBe(201);
  const pub = await p.call('POST', `/templates/${t.body.data.id}/publish`);
  expect(pub.status, JSON.stringify(pub.body)).toBe(200);
  const d = await p.call('POST', '/deploy', { templateId: t.body.data.id, name: 'P', ...(extra.config ? { config: extra.config } : {}) });
  expect(d.status, JSON.stringify(d.body)).toBe(201);
  return d.body.data;
}

/** Waits until the execution ends (or `ok` holds of it); returns it. */
export async function settled(p: PipelinesCaller, executionId: string, ok: (e: any) => boolean = (e) => ['SUCCESS', 'FAILED', 'TIMEOUT'].includes(e.status), timeoutMs = 15_000): Promise<any> {
  const res = await until(
    () => p.call('GET', `/executions/${executionId}`),
    (r) => r.status === 200 && ok(r.body.data),
    timeoutMs,
    150,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(ok(res.body.data), JSON.stringify(res.body.data)).toBe(true);
  return res.body.data;
}
