import { describe, expect, it } from 'vitest';
import { randomHex, traceFrom } from '../../kernel/observability.js';

/**
 * Trace and span ids (kernel/observability.ts): W3C Trace Context wants 16 random bytes for a trace id and 8 for a
 * span id, in lower-case hex, never all zeros (https://www.w3.org/TR/trace-context/#trace-id). They come from a pool
 * of random bytes refilled 4 KB at a time; ids drawn across many refills stay distinct.
 */
describe('trace ids', () => {
  it('draws ids of the asked length in lower-case hex, all distinct across many refills of the pool', () => {
    const ids = new Set<string>();
    // 16 bytes each: 256 ids per 4 KB refill, so 20,000 ids cross about 80 refills
    for (let i = 0; i < 20_000; i++) {
      const id = randomHex(16);
      expect(id).toMatch(/^[0-9a-f]{32}$/);
      ids.add(id);
    }
    expect(ids.size).toBe(20_000);
    expect(randomHex(8)).toMatch(/^[0-9a-f]{16}$/);
  });

  it('starts a new sampled trace when no valid traceparent comes, and continues a valid one', () => {
    const fresh = traceFrom(undefined);
    expect(fresh.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(fresh).toMatchObject({ flags: '01' });
    expect(fresh.parentId).toBeUndefined();
    expect(traceFrom(undefined).traceId).not.toBe(traceFrom(undefined).traceId);
    // the example of the specification
    expect(traceFrom('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01')).toEqual({ traceId: '4bf92f3577b34da6a3ce929d0e0e4736', parentId: '00f067aa0ba902b7', flags: '01' });
    expect(traceFrom(`00-${'0'.repeat(32)}-00f067aa0ba902b7-01`).parentId).toBeUndefined();
  });
});
