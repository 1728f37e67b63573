import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { openTestDatabase, type TestDatabase } from "../../tests/support/test-database";
import { loginThrottle } from "../db/schema";
import { seedProject } from "../../tests/support/seed";
import { createUser } from "../users/create-user";
import { clearLoginFailures, isLoginLocked, recordLoginFailure } from "./login-throttle";
import { authorizeCredentials } from "./options";

// The throttle takes the clock as a parameter (`now`), so the lock lengths are checked on a fixed timeline,
// not by waiting; the sign-in test at the end runs on the real clock.
let t: TestDatabase;
const T0 = new Date("2030-01-01T00:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);
const SECOND = 1000;
const MINUTE = 60 * SECOND;

beforeAll(async () => {
  t = await openTestDatabase();
});

afterAll(async () => {
  await t?.dispose();
});

/** Record `n` failures for `key`, all at `now`. */
async function fail(key: string, n: number, now = T0) {
  for (let i = 0; i < n; i++) await recordLoginFailure(t.db, key, now);
}

/** How long the key stays locked from `now`, read from the stored lock (0 when none). */
async function lockMsFrom(key: string, now: Date): Promise<number> {
  const [row] = await t.db.select().from(loginThrottle).where(eq(loginThrottle.key, key));
  return row?.lockedUntil ? Math.max(0, row.lockedUntil.getTime() - now.getTime()) : 0;
}

describe(`login throttle (${process.env.TEST_DB_KIND})`, () => {
  it("lets four failures through and locks the key on the fifth, for 30 seconds", async () => {
    const key = "four-free@example.com";
    await fail(key, 4);
    expect(await isLoginLocked(t.db, key, T0)).toBe(false);
    expect(await lockMsFrom(key, T0)).toBe(0);

    await fail(key, 1);
    expect(await isLoginLocked(t.db, key, T0)).toBe(true);
    expect(await isLoginLocked(t.db, key, at(30 * SECOND - 1))).toBe(true);
    // The lock ends at T0 + 30 s exactly: from then on the key may try again.
    expect(await isLoginLocked(t.db, key, at(30 * SECOND))).toBe(false);
    expect(await isLoginLocked(t.db, key, at(31 * SECOND))).toBe(false);
  });

  it("doubles the lock with each further failure and caps it at 15 minutes", async () => {
    const key = "doubling@example.com";
    await fail(key, 4);
    const locks: number[] = [];
    for (let i = 0; i < 8; i++) {
      await fail(key, 1);
      locks.push(await lockMsFrom(key, T0));
    }
    expect(locks).toEqual([30, 60, 120, 240, 480, 900, 900, 900].map((s) => s * SECOND));
    expect(await isLoginLocked(t.db, key, at(15 * MINUTE - 1))).toBe(true);
    expect(await isLoginLocked(t.db, key, at(15 * MINUTE))).toBe(false);
  });

  it("counts from the time of each failure: a failure after the lock ran out locks again, for longer", async () => {
    const key = "later@example.com";
    await fail(key, 5, T0);
    expect(await isLoginLocked(t.db, key, at(31 * SECOND))).toBe(false);
    await recordLoginFailure(t.db, key, at(31 * SECOND));
    expect(await lockMsFrom(key, at(31 * SECOND))).toBe(60 * SECOND);
    expect(await isLoginLocked(t.db, key, at(90 * SECOND))).toBe(true);
  });

  it("a success clears the count: the next lock again needs five failures and lasts 30 seconds", async () => {
    const key = "cleared@example.com";
    await fail(key, 7);
    expect(await isLoginLocked(t.db, key, T0)).toBe(true);

    await clearLoginFailures(t.db, key);
    expect(await isLoginLocked(t.db, key, T0)).toBe(false);
    await fail(key, 4);
    expect(await isLoginLocked(t.db, key, T0)).toBe(false);
    await fail(key, 1);
    expect(await lockMsFrom(key, T0)).toBe(30 * SECOND);
  });

  it("keys are independent: one locked e-mail does not lock another", async () => {
    await fail("noisy@example.com", 6);
    await fail("quiet@example.com", 1);
    expect(await isLoginLocked(t.db, "noisy@example.com", T0)).toBe(true);
    expect(await isLoginLocked(t.db, "quiet@example.com", T0)).toBe(false);
    expect(await isLoginLocked(t.db, "never-seen@example.com", T0)).toBe(false);
  });
});

describe(`sign-in with the throttle (${process.env.TEST_DB_KIND})`, () => {
  const PASSWORD = "a long enough passphrase";

  beforeAll(async () => {
    await seedProject(t.db, "throttle");
    await createUser(t.db, "throttle", { email: "reviewer@example.com", firstName: "Rae", lastName: "View", role: "reviewer", password: PASSWORD });
    await createUser(t.db, "throttle", { email: "eventually@example.com", firstName: "", lastName: "", role: "reviewer", password: PASSWORD });
  });

  it("after five wrong passwords the right one is refused too, until the lock ends", async () => {
    for (let i = 0; i < 5; i++) expect(await authorizeCredentials("Reviewer@Example.com", `wrong ${i}`)).toBeNull();
    expect(await isLoginLocked(t.db, "reviewer@example.com")).toBe(true);
    expect(await authorizeCredentials("reviewer@example.com", PASSWORD)).toBeNull();
  });

  it("four wrong passwords, then the right one signs in and clears the count", async () => {
    for (let i = 0; i < 4; i++) expect(await authorizeCredentials("eventually@example.com", `wrong ${i}`)).toBeNull();
    expect(await authorizeCredentials("eventually@example.com", PASSWORD)).toMatchObject({ email: "eventually@example.com", role: "reviewer" });
    expect(await t.db.select().from(loginThrottle).where(eq(loginThrottle.key, "eventually@example.com"))).toEqual([]);
  });

  it("locks an e-mail that has no account the same way, so the lock reveals nothing", async () => {
    const unknown = "Nobody@Example.com";
    for (let i = 0; i < 4; i++) await authorizeCredentials(unknown, "guess");
    expect(await isLoginLocked(t.db, "nobody@example.com")).toBe(false);
    await authorizeCredentials(unknown, "guess");
    expect(await isLoginLocked(t.db, "nobody@example.com")).toBe(true);
    const [row] = await t.db.select().from(loginThrottle).where(eq(loginThrottle.key, "nobody@example.com"));
    expect(row.failures).toBe(5);
  });
});
