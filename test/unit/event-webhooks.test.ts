import { describe, expect, it } from 'vitest';
import { afterFailure, DEFAULT_RETRY_SCHEDULE, disablesEndpoint, parseRetrySchedule } from '../../subgraphs/workspace/webhooks/rules.js';
import { loadConfig } from '../../kernel/config.js';

/** The event webhooks' pure rules (docs/events.md "Retries"). */
describe('event webhook retries', () => {
  it("the default schedule is Svix's published one: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h after the first attempt", () => {
    // https://docs.svix.com/retries: "Immediately, 5 seconds, 5 minutes, 30 minutes, 2 hours, 5 hours, 10 hours, 10 hours"
    const s = parseRetrySchedule(DEFAULT_RETRY_SCHEDULE)!;
    expect(s).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]);
    // eight attempts over 27 h 35 min 5 s
    expect(s.length + 1).toBe(8);
    expect(s.reduce((a, b) => a + b, 0)).toBe(((27 * 60 + 35) * 60 + 5) * 1000);
    // the configuration's default is the same schedule
    expect(loadConfig({}).EVENT_WEBHOOK_RETRY_SCHEDULE).toBe(DEFAULT_RETRY_SCHEDULE);
  });

  it('parses ms, s, m and h; refuses anything else', () => {
    expect(parseRetrySchedule('250ms, 1s,2m,3h')).toEqual([250, 1000, 120_000, 10_800_000]);
    expect(parseRetrySchedule('')).toEqual([]);
    for (const bad of ['5', '5d', '-1s', '1.5s', 'soon', '1s;2s', '169h']) expect(parseRetrySchedule(bad), bad).toBeNull();
    expect(() => loadConfig({ EVENT_WEBHOOK_RETRY_SCHEDULE: '5 minutes' })).toThrow(/EVENT_WEBHOOK_RETRY_SCHEDULE/);
  });

  it('after attempt n fails, the nth wait; after the last, none', () => {
    const s = [5_000, 300_000];
    expect(afterFailure(s, 1)).toEqual({ retryInMs: 5_000 });
    expect(afterFailure(s, 2)).toEqual({ retryInMs: 300_000 });
    expect(afterFailure(s, 3)).toEqual({ exhausted: true });
    expect(afterFailure([], 1)).toEqual({ exhausted: true });
  });

  it('a delivery out of attempts disables its endpoint only when no delivery succeeded since its first attempt', () => {
    const first = new Date('2026-11-26T10:00:00Z');
    expect(disablesEndpoint(new Date('2026-11-26T09:00:00Z'), first)).toBe(true); // failing since before
    expect(disablesEndpoint(first, first)).toBe(true); // failing since this very attempt
    expect(disablesEndpoint(new Date('2026-11-26T10:00:01Z'), first)).toBe(false); // a success came in between
    expect(disablesEndpoint(null, first)).toBe(false); // the endpoint's last attempt succeeded
  });
});
