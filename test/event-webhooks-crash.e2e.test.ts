import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { api, newUser, until } from './helpers.js';
import { freePort, serverDatabase, startPlatform, startProcess, type OwnPlatform, type StartedProcess } from './support/platform.js';
import { startReceiver, type WebhookReceiver } from './support/webhook-receiver.js';

/**
 * A platform killed with SIGKILL while it delivers events (docs/events.md "Retries": at least once, the same
 * `webhook-id`). The database outlives it (an embedded PostgreSQL of its own here, or a database of the suite's
 * server); a second platform on the same database, with the same secrets, takes over: every event committed before the
 * kill reaches the receiver, the one whose answer the kill lost exactly twice, each time with the same id and body.
 */

const SECRETS = { JWT_SECRET: randomBytes(32).toString('hex'), INTERNAL_SECRET: randomBytes(32).toString('hex') };
let db: StartedProcess | undefined;
let databaseUrl: string;
let dropDatabase: (() => Promise<void>) | undefined;
const dirs: string[] = [];
let first: OwnPlatform | undefined;
let second: OwnPlatform | undefined;
let receiver: WebhookReceiver;

beforeAll(async () => {
  if (process.env.DATABASE_URL) {
    ({ databaseUrl, drop: dropDatabase } = await serverDatabase(process.env.DATABASE_URL));
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'crash-db-'));
    dirs.push(dir);
    const port = await freePort();
    db = await startProcess('dist/scripts/embedded-db.js', { EMBEDDED_DB_PORT: String(port), DATA_DIR: dir, LOG_LEVEL: 'info' }, /listening/);
    databaseUrl = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  }
  // the first answer comes after 4 s: the platform is killed while it waits for it
  receiver = await startReceiver({ steps: [{ status: 200, delayMs: 4000 }, { status: 200 }] });
}, 120_000);

afterAll(async () => {
  await receiver?.close();
  await first?.kill();
  await second?.stop();
  await db?.stop();
  await dropDatabase?.();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const env = { ...SECRETS, PIPELINE_WEBHOOK_ALLOW: '127.0.0.1' };
const headers = (token: string) => ({ 'svc-auth-token': token, 'svc-user-agent': 'crash/1.0', 'svc-auth-device': 'crash-device' });

describe('a platform killed with SIGKILL while it delivers', () => {
  it('delivers every committed event after a restart, the interrupted one again with the same webhook-id', async () => {
    first = await startPlatform({ topology: 'single', databaseUrl, env });
    let base = first.bridgeUrl;
    const user = await newUser({ deviceId: 'crash-device' }, base);
    const call = (method: string, path: string, body?: unknown) => api(method, path, { base, headers: headers(user.accessToken), body });
    const wid = (await call('POST', '/v1/workspace', { name: 'Crash' })).body.data.workspace.id as string;
    const sub = await call('POST', `/v1/workspace/${wid}/webhooks`, { url: `${receiver.url}/in`, types: ['provider.*'] });
    expect(sub.status, JSON.stringify(sub.body)).toBe(201);
    receiver.secret = sub.body.data.secret;
    const endpointId = sub.body.data.endpoint.id as string;

    expect((await call('POST', `/v1/${wid}/lsp/setup`, { type: 'CARRIER', name: 'Before The Crash' })).status).toBe(201);
    // its attempt is in flight (the receiver holds the answer) …
    await until(
      async () => receiver.requests.length,
      (n) => n >= 1,
      20_000,
      50,
    );
    // … and a second event commits: fanned out or not yet, it is in the database
    expect((await call('POST', `/v1/${wid}/csp/setup`, { type: 'VENDOR', name: 'Just Committed' })).status).toBe(201);
    await first.kill();
    const interrupted = receiver.requests[0];

    second = await startPlatform({ topology: 'single', databaseUrl, env });
    base = second.bridgeUrl;
    const byId = () => {
      const m = new Map<string, typeof receiver.requests>();
      for (const r of receiver.requests) m.set(String(r.headers['webhook-id']), [...(m.get(String(r.headers['webhook-id'])) ?? []), r]);
      return m;
    };
    // the interrupted attempt is made again once its heartbeat lapses (10 s + 2 s), the second event arrives
    await until(
      async () => byId(),
      (m) => (m.get(String(interrupted.headers['webhook-id']))?.length ?? 0) >= 2 && m.size >= 2,
      60_000,
      250,
    );
    await new Promise((r) => setTimeout(r, 1000));
    const got = byId();
    const names = [...got.values()].map((rs) => JSON.parse(rs[0].body).data.name).sort();
    expect(names).toEqual(['Before The Crash', 'Just Committed']);
    const again = got.get(String(interrupted.headers['webhook-id']))!;
    expect(again).toHaveLength(2);
    expect(again[1].body).toBe(interrupted.body);
    for (const rs of got.values()) {
      for (const r of rs) expect(r.verified, r.verifyError).toBe(true);
      expect(new Set(rs.map((r) => r.body)).size).toBe(1);
    }
    const other = [...got.entries()].find(([id]) => id !== String(interrupted.headers['webhook-id']))![1];
    expect(other.length).toBeGreaterThanOrEqual(1);

    // the delivery log on the new platform (the same secrets: the token still works): both DELIVERED
    const log = await until(
      async () => (await call('GET', `/v1/workspace/${wid}/webhooks/${endpointId}/deliveries`)).body.data as any[],
      (ds) => ds?.length === 2 && ds.every((d) => d.status === 'DELIVERED'),
    );
    expect(log.map((d) => d.status)).toEqual(['DELIVERED', 'DELIVERED']);
  }, 240_000);
});
