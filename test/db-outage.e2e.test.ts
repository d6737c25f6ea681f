import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { privateLines } from './global-setup.js';
import { DbProxy } from './support/db-proxy.js';
import { freePort, startProcess } from './support/platform.js';

/**
 * Database outage (docs/contract.md, "Database faults"): a platform of its own (not the suite's), whose database is
 * reached through a TCP proxy run here. The proxy is cut (every connection destroyed, new ones refused): every route
 * answers 503 SERVICE_UNAVAILABLE in its family's envelope within 5 s. The proxy is reopened: the same routes answer
 * 2xx again within seconds, with no restart. In both topologies (one process; a process per component).
 *
 * The database behind the proxy: the suite's PostgreSQL server when DATABASE_URL is set, else an embedded PostgreSQL
 * (PGlite) started for this file.
 */

const DEVICE = 'outage-device';
const AGENT = 'outage/1.0';
const ANSWER_WITHIN_MS = 5000;

interface Call {
  name: string;
  envelope: 'user' | 'generic' | 'result';
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
}

const ip = () => `10.${(Math.random() * 255) | 0}.${(Math.random() * 255) | 0}.${((Math.random() * 253) | 0) + 1}`;

async function call(bridge: string, c: Pick<Call, 'method' | 'path' | 'headers' | 'body'>, timeoutMs = ANSWER_WITHIN_MS) {
  const headers: Record<string, string> = { 'x-forwarded-for': ip(), ...(c.headers ?? {}) };
  if (c.body !== undefined) headers['content-type'] = 'application/json';
  const started = Date.now();
  const res = await fetch(bridge + c.path, { method: c.method, headers, body: c.body === undefined ? undefined : JSON.stringify(c.body), signal: AbortSignal.timeout(timeoutMs) });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body, ms: Date.now() - started, contentType: res.headers.get('content-type') ?? '' };
}

let db: Awaited<ReturnType<typeof startProcess>> | undefined;
let proxy: DbProxy;
let databaseUrl: string;
const dirs: string[] = [];

beforeAll(async () => {
  let upstream: { host: string; port: number };
  let url: URL;
  if (process.env.DATABASE_URL) {
    url = new URL(process.env.DATABASE_URL);
    upstream = { host: url.hostname, port: Number(url.port || 5432) };
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'outage-db-'));
    dirs.push(dir);
    const port = await freePort();
    db = await startProcess('dist/scripts/embedded-db.js', { EMBEDDED_DB_PORT: String(port), DATA_DIR: dir, LOG_LEVEL: 'info' }, /listening/);
    upstream = { host: '127.0.0.1', port };
    url = new URL(`postgres://postgres:postgres@127.0.0.1:${port}/postgres`);
  }
  proxy = new DbProxy(await freePort(), upstream);
  await proxy.open();
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  databaseUrl = url.toString();
}, 120_000);

