// A bounded memo: computed values by key, at most `max` of them, the oldest forgotten first.

/**
 * What the platform remembers of values it computed (parsed documents, verified tokens, compiled rules, located
 * stops, normalized names): a map that holds at most `max` entries and forgets the one set longest ago when full.
 */
export class Memo<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly max: number) {}

  get(key: K): V | undefined {
    return this.entries.get(key);
  }

  set(key: K, value: V): void {
    if (!this.entries.has(key) && this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, value);
  }

  /** The value of `key`: remembered, else `compute`d now and remembered. */
  of(key: K, compute: (key: K) => V): V {
    const known = this.entries.get(key);
    if (known !== undefined) return known;
    const value = compute(key);
    this.set(key, value);
    return value;
  }

  get size(): number {
    return this.entries.size;
  }
}
