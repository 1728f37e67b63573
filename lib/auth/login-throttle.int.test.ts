import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { openTestDatabase, type TestDatabase } from "../../tests/support/test-database";
import { loginThrottle } from "../db/schema";
import { activeLoginLocks, clearLoginFailures, forgetLoginAttempt, recordLoginFailure, takeLoginAttempt, throttleKeys, type ThrottlePolicy } from "./login-throttle";

// The throttle takes the clock as a parameter (`now`), so lock lengths are checked on a fixed timeline here;
// check-credentials.int.test.ts runs sign-ins on the real clock with short locks.
let t: TestDatabase;
const T0 = new Date("2030-01-01T00:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const POLICY: ThrottlePolicy = { freeFailures: 5, baseLockMs: 30 * SECOND, maxLockMs: 15 * MINUTE, forgetAfterMs: 24 * 60 * MINUTE };

beforeAll(async () => {
  t = await openTestDatabase();
});

afterAll(async () => {
  await t?.dispose();
});

/** Record `n` failures for `key`, all at `now`. */
async function fail(key: string, n: number, now = T0, policy = POLICY) {
  for (let i = 0; i < n; i++) await recordLoginFailure(t.db, key, policy, now);
}

async function row(key: string) {
  const [r] = await t.db.select().from(loginThrottle).where(eq(loginThrottle.key, key));
  return r;
}

const isLocked = async (key: string, now: Date) => (await activeLoginLocks(t.db, [key], now)).has(key);

describe(`login throttle (${process.env.TEST_DB_KIND})`, () => {
  it("lets four failures through and locks the key on the fifth, for 30 seconds", async () => {
    const key = "email:four-free@example.com";
    await fail(key, 4);
    expect(await isLocked(key, T0)).toBe(false);
    expect((await row(key)).lockedUntil).toBeNull();

    await fail(key, 1);
    expect(await isLocked(key, T0)).toBe(true);
    expect(await isLocked(key, at(30 * SECOND - 1))).toBe(true);
    // The lock ends at T0 + 30 s exactly: from then on the key may try again.
    expect(await isLocked(key, at(30 * SECOND))).toBe(false);
  });

  it("failures during a lock are counted but do not move its end", async () => {
    const key = "email:hammered@example.com";
    await fail(key, 5);
    await fail(key, 20, at(10 * SECOND));
    await fail(key, 1, at(30 * SECOND - 1));
    expect(await row(key)).toMatchObject({ failures: 26, lockedUntil: at(30 * SECOND) });
    expect(await isLocked(key, at(30 * SECOND))).toBe(false);
  });

  it("each failure after a lock ended locks twice as long as the last, capped at 15 minutes", async () => {
    const key = "email:doubling@example.com";
    await fail(key, 4);
    const locks: number[] = [];
    let now = T0;
    for (let i = 0; i < 8; i++) {
      await fail(key, 1, now);
      const end = (await row(key)).lockedUntil!;
      locks.push(end.getTime() - now.getTime());
      now = end; // the next attempt comes the moment the lock ends
    }
    expect(locks).toEqual([30, 60, 120, 240, 480, 900, 900, 900].map((s) => s * SECOND));
  });

  it("a success clears the count: the next lock again needs five failures and lasts 30 seconds", async () => {
    const key = "email:cleared@example.com";
    await fail(key, 7);
    expect(await isLocked(key, T0)).toBe(true);

    await clearLoginFailures(t.db, key);
    expect(await isLocked(key, T0)).toBe(false);
    await fail(key, 4);
    expect(await isLocked(key, T0)).toBe(false);
    await fail(key, 1);
    expect((await row(key)).lockedUntil).toEqual(at(30 * SECOND));
  });

  it("a key quiet for longer than forgetAfterMs starts counting afresh", async () => {
    const key = "ip:198.51.100.20";
    const policy = { ...POLICY, forgetAfterMs: 10 * MINUTE };
    await fail(key, 4, T0, policy);
    await fail(key, 1, at(10 * MINUTE + 1), policy);
    expect(await row(key)).toMatchObject({ failures: 1, lockedUntil: null });
    // Within the window, they add up.
    await fail(key, 4, at(11 * MINUTE), policy);
    expect(await row(key)).toMatchObject({ failures: 5, lockedUntil: at(11 * MINUTE + 30 * SECOND) });
  });

  it("keys are independent, and activeLoginLocks answers only the locked ones with their ends", async () => {
    await fail("email:noisy@example.com", 6);
    await fail("email:quiet@example.com", 1);
    const locks = await activeLoginLocks(t.db, ["email:noisy@example.com", "email:quiet@example.com", "email:never-seen@example.com"], T0);
    expect([...locks]).toEqual([["email:noisy@example.com", at(30 * SECOND)]]);
    expect(await activeLoginLocks(t.db, [], T0)).toEqual(new Map());
  });

  it("a policy without free failures locks on the first one", async () => {
    const key = "email:strict@example.com";
    await fail(key, 1, T0, { ...POLICY, freeFailures: 1 });
    expect(await row(key)).toMatchObject({ failures: 1, lockedUntil: at(30 * SECOND) });
    expect(await isLocked(key, at(30 * SECOND - 1))).toBe(true);
    expect(await isLocked(key, at(30 * SECOND))).toBe(false);
  });

  it("takeLoginAttempt counts the attempt against every key in advance, or only against the locked ones while locked", async () => {
    const keys = throttleKeys("taken@example.com", "203.0.113.77");
    expect(keys).toEqual({ account: "email:taken@example.com", address: "ip:203.0.113.77" });
    expect(throttleKeys("taken@example.com", null)).toEqual({ account: "email:taken@example.com", address: null });
    const policyOf = () => ({ ...POLICY, freeFailures: 2 });
    expect(await takeLoginAttempt(t.db, [keys.address!, keys.account], policyOf, T0)).toEqual(new Map());
    expect([(await row(keys.account)).failures, (await row(keys.address!)).failures]).toEqual([1, 1]);
    await recordLoginFailure(t.db, keys.account, policyOf(), T0); // the account is now locked
    const locks = await takeLoginAttempt(t.db, [keys.account, keys.address!], policyOf, at(SECOND));
    expect([...locks]).toEqual([[keys.account, at(30 * SECOND)]]);
    expect([(await row(keys.account)).failures, (await row(keys.address!)).failures]).toEqual([3, 1]);
  });

  it("forgetLoginAttempt gives one advance failure back, never below zero", async () => {
    const key = "ip:203.0.113.78";
    await fail(key, 2);
    await forgetLoginAttempt(t.db, key);
    expect((await row(key)).failures).toBe(1);
    await forgetLoginAttempt(t.db, key);
    await forgetLoginAttempt(t.db, key);
    expect((await row(key)).failures).toBe(0);
    await clearLoginFailures(t.db, key);
    expect(await row(key)).toBeUndefined();
  });
});
