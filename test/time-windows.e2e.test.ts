import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, PNG, api, expectError, form, newUser, type ApiResponse } from './helpers.js';
import { SETTINGS_TOPOLOGY, startPlatform, type OwnPlatform } from './support/platform.js';

/**
 * Rate-limit windows and calendar rules, on a platform of this file's own with the test clock (kernel/clock.ts): the
 * clock is set to fixed instants, never waited for.
 *
 * docs/contract.md "Rate limits": general limits RATE_LIMIT_PER_MINUTE and RATE_LIMIT_PER_HOUR per caller, actions add
 * their own (user search 100/hour, avatar uploads 5/day); fixed windows aligned to their length; every answer carries
 * X-RateLimit-Limit, -Remaining and -Reset (Unix seconds) of the tightest window (the one with the fewest left; when
 * refused, the refusing one); over a limit 429 RATE_LIMIT_EXCEEDED with Retry-After; the caller is the user of a valid
 * access token, so refreshing does not reset a limit.
 *
 * This platform runs with small general limits (40 a minute, 110 an hour: the hour is above the user-search limit of
 * 100, so that limit can be reached) and access tokens that outlive the windows crossed here (2 days).
 *
 * docs/utilities.md "Delivery fares": `seasonalAdjustment` is (base + distance + weight) × 8 % from 15 November to
 * 31 December (UTC date of the calculation), absent otherwise.
 */

const PER_MINUTE = 40;
const PER_HOUR = 110;
const SEARCH_PER_HOUR = 100;
const AVATARS_PER_DAY = 5;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let p: OwnPlatform;

beforeAll(async () => {
  p = await startPlatform({
    topology: SETTINGS_TOPOLOGY,
    env: { TEST_CLOCK: 'true', RATE_LIMIT_PER_MINUTE: String(PER_MINUTE), RATE_LIMIT_PER_HOUR: String(PER_HOUR), ACCESS_TOKEN_TTL_SECONDS: String(2 * 86_400) },
  });
}, 180_000);

afterAll(async () => {
  await p?.stop();
});

const call = (method: string, path: string, opts: Parameters<typeof api>[2] = {}) => api(method, path, { ...opts, base: p.bridgeUrl });

/** The end (Unix seconds) of the window of `lengthMs` that holds the instant `t`: windows are aligned to their length. */
const windowEnd = (t: number, lengthMs: number) => ((Math.floor(t / lengthMs) + 1) * lengthMs) / 1000;

const header = (res: ApiResponse, name: string) => res.headers.get(name);
const limitOf = (res: ApiResponse) => Number(header(res, 'x-ratelimit-limit'));
const remainingOf = (res: ApiResponse) => Number(header(res, 'x-ratelimit-remaining'));
const resetOf = (res: ApiResponse) => Number(header(res, 'x-ratelimit-reset'));

/** `n` calls one after the other. */
async function times(n: number, make: () => Promise<ApiResponse>): Promise<ApiResponse[]> {
  const out: ApiResponse[] = [];
  for (let i = 0; i < n; i++) out.push(await make());
  return out;
}

/** Every answer accepted with status `status` and these rate-limit headers. */
function expectServed(res: ApiResponse[], status: number, limit: number, remaining: number[], reset: number) {
  expect(res.map((r) => r.status)).toEqual(res.map(() => status));
  expect(res.map(limitOf)).toEqual(res.map(() => limit));
  expect(res.map(remainingOf)).toEqual(remaining);
  expect(res.map(resetOf)).toEqual(res.map(() => reset));
}

/** 429 RATE_LIMIT_EXCEEDED (user-family envelope) with the refusing window's headers and a consistent Retry-After. */
function expectLimited(res: ApiResponse, limit: number, reset: number) {
  expectError(res, 429, 'RATE_LIMIT_EXCEEDED');
  expect(header(res, 'x-ratelimit-limit')).toBe(String(limit));
  expect(header(res, 'x-ratelimit-remaining')).toBe('0');
  expect(header(res, 'x-ratelimit-reset')).toBe(String(reset));
  // Retry-After: the seconds from the platform's now to the reset
  const retryAfter = header(res, 'retry-after');
  expect(retryAfter).toMatch(/^\d+$/);
  const expected = reset - Math.floor(p.now() / 1000);
  expect(Math.abs(Number(retryAfter) - expected), `Retry-After ${retryAfter}, expected about ${expected}`).toBeLessThanOrEqual(2);
  expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
}

