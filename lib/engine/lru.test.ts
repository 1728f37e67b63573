import { describe, expect, it } from "vitest";
import { BoundedLru } from "./lru";

/** A cache that records every value handed to `onEvict`, as `key=value`. */
function cache(maxEntries: number, maxWeight: number) {
  const evicted: string[] = [];
  const lru = new BoundedLru<string, number>({ maxEntries, maxWeight, onEvict: (value, key) => evicted.push(`${key}=${value}`) });
  return { lru, evicted };
}

describe("BoundedLru", () => {
  it("keeps at most maxEntries, evicting the least recently used first; a read counts as a use", () => {
    const { lru, evicted } = cache(2, 100);
    lru.set("a", 1, 1);
    lru.set("b", 2, 1);
    expect(lru.get("a")).toBe(1);
    lru.set("c", 3, 1);
    expect(evicted).toEqual(["b=2"]);
    expect([lru.has("a"), lru.has("b"), lru.has("c")]).toEqual([true, false, true]);
    expect(lru.get("b")).toBeUndefined();
    expect([lru.size, lru.weight]).toEqual([2, 2]);
    lru.set("d", 4, 1);
    expect(evicted).toEqual(["b=2", "a=1"]);
  });

  it("keeps the total weight at most maxWeight, evicting as many of the oldest as needed; exactly maxWeight fits", () => {
    const { lru, evicted } = cache(10, 10);
    lru.set("a", 1, 4);
    lru.set("b", 2, 3);
    lru.set("c", 3, 3);
    expect([lru.size, lru.weight, evicted]).toEqual([3, 10, []]);
    lru.set("d", 4, 8);
    expect(evicted).toEqual(["a=1", "b=2", "c=3"]);
    expect([lru.size, lru.weight, lru.get("d")]).toEqual([1, 8, 4]);
  });

  it("does not store a value heavier than maxWeight, hands it to onEvict at once, and keeps the rest", () => {
    const { lru, evicted } = cache(10, 10);
    lru.set("a", 1, 5);
    lru.set("big", 2, 11);
    expect(evicted).toEqual(["big=2"]);
    expect([lru.has("big"), lru.get("a"), lru.size, lru.weight]).toEqual([false, 1, 1, 5]);
  });

  it("replacing a key evicts its old value and counts only the new weight", () => {
    const { lru, evicted } = cache(10, 10);
    lru.set("a", 1, 6);
    lru.set("a", 2, 3);
    expect(evicted).toEqual(["a=1"]);
    expect([lru.get("a"), lru.size, lru.weight]).toEqual([2, 1, 3]);
    lru.set("a", 3, 11); // too heavy: the old value is gone too
    expect(evicted).toEqual(["a=1", "a=2", "a=3"]);
    expect([lru.has("a"), lru.size, lru.weight]).toEqual([false, 0, 0]);
  });

  it("delete frees the entry's weight and evicts it once; deleting a missing key does nothing", () => {
    const { lru, evicted } = cache(10, 10);
    lru.set("a", 1, 4);
    lru.set("b", 2, 4);
    lru.delete("a");
    lru.delete("a");
    lru.delete("never");
    expect(evicted).toEqual(["a=1"]);
    expect([lru.size, lru.weight]).toEqual([1, 4]);
    lru.set("c", 3, 6);
    expect(evicted).toEqual(["a=1"]);
  });

  it("clear empties it and evicts every value, unless told not to dispose them", () => {
    const { lru, evicted } = cache(10, 10);
    lru.set("a", 1, 2);
    lru.set("b", 2, 3);
    lru.clear();
    expect(evicted).toEqual(["a=1", "b=2"]);
    expect([lru.size, lru.weight, lru.has("a")]).toEqual([0, 0, false]);
    lru.set("c", 3, 10);
    lru.clear(false);
    expect(evicted).toEqual(["a=1", "b=2"]);
    expect([lru.size, lru.weight]).toEqual([0, 0]);
    lru.set("d", 4, 10);
    expect(lru.get("d")).toBe(4);
  });

  it("works without onEvict", () => {
    const lru = new BoundedLru<string, number>({ maxEntries: 1, maxWeight: 5 });
    lru.set("a", 1, 1);
    lru.set("b", 2, 1);
    lru.set("c", 3, 9);
    lru.delete("b");
    lru.set("d", 4, 1);
    lru.clear();
    expect(lru.size).toBe(0);
  });
});
