import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { openTestDatabase, type TestDatabase } from "../../tests/support/test-database";
import { idempotencyKeys, jobs, rateLimitWindows } from "../db/schema";
import { runMaintenance } from "./maintenance";

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(async () => {
  await t?.dispose();
});

describe(`maintenance (${process.env.TEST_DB_KIND})`, () => {
  it("deletes expired idempotency keys, week-old succeeded jobs and ended rate-limit windows, keeping the rest", async () => {
    const past = new Date(Date.now() - 60_000);
    const future = new Date(Date.now() + 60_000);
    await t.db.insert(idempotencyKeys).values([
      { projectId: "p", scope: "s", key: "old", requestHash: "h", expiresAt: past },
      { projectId: "p", scope: "s", key: "live", requestHash: "h", expiresAt: future },
    ]);
    const eightDaysAgo = new Date(Date.now() - 8 * 86_400_000);
    await t.db.insert(jobs).values([
      { projectId: "p", kind: "api_plugin", payload: { n: 1 }, status: "succeeded", finishedAt: eightDaysAgo },
      { projectId: "p", kind: "api_plugin", payload: { n: 2 }, status: "succeeded", finishedAt: new Date() },
      { projectId: "p", kind: "api_plugin", payload: { n: 3 }, status: "failed", finishedAt: eightDaysAgo },
      { projectId: "p", kind: "api_plugin", payload: { n: 4 }, status: "pending" },
    ]);
    const apiKeyId = "00000000-0000-4000-8000-000000000001";
    const minute = 60_000;
    const thisMinute = new Date(Math.floor(Date.now() / minute) * minute);
    await t.db.insert(rateLimitWindows).values([
      { apiKeyId, windowStart: new Date(thisMinute.getTime() - 10 * minute), count: 5 },
      { apiKeyId, windowStart: thisMinute, count: 7 },
    ]);
    expect(await runMaintenance(t.db)).toEqual({ idempotencyKeys: 1, jobs: 1, rateLimitWindows: 1 });
    expect((await t.db.select().from(rateLimitWindows)).map((w) => w.count)).toEqual([7]);
    expect((await t.db.select().from(idempotencyKeys)).map((k) => k.key)).toEqual(["live"]);
    const left = await t.db.select({ n: sql<number>`(${jobs.payload}->>'n')::int` }).from(jobs).orderBy(sql`1`);
    expect(left.map((r) => Number(r.n))).toEqual([2, 3, 4]);
  });
});
