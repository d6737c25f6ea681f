import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { api, bridgeUrl } from './helpers.js';

/**
 * Every specified route of the families built so far (docs/spec/routes.tsv, a copy of the spec's list) is served by the
 * bridge, refuses a call without its credential with 401 (never 404 or 500), and appears in the OpenAPI document.
 */
const BUILT_GROUPS = new Set(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12', '14', '15']);
const BUILT_EXTRA = (_group: string, _path: string) => false;

const rows = readFileSync(join(process.cwd(), 'docs', 'spec', 'routes.tsv'), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((l) => l.split('\t'))
  .map(([group, family, method, path, credentials]) => ({ group: group, family: family, method: method, path: path, credentials: credentials }))
  .filter((r) => BUILT_GROUPS.has(r.group) || BUILT_EXTRA(r.group, r.path));

// a parameter the route restricts (`paramValues`: the IoT `:status`) takes one of its values, else the path is another route's
const sample = (path: string) =>
  path.replace(/:(\w+)/g, (_m, name: string) => (/(^|_)id$|Id$|^wid$|^vid$/i.test(name) ? '00000000-0000-4000-8000-000000000000' : name === 'ctype' ? 'lsp' : name === 'status' ? 'active' : 'x'));

describe('every specified route of the built families', () => {
  it('the list is not empty and only has known credential schemes', () => {
    expect(rows.length).toBeGreaterThan(100);
    for (const r of rows) expect(['user-bearer', 'set-a', 'set-b', 'origin', 'origin+svc-user-agent', 'origin+intent-token', 'origin+set-a', 'api-key', 'api-key+workspace']).toContain(r.credentials);
  });

  it.each(rows.map((r) => [`${r.method} ${r.path}`, r] as const))('%s refuses a call without its credential with 401', async (_name, r) => {
    const res = await api(r.method, sample(r.path), { body: ['GET', 'DELETE'].includes(r.method) ? undefined : {} });
    expect(res.status, JSON.stringify(res.body)).toBe(401);
    const code = res.body.code ?? res.body.status;
    expect(['UNAUTHORIZED', 'AUTH::INVALID_API_KEY']).toContain(code);
  });

  it('every one of them is in the OpenAPI document', async () => {
    const doc = await (await fetch(`${bridgeUrl()}/openapi.json`)).json();
    // templates compare by shape: two of one shape share the first one's parameter names in the document (docs/contract.md, "OpenAPI")
    const shape = (p: string) => p.replace(/:\w+|\{\w+\}/g, '{}');
    const documented = new Set(Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${shape(p)}`)));
    const missing = rows.filter((r) => !documented.has(`${r.method} ${shape(r.path)}`)).map((r) => `${r.method} ${r.path}`);
    expect(missing).toEqual([]);
  });
});
