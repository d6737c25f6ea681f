/**
 * Pure rules of event webhooks (docs/events.md "Webhooks"): the retry schedule and when an endpoint is disabled.
 * No I/O; unit-tested in test/unit/event-webhooks.test.ts.
 */

/**
 * The default retry schedule: the waits after the first attempt fails, before each next attempt: 5 s, 5 min, 30 min,
 * 2 h, 5 h, 10 h, 10 h (Svix's published schedule, https://docs.svix.com/retries): eight attempts over 27 h 35 min 5 s.
 */
export const DEFAULT_RETRY_SCHEDULE = '5s,5m,30m,2h,5h,10h,10h';

const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 } as const;

/** Parses a schedule such as `5s,5m,2h` (units ms, s, m, h) into waits in milliseconds; null when it is not one. */
export function parseRetrySchedule(text: string): number[] | null {
  const parts = text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length > 20) return null;
  const waits: number[] = [];
  for (const p of parts) {
    const m = /^(\d{1,7})(ms|s|m|h)$/.exec(p);
    if (!m) return null;
    const ms = Number(m[1]) * UNIT_MS[m[2] as keyof typeof UNIT_MS];
    if (ms > 7 * 24 * 3_600_000) return null;
    waits.push(ms);
  }
  return waits;
}

/** What follows a failed attempt number `attempt` (1 = the first of a run): the wait before the next one, or none left. */
export function afterFailure(schedule: readonly number[], attempt: number): { retryInMs: number } | { exhausted: true } {
  const wait = schedule[attempt - 1];
  return wait === undefined ? { exhausted: true } : { retryInMs: wait };
}

/**
 * Whether a delivery that has used its whole schedule disables its endpoint: when the endpoint has answered no
 * delivery with a 2xx since that delivery's first attempt (its failures began then or earlier). An endpoint that
 * succeeds now and then, with a delivery failing for its own reasons, stays enabled.
 */
export function disablesEndpoint(failingSince: Date | null, firstAttemptAt: Date): boolean {
  return failingSince !== null && failingSince.getTime() <= firstAttemptAt.getTime();
}
