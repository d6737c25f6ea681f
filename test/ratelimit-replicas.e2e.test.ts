import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from './support/platform.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PASSWORD, bridgeUrl, clearOfWindowEnd, uniqueEmail } from './helpers.js';

/**
 * Two bridge replicas share one limit: the suite's bridge (A) and a second bridge process (B) started here, on the
 * same gateway and database. The general burst limit is 100 a minute per caller; kernel/ratelimit.ts leases points
 * from PostgreSQL, so the replicas together never admit more than 100; a caller's window that both lease in is shared
 * and leased one point at a time, so a caller whose requests alternate between them gets exactly 100.
 */

const LIMIT = 100;

/** An address no other test (or earlier run this minute) uses. */
const freshIp = () => `172.${16 + ((Math.random() * 16) | 0)}.${(Math.random() * 255) | 0}.${((Math.random() * 253) | 0) + 1}`;

interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

/** A sign-in with a wrong password (401), from `ip`, at the bridge at `base`. */
async function login(base: string, ip: string): Promise<Answer> {
  const res = await fetch(`${base}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ email: uniqueEmail('nobody'), password: PASSWORD }),
  });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

function expectLimited(res: Answer) {
  expect(res.status).toBe(429);
  expect(res.body).toMatchObject({ success: false, code: 'RATE_LIMIT_EXCEEDED' });
  expect(res.headers.get('x-ratelimit-limit')).toBe(String(LIMIT));
  expect(res.headers.get('x-ratelimit-remaining')).toBe('0');
  expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(Number(res.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000);
}

let replica: ChildProcess | undefined;
let replicaUrl: string;

beforeAll(async () => {
  const port = await freePort();
  replicaUrl = `http://127.0.0.1:${port}`;
  const env = { ...inject('platformEnv'), BRIDGE_PORT: String(port), DATABASE_URL: inject('databaseUrl'), DB_POOL_SIZE: '2' };
  replica = spawn(process.execPath, ['dist/rest-bridge/main.js'], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  replica.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  replica.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (replica.exitCode !== null) throw new Error(`the second bridge exited (${replica.exitCode}):\n${output}`);
    const ok = await fetch(`${replicaUrl}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`the second bridge was not ready in 60 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
});

afterAll(async () => {
  const child = replica;
  if (!child?.pid || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    /* already gone */
  }
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 5_000)))]);
  clearTimeout(timer);
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    /* already gone */
  }
  child.stdout?.destroy();
  child.stderr?.destroy();
});

describe('two bridge replicas share one limit (100 a minute per caller)', () => {
  it(
    "160 sign-ins from one address, alternating and concurrent across both: exactly 100 served (the window is shared from the second replica's first lease: one point per statement)",
    { timeout: 120_000 },
    async () => {
      await clearOfWindowEnd(60, 31);
      const ip = freshIp();
      const bridges = [bridgeUrl(), replicaUrl];
      const answers: Answer[] = [];
      for (let i = 0; i < 160; i += 8) {
        answers.push(...(await Promise.all(Array.from({ length: 8 }, (_, j) => login(bridges[(i + j) % 2], ip)))));
      }
      // one window throughout (else the counts below would mean nothing)
      expect(new Set(answers.map((r) => r.headers.get('x-ratelimit-reset'))).size, 'the minute window turned during the test').toBe(1);
      const served = answers.filter((r) => r.status !== 429);
      expect(served.every((r) => r.status === 401)).toBe(true);
      expect(served.length).toBe(LIMIT);
      const refused = answers.filter((r) => r.status === 429);
      expect(refused.length).toBe(answers.length - served.length);
      for (const r of refused) expectLimited(r);
      // both replicas refuse from now on
      expectLimited(await login(bridges[0], ip));
      expectLimited(await login(bridges[1], ip));
    },
  );

  it('after the limit is reached on replica A, replica B refuses too (and A still does)', { timeout: 120_000 }, async () => {
    await clearOfWindowEnd(60, 21);
    const ip = freshIp();
    const first: Answer[] = [];
    for (let i = 0; i < LIMIT; i += 10) first.push(...(await Promise.all(Array.from({ length: 10 }, () => login(bridgeUrl(), ip)))));
    expect(first.map((r) => r.status).filter((s) => s !== 401)).toEqual([]);
    expect(Math.min(...first.map((r) => Number(r.headers.get('x-ratelimit-remaining'))))).toBe(0);
    expectLimited(await login(replicaUrl, ip));
    expectLimited(await login(replicaUrl, ip));
    expectLimited(await login(bridgeUrl(), ip));
    // another address is served by B
    const other = await login(replicaUrl, freshIp());
    expect(other.status).toBe(401);
    expect(other.headers.get('x-ratelimit-remaining')).toBe(String(LIMIT - 1));
  });
});
