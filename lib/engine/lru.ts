/**
 * A least-recently-used cache bounded both in entries and in total weight (e.g. characters). `onEvict` runs
 * for every entry that leaves the cache (evicted, replaced, deleted or cleared), so values that own memory
 * outside the JavaScript heap can free it.
 *
 * @example
 * const cache = new BoundedLru<string, number>({ maxEntries: 2, maxWeight: 10 });
 * cache.set("a", 1, 4); cache.set("b", 2, 4); cache.set("c", 3, 4); // "a" is evicted (weight 12 > 10)
 * cache.get("a") // undefined
 */
export class BoundedLru<K, V> {
  private readonly entries = new Map<K, { value: V; weight: number }>();
  private totalWeight = 0;

  constructor(private readonly options: { maxEntries: number; maxWeight: number; onEvict?: (value: V, key: K) => void }) {}

  get size(): number {
    return this.entries.size;
  }

  get weight(): number {
    return this.totalWeight;
  }

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  /** Stores `value`; a value heavier than `maxWeight` is not stored (and is handed to `onEvict` at once). */
  set(key: K, value: V, weight: number): void {
    this.delete(key);
    if (weight > this.options.maxWeight) {
      this.options.onEvict?.(value, key);
      return;
    }
    this.entries.set(key, { value, weight });
    this.totalWeight += weight;
    while (this.entries.size > this.options.maxEntries || this.totalWeight > this.options.maxWeight) {
      const oldest = this.entries.keys().next().value as K;
      this.delete(oldest);
    }
  }

  delete(key: K): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.totalWeight -= entry.weight;
    this.options.onEvict?.(entry.value, key);
  }

  /** Empties the cache; `dispose: false` skips `onEvict` (for values that are already unusable). */
  clear(dispose = true): void {
    const old = [...this.entries];
    this.entries.clear();
    this.totalWeight = 0;
    if (dispose) for (const [key, entry] of old) this.options.onEvict?.(entry.value, key);
  }
}
