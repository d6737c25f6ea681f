/**
 * The platform's clock: every expiry, lifetime, window, sweep and record stamp reads `now()` (epoch milliseconds)
 * or `nowDate()`, never `Date.now()` or `new Date()` directly. In production it is the system clock.
 *
 * Tests move it. With TEST_CLOCK=true (refused when NODE_ENV=production) every process of the platform serves
 * `PUT /__test/clock {"offsetMs": n}` (kernel/http.ts), which sets this process's clock to system time + n; the test
 * helper `test/support/platform.ts` sets every process of a platform started for the purpose. The offset is absolute
 * (setting it twice is harmless) and applies to everything above at once: tokens signed and verified, sessions,
 * invitations, API keys, rate-limit windows, the purge sweep, surcharge seasons and `added`/`updated` stamps.
 *
 * What stays on system time: operational timers (poll intervals, back-off, timeouts, start-up progress), which
 * measure the process itself rather than the domain.
 */
let offsetMs = 0;

/** The platform's current time, epoch milliseconds. */
export const now = (): number => Date.now() + offsetMs;

/** The platform's current time as a Date. */
export const nowDate = (): Date => new Date(now());

/** Sets the test clock's offset from system time (only reached through the TEST_CLOCK route). */
export function setClockOffset(ms: number): void {
  offsetMs = ms;
}

/** The test clock's offset from system time (0 unless a test moved it). */
export const clockOffset = (): number => offsetMs;
