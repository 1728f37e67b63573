import { afterEach, describe, expect, it, vi } from "vitest";
import { RATE_LIMIT_WINDOW_MS, RateLimiter, unconfirmedCap, type RateLimitSync } from "./rate-limiter";

/** An in-memory stand-in for `rate_limit_windows`, answering after a random delay like a database would. */
function sharedStore(maxDelayMs = 3) {
  const counts = new Map<string, number>();
  let calls = 0;
  const sync: RateLimitSync = async (key, windowStart, count) => {
    calls++;
    await new Promise((resolve) => setTimeout(resolve, Math.random() * maxDelayMs));
    const id = `${key}@${windowStart.toISOString()}`;
    const total = (counts.get(id) ?? 0) + count;
    counts.set(id, total);
    return total;
  };
  return { sync, counts, calls: () => calls };
}

/** Fire `requests` concurrent requests for one key, spread at random over the limiters ("processes"). */
async function burst(limiters: RateLimiter[], key: string, limit: number, requests: number) {
  const results = await Promise.all(
    Array.from({ length: requests }, async (_, i) => {
      if (i % 7 === 0) await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
      return limiters[Math.floor(Math.random() * limiters.length)].consume(key, limit);
    }),
  );
  return results.filter((r) => r!.allowed).length;
}

/**
 * Wait, if need be, until at least `ms` are left in the current window: windows are wall-clock minutes, and a
 * burst on a slow machine that straddled a minute boundary would be counted against two windows.
 */
