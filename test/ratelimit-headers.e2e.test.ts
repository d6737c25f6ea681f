import { describe, expect, inject, it } from 'vitest';
import { PNG, SUITE_REPLICAS, api, clearOfWindowEnd, form, newUser, randomIp, type ApiResponse, type TestUser } from './helpers.js';
import { callA, newOwner } from './workspace-helpers.js';

/**
 * Every kind of 429, at its edge, with its headers (issue 11). The limits (spec "Limits"; docs/contract.md "Rate limits"):
 * the general burst limit of 100 requests a minute per caller, and the per-action limits — profile updates 10 an hour,
 * avatar uploads 5 a day, user search 100 an hour, settings updates 20 an hour (notifications and privacy share one
 * budget) — counted the same through REST and straight at the gateway.
 *
 * For each: the last accepted answer carries `X-RateLimit-Limit` = the limit and `X-RateLimit-Remaining: 0`; the next is
 * 429 `RATE_LIMIT_EXCEEDED` in the family's envelope with `X-RateLimit-Limit`, `X-RateLimit-Remaining: 0`,
 * `X-RateLimit-Reset` (Unix seconds: in the future, the end of the window — fixed windows aligned to their length —
 * so no later than one window length from now) and `Retry-After` (seconds, ≥ 1, Reset − now within 2 s).
 * When several windows apply, the answer reports the tightest (contract: "of the tightest window that applies"): the
 * one with the fewest requests left.
 *
 * Every test is a fresh caller (a new user, a new client address, a new API key) on the suite's shared platform.
 * Windows turning during a test (window resets) are another file's subject (a test clock); here, a test that needs
 * its window for a while first waits, if the window is about to turn, for the next one.
 */

/** The suite's topology: split runs the bridge and the gateway as separate processes (each counts in its own memory). */
const SPLIT = process.env.PLATFORM_TOPOLOGY === 'split';

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;

const header = (res: { headers: Headers }, name: string) => res.headers.get(name);
const remainingOf = (res: { headers: Headers }) => Number(header(res, 'x-ratelimit-remaining'));

/** X-RateLimit-Reset: Unix seconds, in the future, the end of a window of `windowS` aligned to its length. */
function expectReset(res: { headers: Headers }, windowS: number): number {
  const raw = header(res, 'x-ratelimit-reset');
  expect(raw, 'X-RateLimit-Reset').toMatch(/^\d+$/);
  const reset = Number(raw);
  const now = Date.now() / 1000;
  expect(reset).toBeGreaterThan(now);
  expect(reset).toBeLessThanOrEqual(Math.ceil(now) + windowS);
  expect(reset % windowS, `X-RateLimit-Reset ${reset} is the end of a ${windowS}-second window`).toBe(0);
  return reset;
}

/** An answer within the limit: Limit, Remaining and the window's Reset; no Retry-After. */
function expectCounted(res: { headers: Headers }, limit: number, remaining: number, windowS: number) {
  expect(header(res, 'x-ratelimit-limit')).toBe(String(limit));
  expect(header(res, 'x-ratelimit-remaining')).toBe(String(remaining));
  expectReset(res, windowS);
  expect(header(res, 'retry-after')).toBeNull();
}

type Family = 'user' | 'generic' | 'result' | 'graphql';

