import { afterEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { testOtherProcess, testProject } from "@/tests/support/test-project";
import type { DbHandle } from "@/lib/db/client";
import { rateLimitWindows } from "@/lib/db/schema";
import { resetEnvCache } from "@/lib/config/env";
import { createApiKey } from "@/lib/api-keys";
import { call } from "@/tests/support/http";
import { resetRateLimits } from "./rate-limit";
import { addToRateLimitWindow } from "./rate-limit-windows";
import { RATE_LIMIT_WINDOW_MS, RateLimiter, unconfirmedCap } from "./rate-limiter";
import { withApiKey } from "../with-api-key";

const P = "p-shared-limit";
const t = testProject(P);
/** A second "process". */
const other = testOtherProcess(t, 4);
afterEach(() => {
  delete process.env.RATE_LIMIT_PER_MINUTE;
  resetEnvCache();
  resetRateLimits(t.db);
});

const echo = withApiKey({ scope: "runtimes:read" }, async () => Response.json({ ok: true }));

/**
 * A limiter standing for one app process, sharing counts through `handle`. The bound is only promised while syncs
 * answer within `syncWaitMs`, so it is generous here for slow CI machines.
 */
function processOn(handle: DbHandle) {
  return new RateLimiter({ sync: (key, start, count) => addToRateLimitWindow(handle.db, key, start, count), syncWaitMs: 60_000 });
}

/** Start a test well inside a minute, so its requests all fall in one window. */
async function awayFromWindowEnd(): Promise<void> {
  const left = RATE_LIMIT_WINDOW_MS - (Date.now() % RATE_LIMIT_WINDOW_MS);
  if (left < 10_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

async function storedCount(apiKeyId: string): Promise<number> {
  const rows = await t.db.select({ count: rateLimitWindows.count }).from(rateLimitWindows).where(eq(rateLimitWindows.apiKeyId, apiKeyId));
  return rows.reduce((sum, row) => sum + row.count, 0);
}

describe(`rate limit shared through the database (${process.env.TEST_DB_KIND})`, () => {
  it("two processes together admit between L and L + cap requests of a key, and the table ends up with their sum", async () => {
    await awayFromWindowEnd();
    const { id } = await createApiKey(t.db, P, "burst");
    const limit = 200;
    const [a, b] = [processOn(t), processOn(other)];
    let admitted = 0;
    // Waves of concurrent requests, alternating between the processes, until both refuse.
    for (let wave = 0; wave < 30; wave++) {
      const results = await Promise.all(Array.from({ length: 25 }, (_, i) => (i % 2 ? a : b).consume(id, limit)));
      admitted += results.filter((r) => r!.allowed).length;
    }
    expect(admitted).toBeGreaterThanOrEqual(limit);
    expect(admitted).toBeLessThanOrEqual(limit + unconfirmedCap(limit)); // (P − 1) × cap with P = 2
    await expect.poll(() => storedCount(id), { timeout: 2000 }).toBe(admitted);
    expect((await a.consume(id, limit))!.allowed).toBe(false);
    expect((await b.consume(id, limit))!.allowed).toBe(false);
    a.reset();
    b.reset();
  });

  it("withApiKey counts against the shared budget: another process's requests count, and the 429 carries the headers", async () => {
    await awayFromWindowEnd();
    process.env.RATE_LIMIT_PER_MINUTE = "50";
    resetEnvCache();
    const { id, key } = await createApiKey(t.db, P, "api");
    const elsewhere = processOn(other);
    for (let i = 0; i < 45; i++) expect((await elsewhere.consume(id, 50))!.allowed).toBe(true);
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 10; i++) {
      last = await call(echo, "GET", "/x", { key });
      statuses.push(last.status);
      expect(last.headers.get("ratelimit-limit")).toBe("50");
    }
    const ok = statuses.filter((s) => s === 200).length;
    expect(ok).toBeGreaterThanOrEqual(5);
    expect(ok).toBeLessThanOrEqual(5 + unconfirmedCap(50));
    expect(statuses.slice(ok).every((s) => s === 429)).toBe(true);
    expect(last!.json).toMatchObject({ status: 429, code: "rate_limited" });
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(last!.headers.get("ratelimit-remaining")).toBe("0");
    expect(Number(last!.headers.get("ratelimit-reset"))).toBe(Number(last!.headers.get("retry-after")));
    expect(Number(last!.headers.get("ratelimit-reset"))).toBeLessThanOrEqual(60);
    elsewhere.reset();
  });

  it("RATE_LIMIT_PER_MINUTE=0 leaves the table alone", async () => {
    process.env.RATE_LIMIT_PER_MINUTE = "0";
    resetEnvCache();
    const { id, key } = await createApiKey(t.db, P, "unlimited");
    for (let i = 0; i < 5; i++) expect((await call(echo, "GET", "/x", { key })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await storedCount(id)).toBe(0);
  });
});