async function awayFromWindowEnd(ms = 15_000) {
  const left = RATE_LIMIT_WINDOW_MS - (Date.now() % RATE_LIMIT_WINDOW_MS);
  if (left < ms) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

const limiters: RateLimiter[] = [];
function limiter(options: ConstructorParameters<typeof RateLimiter>[0] = {}) {
  // A generous syncWaitMs: the bound is only promised while syncs answer within it, and CI machines can be slow.
  const l = new RateLimiter({ warn: () => undefined, syncWaitMs: 60_000, ...options });
  limiters.push(l);
  return l;
}
afterEach(() => {
  for (const l of limiters.splice(0)) l.reset();
  vi.useRealTimers();
});

describe("RateLimiter", () => {
  it("alone, admits exactly the limit per window and refuses the rest with the time to the window's end", async () => {
    const alone = limiter();
    const start = 1_800_000_000_000 - (1_800_000_000_000 % RATE_LIMIT_WINDOW_MS);
    const now = start + 15_000;
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await alone.consume("k", 3, now));
    expect(results.map((r) => [r!.allowed, r!.remaining])).toEqual([[true, 2], [true, 1], [true, 0], [false, 0]]);
    expect(results[3]!.resetSeconds).toBe(45);
    expect((await alone.consume("other", 3, now))!.remaining).toBe(2);
    expect((await alone.consume("k", 3, start + RATE_LIMIT_WINDOW_MS))!).toMatchObject({ allowed: true, remaining: 2, resetSeconds: 60 });
  });

  it("limit 0 disables limiting without touching the store", async () => {
    const store = sharedStore();
    expect(await limiter({ sync: store.sync }).consume("k", 0)).toBeUndefined();
    expect(store.calls()).toBe(0);
  });

  it.each([1, 3, 50, 400, 2000])("processes sharing a store admit between L and L + (P − 1) × cap requests (L = %i)", { timeout: 60_000 }, async (limit) => {
    for (const processes of [2, 4]) {
      await awayFromWindowEnd();
      const store = sharedStore();
      const group = Array.from({ length: processes }, () => limiter({ sync: store.sync }));
      const admitted = await burst(group, `k${processes}`, limit, limit * 3 + 20);
      expect(admitted).toBeGreaterThanOrEqual(limit);
      expect(admitted).toBeLessThanOrEqual(limit + (processes - 1) * unconfirmedCap(limit));
    }
  });

  it("stays within the bound when requests trickle in over time, and the store ends up with every admission", { timeout: 60_000 }, async () => {
    await awayFromWindowEnd();
    const store = sharedStore(2);
    const a = limiter({ sync: store.sync, syncIntervalMs: 20 });
    const b = limiter({ sync: store.sync, syncIntervalMs: 20 });
    const limit = 300;
    let admitted = 0;
    for (let round = 0; round < 40; round++) {
      admitted += await burst([a, b], "k", limit, 12);
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
    expect(admitted).toBeGreaterThanOrEqual(limit);
    expect(admitted).toBeLessThanOrEqual(limit + unconfirmedCap(limit));
    await vi.waitFor(() => expect([...store.counts.values()].reduce((x, y) => x + y, 0)).toBe(admitted), { timeout: 1000 });
  });

  it("below the cap a request never waits for the store; an idle key's counts reach it on the timer", async () => {
    let release!: () => void;
    const sent: number[] = [];
    const sync: RateLimitSync = async (_key, _start, count) => {
      sent.push(count);
      await new Promise<void>((resolve) => (release = resolve));
      return sent.reduce((x, y) => x + y, 0);
    };
    const l = limiter({ sync, syncIntervalMs: 30 });
    // Cap 10: the first request starts a sync that hangs; nine more are admitted meanwhile without waiting.
    for (let i = 0; i < 10; i++) expect((await l.consume("k", 1000))!.allowed).toBe(true);
    expect(sent).toEqual([1]);
    release();
    await vi.waitFor(() => expect(sent).toEqual([1, 9]), { timeout: 500 });
    release();
  });

  it("flushAll sends the counts not yet shared at once and resolves when the store has them", async () => {
    const store = sharedStore(20);
    const l = limiter({ sync: store.sync, syncIntervalMs: 60_000 });
    // The first request starts a sync; the other four are admitted meanwhile and would wait for the (long) timer.
    for (let i = 0; i < 5; i++) await l.consume("k", 1000);
    await l.flushAll();
    expect([...store.counts.values()]).toEqual([5]);
  });

  it("at the cap, a request waits for the sync and then decides on the total it returned", async () => {
    let total = 95; // other processes have used 95 of 100
    const sync = vi.fn<RateLimitSync>(async (_key, _start, count) => (total += count));
    const l = limiter({ sync });
    expect((await l.consume("k", 100))!.allowed).toBe(true); // cap 1: this one is sent at once
    const [second, third] = await Promise.all([l.consume("k", 100), l.consume("k", 100)]);
    expect(second).toMatchObject({ allowed: true, remaining: 3 });
    expect(third).toMatchObject({ allowed: true, remaining: 2 });
    expect(sync).toHaveBeenCalledTimes(3);
    expect(total).toBe(98);
  });

  it("counts alone when the store fails, says so once, and shares again once it works", async () => {
    let failing = true;
    const warn = vi.fn();
    const store = sharedStore(0);
    const sync: RateLimitSync = (key, start, count) => (failing ? Promise.reject(new Error("connection refused")) : store.sync(key, start, count));
    const l = limiter({ sync, warn, syncIntervalMs: 5 });
    const windowStart = new Date(Date.now() - (Date.now() % RATE_LIMIT_WINDOW_MS));
    const first = [];
    for (let i = 0; i < 5; i++) first.push(await l.consume("k", 5));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(first.every((r) => r!.allowed)).toBe(true);
    expect((await l.consume("k", 5))!.allowed).toBe(false);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toMatch(/counts alone.*connection refused/);
    failing = false;
    await vi.waitFor(() => expect(store.counts.get(`k@${windowStart.toISOString()}`)).toBe(5), { timeout: 1000 });
    expect(warn).toHaveBeenLastCalledWith(expect.stringMatching(/again/));
  });

  it("a store slower than syncWaitMs does not hold requests at the cap longer than that", async () => {
    const l = limiter({ sync: () => new Promise<number>(() => undefined), syncWaitMs: 20 });
    const started = Date.now();
    const results = [];
    for (let i = 0; i < 3; i++) results.push(await l.consume("k", 100));
    expect(results.every((r) => r!.allowed)).toBe(true);
    expect(Date.now() - started).toBeLessThan(500);
  });
});