/** A 429 of `family` with the window's headers and a Retry-After that agrees with its Reset. */
function expectLimited(res: ApiResponse, family: Family, limit: number, windowS: number) {
  const body = res.body;
  expect(res.status, JSON.stringify(body)).toBe(429);
  if (family === 'graphql') {
    expect(body.data).toBeUndefined();
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0].extensions.code).toBe('RATE_LIMIT_EXCEEDED');
  } else if (family === 'user') {
    expect(body).toEqual({ success: false, code: 'RATE_LIMIT_EXCEEDED', message: expect.any(String) });
  } else if (family === 'generic') {
    expect(body).toEqual({ error: true, status: 'RATE_LIMIT_EXCEEDED', message: expect.any(String) });
  } else {
    expect(body).toEqual({ error: true, status: 'RATE_LIMIT_EXCEEDED', message: expect.any(String), trace: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  }
  expect(header(res, 'x-ratelimit-limit')).toBe(String(limit));
  expect(header(res, 'x-ratelimit-remaining')).toBe('0');
  const reset = expectReset(res, windowS);
  const retryAfter = header(res, 'retry-after');
  expect(retryAfter, 'Retry-After').toMatch(/^\d+$/);
  expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
  expect(Math.abs(Number(retryAfter) - (reset - Date.now() / 1000)), `Retry-After ${retryAfter} vs Reset ${reset}`).toBeLessThanOrEqual(2);
}

/** Runs `n` calls, `width` at a time. */
async function calls(n: number, width: number, make: (i: number) => Promise<ApiResponse>): Promise<ApiResponse[]> {
  const out: ApiResponse[] = [];
  for (let i = 0; i < n; i += width) out.push(...(await Promise.all(Array.from({ length: Math.min(width, n - i) }, (_, j) => make(i + j)))));
  return out;
}

/**
 * `LIMIT` answers of one caller in one window: all accepted (`status`), Remaining counting down from LIMIT − 1 to 0
 * (each value once), one Reset for all. Returns the answer that took the last request.
 */
function expectOneWindow(answers: ApiResponse[], limit: number, status: number): ApiResponse {
  expect(answers.filter((r) => r.status !== status).map((r) => [r.status, r.body])).toEqual([]);
  expect(answers.map(remainingOf).sort((a, b) => a - b)).toEqual(Array.from({ length: limit }, (_, i) => i));
  expect(new Set(answers.map((r) => header(r, 'x-ratelimit-reset'))).size, 'one window for every answer').toBe(1);
  return answers.find((r) => remainingOf(r) === 0)!;
}

/** One GraphQL request to the gateway as `token` (or as the address `ip`), with its headers. */
async function gateway(query: string, variables: Record<string, unknown>, opts: { token?: string; ip?: string } = {}): Promise<ApiResponse> {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-forwarded-for': opts.ip ?? randomIp() };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const res = await fetch(inject('gatewayUrl'), { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

const me = async (u: TestUser) => {
  const res = await gateway('{ me { bio avatar notificationSettings { sms { enabled } } privacySettings { shareLocation } } }', {}, { token: u.accessToken });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.me;
};

// ───────────────────────────── the general burst limit ─────────────────────────────

describe('the general limit: 100 requests a minute per caller (spec "Limits"; docs/contract.md "Rate limits")', () => {
  const LIMIT = 100;

  it("user family (a signed-in user, GET /v1/users/me): the 100th is the last accepted (Limit 100, Remaining 0); the 101st is 429 with the minute window's headers, not the hour's (1,000, 900 left)", async () => {
    const u = await newUser();
    await clearOfWindowEnd(MINUTE, 25);
    const answers = await calls(LIMIT, 10, () => api('GET', '/v1/users/me', { token: u.accessToken }));
    const last = expectOneWindow(answers, LIMIT, 200);
    expectCounted(last, LIMIT, 0, MINUTE);
    const over = await api('GET', '/v1/users/me', { token: u.accessToken });
    expectLimited(over, 'user', LIMIT, MINUTE);
  }, 60_000);

  it('generic family (an anonymous client address, GET /v1/access/config): the same at 100 and 101', async () => {
    const ip = `172.${16 + ((Math.random() * 16) | 0)}.${(Math.random() * 255) | 0}.${((Math.random() * 253) | 0) + 1}`;
    const config = () => api('GET', '/v1/access/config?expects=ASI', { ip, headers: { origin: 'https://shop.example', 'svc-user-agent': 'limits/1.0' } });
    await clearOfWindowEnd(MINUTE, 25);
    const answers = await calls(LIMIT, 10, config);
    expect(answers[0].body).toMatchObject({ error: false, status: 'SUCCESS', data: { connectorType: 'ASI' } });
    expectCounted(expectOneWindow(answers, LIMIT, 200), LIMIT, 0, MINUTE);
    expectLimited(await config(), 'generic', LIMIT, MINUTE);
  }, 60_000);

  it('result family (an API key, POST /realm/utilities/nearby/search): the same at 100 and 101, the 429 with its trace', async () => {
    const owner = await newOwner();
    const key = await callA('POST', `/v1/workspace/${owner.wid}/api-keys`, owner.token, { name: 'limits', scopes: ['utilities'] });
    expect(key.status, JSON.stringify(key.body)).toBe(201);
    const search = () =>
      api('POST', '/realm/utilities/nearby/search', {
        headers: { authorization: `Bearer ${key.body.data.key}` },
        body: { location: { lat: 0.5, lng: 0.5 }, radius: 10 },
      });
    await clearOfWindowEnd(MINUTE, 25);
    const answers = await calls(LIMIT, 10, search);
    expect(answers[0].body).toMatchObject({ error: false, status: 'UTILITY::SEARCH_COMPLETE' });
    expectCounted(expectOneWindow(answers, LIMIT, 200), LIMIT, 0, MINUTE);
    expectLimited(await search(), 'result', LIMIT, MINUTE);
  }, 60_000);

  it('GraphQL at the gateway (an anonymous client address): the 100th request is the last accepted, the 101st is 429 with extensions.code RATE_LIMIT_EXCEEDED and the same headers', async () => {
    const ip = `192.168.${(Math.random() * 255) | 0}.${((Math.random() * 253) | 0) + 1}`;
    await clearOfWindowEnd(MINUTE, 25);
    const answers = await calls(LIMIT, 10, () => gateway('{ __typename }', {}, { ip }));
    expect(answers[0].body).toEqual({ data: { __typename: 'Query' } });
    expectCounted(expectOneWindow(answers, LIMIT, 200), LIMIT, 0, MINUTE);
    expectLimited(await gateway('{ __typename }', {}, { ip }), 'graphql', LIMIT, MINUTE);
  }, 60_000);

  it("when the minute runs out before a per-action limit, the minute is reported: 95 reads and 5 profile updates — the 5th update says Limit 100 (not 10), Remaining 0; the 6th is 429 with the minute's headers (Retry-After within a minute) and is not applied", async () => {
    const u = await newUser();
    await clearOfWindowEnd(MINUTE, 25);
    const reads = await calls(95, 10, () => api('GET', '/v1/users/me', { token: u.accessToken }));
    expect(reads.every((r) => r.status === 200)).toBe(true);
    const updates: ApiResponse[] = [];
    for (let i = 1; i <= 5; i++) updates.push(await api('PATCH', '/v1/users/me', { token: u.accessToken, body: { bio: `update ${i}` } }));
    expect(updates.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    // the 1st to 4th update leave the minute 4…1 requests and the profile 9…6: the minute is the tightest throughout
    expect(updates.map((r) => [header(r, 'x-ratelimit-limit'), remainingOf(r)])).toEqual([
      ['100', 4],
      ['100', 3],
      ['100', 2],
      ['100', 1],
      ['100', 0],
    ]);
    expectCounted(updates[4], 100, 0, MINUTE);
    const over = await api('PATCH', '/v1/users/me', { token: u.accessToken, body: { bio: 'refused' } });
    expectLimited(over, 'user', 100, MINUTE);
    expect(Number(header(over, 'retry-after'))).toBeLessThanOrEqual(MINUTE);
    // not applied: another user (a caller of their own) reads the public profile
    const other = await newUser();
    const pub = await api('GET', `/v1/users/${u.id}`, { token: other.accessToken });
    expect(pub.status, JSON.stringify(pub.body)).toBe(200);
    expect(pub.body.user.public.bio).toBe('update 5');
  }, 60_000);
});

// ───────────────────────────── the per-action limits ─────────────────────────────

describe('per-action limits (spec "Limits"; docs/contract.md "Rate limits")', () => {
  it("profile updates, 10 an hour (PATCH /v1/users/me): the 10th says Limit 10, Remaining 0 and the hour's end; the 11th is 429 with the hour window's headers and changes nothing", async () => {
    const u = await newUser();
    await clearOfWindowEnd(HOUR, 30);
    for (let i = 1; i <= 10; i++) {
      const res = await api('PATCH', '/v1/users/me', { token: u.accessToken, body: { bio: `bio ${i}` } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      // the profile window (10 − i left) is tighter than the minute (100 − i) and the hour (1,000 − i)
      expectCounted(res, 10, 10 - i, HOUR);
    }
    const over = await api('PATCH', '/v1/users/me', { token: u.accessToken, body: { bio: 'eleventh' } });
    expectLimited(over, 'user', 10, HOUR);
    expect((await me(u)).bio).toBe('bio 10');
  }, 60_000);

  it("avatar uploads, 5 a day (POST /v1/users/me/avatar): the 5th says Limit 5, Remaining 0 and the day's end (UTC midnight); the 6th is 429 with the day window's headers and keeps the avatar", async () => {
    const u = await newUser();
    await clearOfWindowEnd(DAY, 30);
    let avatar = '';
    for (let i = 1; i <= 5; i++) {
      const res = await api('POST', '/v1/users/me/avatar', { token: u.accessToken, body: form({ file: [PNG, 'image/png', `a${i}.png`] }) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expectCounted(res, 5, 5 - i, DAY);
      avatar = res.body.avatarUrl;
    }
    const over = await api('POST', '/v1/users/me/avatar', { token: u.accessToken, body: form({ file: [PNG, 'image/png', 'a6.png'] }) });
    expectLimited(over, 'user', 5, DAY);
    expect((await me(u)).avatar).toBe(avatar);
  }, 60_000);

  it("user search, 100 an hour, counted across the gateway and REST: 60 searches in four GraphQL requests of 15 aliases (the default alias maximum), then GET /v1/users/search — the last accepted says Limit 100, Remaining 0 and the hour's end (the minute has ~56 left); the next is 429 by REST and by GraphQL", async () => {
    const u = await newUser();
    await clearOfWindowEnd(HOUR, 30);
    for (let b = 0; b < 4; b++) {
      const fifteen = Array.from({ length: 15 }, (_, i) => `s${i}: searchUsers(q: "zz${b * 15 + i}") { total }`).join('\n');
      const batch = await gateway(`{ ${fifteen} }`, {}, { token: u.accessToken });
      expect(batch.status, JSON.stringify(batch.body).slice(0, 300)).toBe(200);
      expect(batch.body.errors).toBeUndefined();
      expect(Object.keys(batch.body.data)).toHaveLength(15);
      // each aliased search is one: 100 − 15 × (b + 1) left. Through two gateway replicas the window is shared from the
      // second batch on, and Remaining counts as used the points the first replica leased alone and holds unused (its
      // leases of 1, 2, 4, 5, 5 for 15 searches: 2; docs/contract.md "Rate limits")
      if (SUITE_REPLICAS > 1 && b > 0) {
        expect(header(batch, 'x-ratelimit-limit')).toBe('100');
        const remaining = Number(header(batch, 'x-ratelimit-remaining'));
        expect(remaining).toBeLessThanOrEqual(100 - 15 * (b + 1));
        expect(remaining).toBeGreaterThanOrEqual(100 - 15 * (b + 1) - 5);
      } else expectCounted(batch, 100, 100 - 15 * (b + 1), HOUR);
    }

    // 40 searches are left. Split, the gateway and the bridge are two processes counting one caller: the contract lets
    // the second refuse up to 5% of the limit early ("(N − 1) × 5%"), never late; one process is exact
    const early = SPLIT ? 5 : 0;
    const answers: ApiResponse[] = [];
    for (let i = 0; i <= 40; i++) {
      const res = await api('GET', `/v1/users/search?q=zz${60 + i}`, { token: u.accessToken });
      answers.push(res);
      if (res.status !== 200) break;
    }
    const accepted = answers.slice(0, -1);
    expect(accepted.length).toBeGreaterThanOrEqual(40 - early);
    expect(accepted.length).toBeLessThanOrEqual(40);
    // each accepted search takes one: Remaining counts down to 0 on the last
    accepted.forEach((res, i) => expectCounted(res, 100, accepted.length - 1 - i, HOUR));
    expectLimited(answers.at(-1)!, 'user', 100, HOUR);
    // by GraphQL too: at once with one process; split, once the gateway has used what it leased (at most `early`)
    const viaGateway: ApiResponse[] = [];
    for (let i = 0; i <= early; i++) {
      const res = await gateway('{ searchUsers(q: "over") { total } }', {}, { token: u.accessToken });
      viaGateway.push(res);
      if (res.status !== 200) break;
    }
    expectLimited(viaGateway.at(-1)!, 'graphql', 100, HOUR);
    // never more than 100 in all, and at most `early` fewer
    const total = 60 + accepted.length + viaGateway.length - 1;
    expect(total).toBeLessThanOrEqual(100);
    expect(total).toBeGreaterThanOrEqual(100 - early);
  }, 60_000);

  it('settings updates, 20 an hour shared by notifications and privacy: 10 by REST, 9 in one GraphQL request, the 20th by GraphQL says Remaining 0; the 21st is 429 by GraphQL and by REST, and changes nothing', async () => {
    const u = await newUser();
    await clearOfWindowEnd(HOUR, 30);
    for (let i = 1; i <= 10; i++) {
      const res = await api('PATCH', '/v1/users/me/settings/notifications', { token: u.accessToken, body: { push: { messages: i % 2 === 0 } } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expectCounted(res, 20, 20 - i, HOUR);
    }
    const nine = Array.from({ length: 9 }, (_, i) => `p${i}: updatePrivacySettings(input: { allowMessages: ${i % 2 === 0} }) { allowMessages }`).join('\n');
    const batch = await gateway(`mutation { ${nine} }`, {}, { token: u.accessToken });
    expect(batch.status, JSON.stringify(batch.body)).toBe(200);
    expect(batch.body.errors).toBeUndefined();
    expectCounted(batch, 20, 1, HOUR);

    const twentieth = await gateway('mutation { updateNotificationSettings(input: { sms: { enabled: true } }) { sms { enabled } } }', {}, { token: u.accessToken });
    expect(twentieth.status, JSON.stringify(twentieth.body)).toBe(200);
    expect(twentieth.body.data.updateNotificationSettings.sms.enabled).toBe(true);
    expectCounted(twentieth, 20, 0, HOUR);

    expectLimited(await gateway('mutation { updatePrivacySettings(input: { shareLocation: true }) { shareLocation } }', {}, { token: u.accessToken }), 'graphql', 20, HOUR);
    expectLimited(await api('PATCH', '/v1/users/me/settings/notifications', { token: u.accessToken, body: { sms: { enabled: false } } }), 'user', 20, HOUR);
    const after = await me(u);
    expect(after.notificationSettings.sms.enabled).toBe(true);
    expect(after.privacySettings.shareLocation).toBe(false);
  }, 60_000);
});
