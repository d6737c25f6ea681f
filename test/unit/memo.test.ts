import { describe, expect, it } from 'vitest';
import { Memo } from '../../kernel/memo.js';

/** kernel/memo.ts: at most `max` values, the one set longest ago forgotten first; a value is computed once while kept. */
describe('Memo', () => {
  it('keeps max entries and forgets the oldest when one more comes', () => {
    const m = new Memo<string, number>(3);
    for (const [k, v] of [
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ] as const)
      m.set(k, v);
    expect([m.size, m.get('a')]).toEqual([3, 1]);
    m.set('d', 4);
    expect([m.size, m.get('a'), m.get('b'), m.get('d')]).toEqual([3, undefined, 2, 4]);
  });

  it('setting a key it holds forgets nothing', () => {
    const m = new Memo<string, number>(2);
    m.set('a', 1);
    m.set('b', 2);
    m.set('b', 20);
    expect([m.get('a'), m.get('b'), m.size]).toEqual([1, 20, 2]);
  });

  it('computes a value once while it is kept, and again once forgotten', () => {
    const m = new Memo<number, string>(2);
    let calls = 0;
    const compute = (k: number) => (calls++, `v${k}`);
    expect([m.of(1, compute), m.of(1, compute), calls]).toEqual(['v1', 'v1', 1]);
    m.of(2, compute);
    m.of(3, compute); // 1 is forgotten
    expect([m.of(1, compute), calls]).toEqual(['v1', 4]);
  });
});