afterAll(async () => {
  await db?.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe.each(['single', 'split'] as const)('database outage (%s topology)', (topology) => {
  let platform: Awaited<ReturnType<typeof startProcess>>;
  let bridge: string;
  const calls: Call[] = [];

  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), `outage-${topology}-`));
    dirs.push(dataDir);
    const names = ['BRIDGE', 'GATEWAY', 'USERS', 'WORKSPACE', 'UTILITIES', 'LSP', 'COMMERCE', 'DEV', 'IOT', 'PIPELINES', 'QUERIES', 'MQTT', 'EMBEDDED_DB', 'PIPELINE_WORKER'];
    const ports: Record<string, string> = {};
    for (const n of names) ports[`${n}_PORT`] = String(await freePort());
    platform = await startProcess(
      'dist/scripts/start.js',
      {
        ...ports,
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        PLATFORM_TOPOLOGY: topology,
        // one of each process, as startPlatform's (the suite's PLATFORM_REPLICAS is not inherited): CI's replicated
        // phase made this a second set of two replicas of every process beside the suite's, on the default replica
        // ports, and its start-up past the 120 s a loaded machine gives it
        PLATFORM_REPLICAS: '1',
        TRUST_PROXY: 'true',
        LOG_LEVEL: 'info',
        LOG_FORMAT: 'pretty',
      },
      /platform\s+\| ready:/,
      120_000,
    );
    bridge = `http://127.0.0.1:${ports.BRIDGE_PORT}`;

    // a user, a workspace, an LSP acting through its context token, a fleet, an API key
    const email = `outage-${randomUUID().slice(0, 8)}@example.test`;
    const password = 'correct horse battery';
    const reg = await call(bridge, { method: 'POST', path: '/v1/auth/register', body: { email, password, name: 'Outage', deviceId: DEVICE } }, 30_000);
    expect(reg.status, JSON.stringify(reg.body)).toBe(201);
    const token = reg.body.accessToken as string;
    const setA = (t: string) => ({ 'svc-auth-token': t, 'svc-user-agent': AGENT, 'svc-auth-device': DEVICE });
    const ws = await call(bridge, { method: 'POST', path: '/v1/workspace', headers: setA(token), body: { name: 'Outage' } }, 30_000);
    const wid = ws.body.data.workspace.id as string;
    const lsp = await call(bridge, { method: 'POST', path: `/v1/${wid}/lsp/setup`, headers: setA(token), body: { type: 'CARRIER', name: 'Outage LSP' } }, 30_000);
    const ctx = await call(bridge, { method: 'GET', path: `/v1/${wid}/lsp/${lsp.body.data.code}/context`, headers: setA(token) }, 30_000);
    const context = ctx.body.data.token as string;
    const key = await call(bridge, { method: 'POST', path: `/v1/workspace/${wid}/api-keys`, headers: setA(token), body: { name: 'outage', scopes: ['utilities'] } }, 30_000);
    const fleet = await call(
      bridge,
      { method: 'POST', path: '/v1/lsp/fleets/create', headers: setA(context), body: { type: 'URBAN', code: `F-${Date.now()}`, name: 'F', timezone: 'Africa/Nairobi' } },
      30_000,
    );
    expect(fleet.status, JSON.stringify(fleet.body)).toBe(201);

    calls.push(
      { name: 'auth: sign in', envelope: 'user', method: 'POST', path: '/v1/auth/login', body: { email, password, deviceId: DEVICE } },
      { name: 'users: the signed-in user', envelope: 'user', method: 'GET', path: '/v1/users/me', headers: { authorization: `Bearer ${token}` } },
      { name: 'workspace: list', envelope: 'generic', method: 'GET', path: '/v1/workspace', headers: setA(token) },
      { name: 'providers: list', envelope: 'generic', method: 'GET', path: `/v1/${wid}/lsps`, headers: setA(token) },
      { name: 'lsp: fleets', envelope: 'generic', method: 'GET', path: '/v1/lsp/fleets', headers: setA(context) },
      { name: 'lsp: a fleet', envelope: 'generic', method: 'GET', path: `/v1/lsp/fleets/${fleet.body.data.id}`, headers: setA(context) },
      { name: 'lsp: coverage', envelope: 'result', method: 'GET', path: '/v1/lsp/coverage/areas', headers: setA(context) },
      {
        name: 'utilities: nearby search',
        envelope: 'result',
        method: 'POST',
        path: '/realm/utilities/nearby/search',
        headers: { authorization: `Bearer ${key.body.data.key}` },
        body: { location: { lat: -1.28, lng: 36.82 }, radius: 1000 },
      },
    );
    // every route answers before the cut
    for (const c of calls) {
      const res = await call(bridge, c, 30_000);
      expect(res.status, `${c.name}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    }
  }, 240_000);

  afterAll(async () => {
    await proxy.open().catch(() => undefined); // for the next topology
    await platform?.stop();
    // nothing private in this platform's log either
    expect(privateLines(platform?.output() ?? '')).toEqual([]);
  }, 60_000);

  it('cut: every route answers 503 SERVICE_UNAVAILABLE in its envelope within 5 s; reopened: 2xx again within seconds, no restart', async () => {
    await proxy.cut();
    const failures: string[] = [];
    for (let round = 0; round < 2; round++) {
      for (const c of calls) {
        let res: Awaited<ReturnType<typeof call>>;
        try {
          res = await call(bridge, c);
        } catch (err) {
          failures.push(`${c.name}: no answer within ${ANSWER_WITHIN_MS} ms (${(err as Error).message})`);
          continue;
        }
        const where = `${c.name} (round ${round + 1}): ${res.status} in ${res.ms} ms ${JSON.stringify(res.body).slice(0, 300)}`;
        if (res.status !== 503) failures.push(`expected 503: ${where}`);
        else if (!res.contentType.includes('application/json')) failures.push(`not JSON: ${where}`);
        else if (c.envelope === 'user' && !(res.body.success === false && res.body.code === 'SERVICE_UNAVAILABLE')) failures.push(`user envelope: ${where}`);
        else if (c.envelope !== 'user' && !(res.body.error === true && res.body.status === 'SERVICE_UNAVAILABLE')) failures.push(`envelope: ${where}`);
        else if (/\bat .+:\d+:\d+/.test(JSON.stringify(res.body))) failures.push(`a stack in the answer: ${where}`);
      }
    }
    expect(failures).toEqual([]);

    await proxy.open();
    const recovered = new Set<string>();
    const deadline = Date.now() + 15_000;
    let last = '';
    while (recovered.size < calls.length && Date.now() < deadline) {
      for (const c of calls) {
        if (recovered.has(c.name)) continue;
        const res = await call(bridge, c).catch((err) => ({ status: 0, body: String(err), ms: 0, contentType: '' }));
        if (res.status >= 200 && res.status < 300) recovered.add(c.name);
        else last = `${c.name}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`;
      }
      if (recovered.size < calls.length) await new Promise((r) => setTimeout(r, 250));
    }
    expect([...recovered].length, `not recovered; last: ${last}`).toBe(calls.length);
  }, 120_000);

  it('stalled (a database that stops answering): every route answers 503 within 5 s (timeouts); then 2xx again', async () => {
    proxy.stall();
    const results = await Promise.all(
      calls.map(async (c) => {
        try {
          const res = await call(bridge, c);
          const ok = res.status === 503 && (c.envelope === 'user' ? res.body.code === 'SERVICE_UNAVAILABLE' : res.body.status === 'SERVICE_UNAVAILABLE');
          return ok ? undefined : `${c.name}: ${res.status} in ${res.ms} ms ${JSON.stringify(res.body).slice(0, 300)}`;
        } catch (err) {
          return `${c.name}: no answer within ${ANSWER_WITHIN_MS} ms (${(err as Error).message})`;
        }
      }),
    );
    expect(results.filter(Boolean)).toEqual([]);

    await proxy.open();
    const deadline = Date.now() + 15_000;
    const recovered = new Set<string>();
    while (recovered.size < calls.length && Date.now() < deadline) {
      for (const c of calls) {
        if (recovered.has(c.name)) continue;
        const res = await call(bridge, c).catch(() => ({ status: 0 }));
        if (res.status >= 200 && res.status < 300) recovered.add(c.name);
      }
      if (recovered.size < calls.length) await new Promise((r) => setTimeout(r, 250));
    }
    expect(calls.filter((c) => !recovered.has(c.name)).map((c) => c.name)).toEqual([]);
  }, 120_000);
});
