import { beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { seedProject } from "@/tests/support/seed";
import { testOtherProcess, testProject } from "@/tests/support/test-project";
import { apiKeys } from "@/lib/db/schema";
import { authenticateApiKey } from "./authenticate-api-key";
import { createApiKey, revokeApiKey } from "./create-api-key";

const P = "p-revocation";
const MOVED = "p-revocation-moved";
const t = testProject(P);
const other = testOtherProcess(t, 2);

beforeAll(async () => {
  await seedProject(t.db, MOVED);
});

/** Far longer than the test waits: only the NOTIFY can make the other process refuse in time. */
const LONG_CACHE = { cacheTtlMs: 60_000 };

/** What the other process answers for the key now: its project, or the error status. */
function verdict(key: string) {
  return authenticateApiKey(other, `Bearer ${key}`, LONG_CACHE).then(
    (auth) => auth.projectId,
    (error: { status?: number }) => error.status,
  );
}

/** Cache the key in the other process, and show it is cached: a change no trigger announces goes unseen there. */
async function cachedElsewhere(name: string) {
  const created = await createApiKey(t.db, P, name);
  expect(await verdict(created.key)).toBe(P);
  await t.db.update(apiKeys).set({ projectId: MOVED }).where(eq(apiKeys.id, created.id));
  expect(await verdict(created.key)).toBe(P);
  return created;
}

describe(`API key revocation across processes (${process.env.TEST_DB_KIND})`, () => {
  it("a revocation made elsewhere drops the cached lookup as soon as its notification arrives", async () => {
    const created = await cachedElsewhere("revoked elsewhere");
    if (!t.url) {
      // One process on PGlite: revoke with a bare statement, so only the notification can reach the cache.
      await t.db.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, created.id));
    } else {
      expect(await revokeApiKey(t.db, MOVED, created.id)).toBe(true);
    }
    await expect.poll(() => verdict(created.key), { timeout: 2000, interval: 25 }).toBe(401);
  });

  it("deleting a key drops it too", async () => {
    const created = await cachedElsewhere("deleted elsewhere");
    await t.db.delete(apiKeys).where(eq(apiKeys.id, created.id));
    await expect.poll(() => verdict(created.key), { timeout: 2000, interval: 25 }).toBe(401);
  });

  it.skipIf(process.env.TEST_DB_KIND !== "postgres")("a dropped LISTEN connection forgets every cached key, since revocations may have been missed", async () => {
    const created = await cachedElsewhere("listen dropped");
    // Kill the other process's LISTEN connection; postgres.js reconnects and listens again.
    await t.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and query like 'listen "kyc_api_key_revoked"%'`);
    await expect.poll(() => verdict(created.key), { timeout: 5000, interval: 50 }).toBe(MOVED);
  });

  it("revokeApiKey takes effect at once in its own process, with no wait for the notification", async () => {
    const created = await createApiKey(t.db, P, "revoked here");
    expect((await authenticateApiKey(t, `Bearer ${created.key}`, LONG_CACHE)).projectId).toBe(P);
    expect(await revokeApiKey(t.db, P, created.id)).toBe(true);
    await expect(authenticateApiKey(t, `Bearer ${created.key}`, LONG_CACHE)).rejects.toMatchObject({ status: 401 });
  });
});
