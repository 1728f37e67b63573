import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { testProject } from "@/tests/support/test-project";
import type { Db, DbHandle } from "@/lib/db/client";
import { apiKeys } from "@/lib/db/schema";
import { authenticateApiKey, clearApiKeyCache, forgetApiKey } from "./authenticate-api-key";
import { createApiKey } from "./create-api-key";
import { hashApiKey } from "../security/api-key-format";

const P = "p-key-lookup";
const t = testProject(P);

/**
 * The file's database seen through a handle whose `select` calls are counted (each lookup is one). While `hold`
 * is set, the next lookup runs at once but its answer is held until `hold.release()`; `hold.arrived` settles
 * when the answer came back from the database.
 */
function countingHandle() {
  let selects = 0;
  let hold: { arrived: () => void; released: Promise<void> } | undefined;
  const held = <T extends object>(value: T, gate: NonNullable<typeof hold>): T =>
    new Proxy(value, {
      get(target, name) {
        const member = Reflect.get(target, name, target) as unknown;
        if (typeof member !== "function") return member;
        if (name === "then") {
          return (ok: (v: unknown) => unknown, ko: (e: unknown) => unknown) =>
            (member as PromiseLike<unknown>["then"]).call(target, (v) => (gate.arrived(), gate.released.then(() => ok(v))), ko);
        }
        return (...args: unknown[]) => {
          const result = (member as (...a: unknown[]) => unknown).apply(target, args);
          return result && typeof result === "object" ? held(result, gate) : result;
        };
      },
    });
  const db = new Proxy(t.db, {
    get(target, name) {
      const value = Reflect.get(target, name, target) as unknown;
      if (typeof value !== "function") return value;
      if (name !== "select") return (value as (...a: unknown[]) => unknown).bind(target);
      return (...args: unknown[]) => {
        selects++;
        const builder = (value as (...a: unknown[]) => object).apply(target, args);
        const gate = hold;
        hold = undefined;
        return gate ? held(builder, gate) : builder;
      };
    },
  }) as Db;
  const handle: DbHandle = { db, kind: t.kind, listen: t.listen, close: t.close };
  return {
    handle,
    selects: () => selects,
    /** Hold the next lookup's answer: resolves once it arrived, with the function that lets it through. */
    holdNextAnswer(): { arrived: Promise<void>; release: () => void } {
      let arrived!: () => void;
      let release!: () => void;
      const arrival = new Promise<void>((r) => (arrived = r));
      hold = { arrived, released: new Promise<void>((r) => (release = r)) };
      return { arrived: arrival, release };
    },
  };
}

const verdicts = (handle: DbHandle, key: string, n: number) =>
  Promise.all(Array.from({ length: n }, () => authenticateApiKey(handle, `Bearer ${key}`).then((a) => a.projectId, (e: { status?: number }) => e.status)));

describe(`API key lookups under concurrency (${process.env.TEST_DB_KIND})`, () => {
  it("concurrent requests with an uncached key share one query, and the next miss after expiry is one query again", async () => {
    clearApiKeyCache();
    const { handle, selects } = countingHandle();
    const { key } = await createApiKey(t.db, P, "single flight");
    expect(await verdicts(handle, key, 32)).toEqual(Array(32).fill(P));
    expect(selects()).toBe(1);
    // Cached now: no query at all.
    expect(await verdicts(handle, key, 8)).toEqual(Array(8).fill(P));
    expect(selects()).toBe(1);
    const expired = { now: Date.now() + 60_000 };
    const later = await Promise.all(Array.from({ length: 16 }, () => authenticateApiKey(handle, `Bearer ${key}`, expired)));
    expect(later.map((a) => a.projectId)).toEqual(Array(16).fill(P));
    expect(selects()).toBe(2);
  });

  it("an unknown key is refused to every concurrent caller, with one query", async () => {
    clearApiKeyCache();
    const { handle, selects } = countingHandle();
    expect(await verdicts(handle, "kyc_unknown_key_0123456789abcdef01234", 10)).toEqual(Array(10).fill(401));
    expect(selects()).toBe(1);
  });

  it("a revocation while a lookup is in flight: later callers do not join it, and its answer is not cached", async () => {
    clearApiKeyCache();
    const { handle, selects, holdNextAnswer } = countingHandle();
    await verdicts(handle, t.apiKey, 1); // the revocation LISTEN is in effect from here on
    const created = await createApiKey(t.db, P, "revoked while read");
    const hold = holdNextAnswer();
    const early = verdicts(handle, created.key, 4);
    await hold.arrived; // the key was read while still active; its answer waits
    await t.db.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, created.id));
    forgetApiKey(handle.db, hashApiKey(created.key));
    expect(await verdicts(handle, created.key, 4)).toEqual(Array(4).fill(401));
    hold.release();
    // The early callers raced the revocation and were let in, as one lookup each would have been.
    expect(await early).toEqual(Array(4).fill(P));
    expect(await verdicts(handle, created.key, 2)).toEqual(Array(2).fill(401));
    expect(selects()).toBe(4);
  });
});