/** Counts (1…n) from `from` down: the Remaining of n requests when `from` were left before them. */
const countdown = (from: number, n: number) => Array.from({ length: n }, (_, i) => from - 1 - i);

// ───────────────────────────── peak season (fixed dates) ─────────────────────────────

describe('delivery fares: the peak-season line on fixed dates', () => {
  const NBO_CBD = [-1.2864, 36.8172];
  const NBO_KAREN = [-1.3194, 36.7073];
  const r2 = (n: number) => Math.round(n * 100) / 100;
  const cents = (n: number) => Math.round(n * 100);

  it('seasonalAdjustment is (base + distance + weight) × 8 % from 15 November to 31 December (UTC), and absent just before, just after and in March', async () => {
    await p.clockTo(Date.UTC(2026, 10, 14, 23, 59, 0));
    const user = await newUser({ name: 'Season Owner' }, p.bridgeUrl);
    const headers = { 'svc-auth-token': user.accessToken, 'svc-user-agent': 'time-e2e/1.0', 'svc-auth-device': 'time-device-1' };
    const ws = await call('POST', '/v1/workspace', { headers, body: { name: 'Season' } });
    expect(ws.status, JSON.stringify(ws.body)).toBe(201);
    const created = await call('POST', `/v1/workspace/${ws.body.data.workspace.id}/api-keys`, { headers, body: { name: 'fares', scopes: ['utilities'] } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const key = created.body.data.key as string;

    // the same parcel every time: STANDARD, 3 kg, Nairobi CBD → Karen
    async function quoteAt(iso: string) {
      await p.clockTo(Date.parse(iso));
      const res = await call('POST', '/realm/utilities/fares/delivery', {
        token: key,
        body: { origin: { coordinates: NBO_CBD, country: 'KE' }, destination: { coordinates: NBO_KAREN, country: 'KE' }, serviceLevel: 'STANDARD', weight: { value: 3, unit: 'kg' } },
      });
      expect(res.status, `${iso}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body).toMatchObject({ error: false, status: 'UTILITY::FEE_CALCULATED' });
      return res.body.result as { totalFee: number; breakdown: Record<string, number | null>; distance: { kilometer: number } };
    }

    const quotes = {
      before: await quoteAt('2026-11-14T23:59:50Z'),
      first: await quoteAt('2026-11-15T00:00:10Z'),
      mid: await quoteAt('2026-12-10T12:00:00Z'),
      last: await quoteAt('2026-12-31T23:59:50Z'),
      after: await quoteAt('2027-01-01T00:00:10Z'),
      march: await quoteAt('2027-03-10T12:00:00Z'),
    };

    // docs/utilities.md: base STANDARD 4.00; 0.40 per road km (under 50 km); weight: first kg included, 0.80 per kg up to 10 kg
    const km = quotes.mid.distance.kilometer;
    expect(km).toBeGreaterThan(0);
    expect(km).toBeLessThan(50);
    const core = 4 + 0.4 * km + 2 * 0.8;
    const share = r2(core * 0.08);
    expect(share).toBeGreaterThan(0);

    const { seasonalAdjustment: _s, ...lines } = quotes.march.breakdown;
    for (const [when, q] of Object.entries(quotes)) {
      const inSeason = ['first', 'mid', 'last'].includes(when);
      expect(q.distance.kilometer, when).toBe(km);
      expect(q.breakdown.seasonalAdjustment, when).toBe(inSeason ? share : null);
      // every other line is the same in and out of season; the total is the lines' sum
      expect(q.breakdown, when).toMatchObject(lines);
      expect(cents(q.totalFee), when).toBe(cents(quotes.march.totalFee) + (inSeason ? cents(share) : 0));
    }
  });
});

// ───────────────────────────── general limits ─────────────────────────────

describe('general limits: fixed windows aligned to the minute and the hour', () => {
  const me = (token: string) => call('GET', '/v1/users/me', { token });

  it(`per minute: exactly ${PER_MINUTE} served, then 429 with X-RateLimit-Reset at the end of the minute; still refused 10 s before it, served 10 s after it`, async () => {
    const t = Date.UTC(2027, 2, 11, 9, 5, 5);
    await p.clockTo(t);
    const u = await newUser({ name: 'Minute Window' }, p.bridgeUrl);
    const end = windowEnd(t, MINUTE);

    const served = await times(PER_MINUTE, () => me(u.accessToken));
    expectServed(served, 200, PER_MINUTE, countdown(PER_MINUTE, PER_MINUTE), end);
    expectLimited(await me(u.accessToken), PER_MINUTE, end);

    await p.clockTo(end * 1000 - 10 * SECOND);
    expectLimited(await me(u.accessToken), PER_MINUTE, end);

    await p.clockTo(end * 1000 + 10 * SECOND);
    const next = await me(u.accessToken);
    expectServed([next], 200, PER_MINUTE, [PER_MINUTE - 1], end + 60);
    expect(next.body.user.id).toBe(u.id);
  });

  it(`per hour: exactly ${PER_HOUR} served over three minutes, then 429 with X-RateLimit-Reset at the end of the hour (also in the next minute); served after the hour, which counts from zero again`, async () => {
    const t = Date.UTC(2027, 2, 11, 10, 10, 5);
    await p.clockTo(t);
    const u = await newUser({ name: 'Hour Window' }, p.bridgeUrl);
    const end = windowEnd(t, HOUR);

    // 40 + 40 in two minutes: the minute is the tightest window
    expectServed(await times(PER_MINUTE, () => me(u.accessToken)), 200, PER_MINUTE, countdown(PER_MINUTE, PER_MINUTE), windowEnd(t, MINUTE));
    await p.clockTo(t + MINUTE);
    expectServed(await times(PER_MINUTE, () => me(u.accessToken)), 200, PER_MINUTE, countdown(PER_MINUTE, PER_MINUTE), windowEnd(t + MINUTE, MINUTE));
    // the last 30: the hour has fewer left than the minute
    await p.clockTo(t + 2 * MINUTE);
    const rest = PER_HOUR - 2 * PER_MINUTE;
    expectServed(await times(rest, () => me(u.accessToken)), 200, PER_HOUR, countdown(rest, rest), end);

    expectLimited(await me(u.accessToken), PER_HOUR, end);
    // a fresh minute does not help
    await p.clockTo(t + 3 * MINUTE);
    expectLimited(await me(u.accessToken), PER_HOUR, end);
    await p.clockTo(end * 1000 - 10 * SECOND);
    expectLimited(await me(u.accessToken), PER_HOUR, end);

    // the next hour: served again, and counted from zero (after 40 + 40 of the new hour, the hour has 30 left)
    const h = end * 1000 + 10 * SECOND;
    await p.clockTo(h);
    expectServed(await times(PER_MINUTE, () => me(u.accessToken)), 200, PER_MINUTE, countdown(PER_MINUTE, PER_MINUTE), windowEnd(h, MINUTE));
    await p.clockTo(h + MINUTE);
    expectServed(await times(PER_MINUTE, () => me(u.accessToken)), 200, PER_MINUTE, countdown(PER_MINUTE, PER_MINUTE), windowEnd(h + MINUTE, MINUTE));
    await p.clockTo(h + 2 * MINUTE);
    expectServed([await me(u.accessToken)], 200, PER_HOUR, [PER_HOUR - 2 * PER_MINUTE - 1], windowEnd(h, HOUR));
  }, 60_000);
});

// ───────────────────────────── per-action limits ─────────────────────────────

describe('per-action limits: user search (100 an hour) and avatar uploads (5 a day)', () => {
  const search = (token: string) => call('GET', '/v1/users/search?q=window', { token });

  it(`user search: ${SEARCH_PER_HOUR} served in the hour, the ${SEARCH_PER_HOUR + 1}st is 429 until the hour ends, also with a refreshed token and after a new sign-in; other routes still served; served again after the hour`, async () => {
    const t = Date.UTC(2027, 2, 11, 12, 10, 5);
    await p.clockTo(t);
    const u = await newUser({ name: 'Search Window' }, p.bridgeUrl);
    const end = windowEnd(t, HOUR);

    // within the general minute limit: 40 + 40 + 20 in three minutes
    const served = [...(await times(PER_MINUTE, () => search(u.accessToken)))];
    await p.clockTo(t + MINUTE);
    served.push(...(await times(PER_MINUTE, () => search(u.accessToken))));
    await p.clockTo(t + 2 * MINUTE);
    const last = await times(SEARCH_PER_HOUR - 2 * PER_MINUTE, () => search(u.accessToken));
    served.push(...last);
    expect(served.map((r) => r.status)).toEqual(served.map(() => 200));
    expect(served[0].body).toMatchObject({ success: true, total: expect.any(Number) });
    // the last of them: the search window is the tightest
    expectServed(last, 200, SEARCH_PER_HOUR, countdown(last.length, last.length), end);

    expectLimited(await search(u.accessToken), SEARCH_PER_HOUR, end);

    // limits follow the user: a refreshed token is still over
    const refreshed = await call('POST', '/v1/auth/refresh', { body: { refreshToken: u.refreshToken } });
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    expect(refreshed.body.accessToken).not.toBe(u.accessToken);
    expectLimited(await search(refreshed.body.accessToken), SEARCH_PER_HOUR, end);
    // …and so is a new sign-in
    const again = await call('POST', '/v1/auth/login', { body: { email: u.email, password: PASSWORD } });
    expect(again.status).toBe(200);
    expectLimited(await search(again.body.accessToken), SEARCH_PER_HOUR, end);
    // only the search is spent
    const profile = await call('GET', '/v1/users/me', { token: refreshed.body.accessToken });
    expect(profile.status).toBe(200);
    expect(profile.body.user.id).toBe(u.id);

    await p.clockTo(end * 1000 - 10 * SECOND);
    expectLimited(await search(refreshed.body.accessToken), SEARCH_PER_HOUR, end);
    await p.clockTo(end * 1000 + 10 * SECOND);
    const next = await search(refreshed.body.accessToken);
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    expect(next.body.success).toBe(true);
  }, 60_000);

  it(`avatar uploads: ${AVATARS_PER_DAY} served in the UTC day, the 6th is 429 with X-RateLimit-Reset at midnight UTC (still 10 s before it) and changes nothing; served 10 s after midnight`, async () => {
    const t = Date.UTC(2027, 2, 12, 10, 0, 5);
    await p.clockTo(t);
    const u = await newUser({ name: 'Avatar Window' }, p.bridgeUrl);
    const midnight = Date.UTC(2027, 2, 13) / 1000;
    expect(windowEnd(t, DAY)).toBe(midnight);
    const upload = (i: number) => call('POST', '/v1/users/me/avatar', { token: u.accessToken, body: form({ file: [PNG, 'image/png', `a${i}.png`] }) });

    let i = 0;
    const served = await times(AVATARS_PER_DAY, () => upload(++i));
    expectServed(served, 200, AVATARS_PER_DAY, countdown(AVATARS_PER_DAY, AVATARS_PER_DAY), midnight);
    const lastUrl = served.at(-1)!.body.avatarUrl as string;

    expectLimited(await upload(++i), AVATARS_PER_DAY, midnight);
    const profile = await call('GET', '/v1/users/me', { token: u.accessToken });
    expect(profile.status).toBe(200);
    expect(profile.body.user.avatar).toBe(lastUrl);

    await p.clockTo(midnight * 1000 - 10 * SECOND);
    expectLimited(await upload(++i), AVATARS_PER_DAY, midnight);

    await p.clockTo(midnight * 1000 + 10 * SECOND);
    const next = await upload(++i);
    expectServed([next], 200, AVATARS_PER_DAY, [AVATARS_PER_DAY - 1], midnight + 86_400);
    const after = await call('GET', '/v1/users/me', { token: u.accessToken });
    expect(after.status).toBe(200);
    expect(after.body.user.avatar).toBe(next.body.avatarUrl);
  });
});
