import { expect } from 'vitest';
import { api, until, type ApiResponse } from './helpers.js';
import { callA } from './workspace-helpers.js';
import type { Lsp } from './lsp-helpers.js';

/**
 * Fixtures for the queries family tests (docs/queries.md): a workspace API key with the `queries` scope, calls with
 * `Authorization` + `X-Workspace-ID`, and waiting for a record of another family to reach the registry.
 */
export interface QueriesCaller {
  wid: string;
  key: string;
  /** One REST call under `/v1/queries` (or `prefix`) with the key and this workspace's X-Workspace-ID. */
  call<T = any>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiResponse<T>>;
}

export async function queriesKey(lsp: Lsp, scopes: string[] = ['queries']): Promise<QueriesCaller> {
  const res = await callA('POST', `/v1/workspace/${lsp.wid}/api-keys`, lsp.owner.token, { name: 'queries', scopes });
  expect(res.status).toBe(201);
  const key = res.body.data.key as string;
  return {
    wid: lsp.wid,
    key,
    call: (method, path, body, headers) =>
      api(method, path.startsWith('/v1/') ? path : `/v1/queries${path}`, {
        body,
        headers: Object.fromEntries(Object.entries({ authorization: `Bearer ${key}`, 'x-workspace-id': lsp.wid, ...(headers ?? {}) }).filter(([, v]) => v !== '')),
      }),
  };
}

/** Waits until `<lsp>:<id>` is in the registry (and, when given, `ok` holds of it); returns the entry. */
export async function registered(q: QueriesCaller, lsp: string, id: string, ok: (service: any) => boolean = () => true, timeoutMs = 5000): Promise<any> {
  const res = await until(
    () => q.call('GET', `/discovery/${lsp}:${id}`),
    (r) => r.status === 200 && ok(r.body.service),
    timeoutMs,
    50,
  );
  expect(res.status).toBe(200);
  return res.body.service;
}

/** The failure envelope `{error:true, status, message, field?}` with any HTTP status (the 503s of the family too); its body. */
export function failsWith(res: ApiResponse, status: number, code: string, field?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ error: true, status: code });
  expect(typeof res.body.message).toBe('string');
  if (field !== undefined) expect(res.body.field, JSON.stringify(res.body)).toBe(field);
  return res.body as { error: true; status: string; message: string; field?: string };
}

/** A 200 with `status: "SUCCESS"`; its body. */
export function okBody(res: ApiResponse) {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.error, JSON.stringify(res.body)).toBe(false);
  expect(res.body.status).toBe('SUCCESS');
  return res.body;
}

/** A 200 answer whatever its result code (`SUCCESS` or `NO_RESULTS`); its body. */
export function answered(res: ApiResponse) {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.error, JSON.stringify(res.body)).toBe(false);
  return res.body;
}
