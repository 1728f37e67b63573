import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import { openTestDatabase, type TestDatabase } from "../../tests/support/test-database";
import { seedProject } from "../../tests/support/seed";
import { resetEnvCache } from "../config/env";
import { auditEvents, loginThrottle, users } from "../db/schema";
import { createUser } from "../users/create-user";
import { checkCredentials } from "./check-credentials";
import { authOptions, authorizeCredentials } from "./options";
import { hashPassword, parseScryptHash, PRODUCTION_SCRYPT_PARAMS, verifyPassword } from "./password";

// Sign-ins on the real clock with short locks: 1 s at first, at most 2 s (LOGIN_LOCK_BASE_MS, LOGIN_LOCK_MAX_MS).
const BASE_MS = 1000;
const MAX_MS = 2000;
const PASSWORD = "a long enough passphrase";
const P = "throttle";
let t: TestDatabase;

beforeAll(async () => {
  process.env.LOGIN_LOCK_BASE_MS = String(BASE_MS);
  process.env.LOGIN_LOCK_MAX_MS = String(MAX_MS);
  resetEnvCache();
  t = await openTestDatabase();
  await seedProject(t.db, P);
});

afterAll(async () => {
  delete process.env.LOGIN_LOCK_BASE_MS;
  delete process.env.LOGIN_LOCK_MAX_MS;
  delete process.env.TRUSTED_PROXY_HOPS;
  resetEnvCache();
  await t?.dispose();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const user = (email: string) => createUser(t.db, P, { email, firstName: "", lastName: "", role: "reviewer", password: PASSWORD });
const signIn = (email: string, password: string, address: string | null = "198.51.100.1") => checkCredentials(t.db, email, password, address);

async function failures(key: string): Promise<number | undefined> {
  const [row] = await t.db.select().from(loginThrottle).where(eq(loginThrottle.key, key));
  return row?.failures;
}

describe(`sign-in with the throttle (${process.env.TEST_DB_KIND})`, () => {
  it("answers a wrong password and an unknown e-mail alike, and a right one with the user and its session version", async () => {
    await user("reviewer@example.com");
    expect(await signIn("reviewer@example.com", "wrong")).toEqual({ kind: "refused" });
    expect(await signIn("nobody@example.com", "wrong")).toEqual({ kind: "refused" });
    expect(await signIn(" Reviewer@Example.com ", PASSWORD)).toEqual({
      kind: "signed_in",
      user: expect.objectContaining({ email: "reviewer@example.com", role: "reviewer", projectId: P, sessionVersion: 1 }),
    });
    expect(await failures("email:reviewer@example.com")).toBeUndefined();
  });

  it("records each sign-in in the account's audit trail: a failure by e-mail only with its reason, a success by id too", async () => {
    const account = await user("audited@example.com");
    await signIn("audited@example.com", "wrong", "198.51.100.20");
    const signedIn = await signIn("audited@example.com", PASSWORD, "198.51.100.20");
    // No first or last name: the session names the user by e-mail.
    expect(signedIn).toMatchObject({ kind: "signed_in", user: { id: account.id, name: "audited@example.com" } });
    await t.db.update(users).set({ active: false }).where(eq(users.id, account.id));
    expect(await signIn("audited@example.com", PASSWORD, "198.51.100.20")).toEqual({ kind: "refused" });
    const rows = await t.db.select().from(auditEvents).where(and(eq(auditEvents.targetType, "user"), eq(auditEvents.targetId, account.id))).orderBy(asc(auditEvents.id));
    expect(rows.map((r) => ({ action: r.action, actorId: r.actorId, actorName: r.actorName, summary: r.summary, projectId: r.projectId }))).toEqual([
      { action: "auth.sign_in_failed", actorId: null, actorName: "audited@example.com", summary: { address: "198.51.100.20", reason: "wrong_password" }, projectId: P },
      { action: "auth.signed_in", actorId: account.id, actorName: "audited@example.com", summary: { address: "198.51.100.20" }, projectId: P },
      { action: "auth.sign_in_failed", actorId: null, actorName: "audited@example.com", summary: { address: "198.51.100.20", reason: "inactive_user" }, projectId: P },
    ]);
    // An e-mail without an account belongs to no project's trail.
    const before = (await t.db.select().from(auditEvents)).length;
    await signIn("nobody-audited@example.com", "wrong", "198.51.100.20");
    expect((await t.db.select().from(auditEvents)).length).toBe(before);
  });

  it("named users are named by their first and last name", async () => {
    const named = await createUser(t.db, P, { email: "named@example.com", firstName: "Ada", lastName: "Lovelace", role: "reviewer", password: PASSWORD });
    expect(await signIn("named@example.com", PASSWORD, "198.51.100.21")).toMatchObject({ kind: "signed_in", user: { id: named.id, name: "Ada Lovelace" } });
  });

  it("after five wrong passwords even the right one is 'locked' with the time left, until the lock ends", async () => {
    await user("five@example.com");
    for (let i = 0; i < 4; i++) expect(await signIn("five@example.com", `wrong ${i}`)).toEqual({ kind: "refused" });
    expect(await signIn("five@example.com", "wrong 4")).toEqual({ kind: "refused" });
    const locked = await signIn("five@example.com", PASSWORD);
    expect(locked.kind).toBe("locked");
    expect(locked.kind === "locked" && locked.retryAfterMs).toBeGreaterThan(0);
    expect(locked.kind === "locked" && locked.retryAfterMs).toBeLessThanOrEqual(BASE_MS);
    await sleep(BASE_MS + 50);
    expect((await signIn("five@example.com", PASSWORD)).kind).toBe("signed_in");
  });

  it("attempts during a lock do not extend it: the right password works the moment the first lock ends", async () => {
    await user("patient@example.com");
    for (let i = 0; i < 5; i++) await signIn("patient@example.com", "wrong");
    const started = Date.now();
    // Attempts while the lock surely runs (it started before `started`), however slow the machine.
    let attempts = 0;
    do {
      expect((await signIn("patient@example.com", "still wrong")).kind).toBe("locked");
      attempts++;
      await sleep(50);
    } while (Date.now() < started + BASE_MS - 300);
    expect(await failures("email:patient@example.com")).toBe(5 + attempts);
    await sleep(Math.max(0, started + BASE_MS + 50 - Date.now()));
    expect((await signIn("patient@example.com", PASSWORD)).kind).toBe("signed_in");
  });

  it("the lock is bounded: however long an attacker keeps failing, the owner can sign in within LOGIN_LOCK_MAX_MS of a lock starting", async () => {
    await user("admin-target@example.com");
    const attacker = "203.0.113.66";
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 6; i++) {
        const outcome = await signIn("admin-target@example.com", "guess", attacker);
        if (outcome.kind === "locked") expect(outcome.retryAfterMs).toBeLessThanOrEqual(MAX_MS);
      }
      const owner = await signIn("admin-target@example.com", PASSWORD, "198.51.100.2");
      expect(owner.kind).toBe("locked");
      if (owner.kind === "locked") await sleep(owner.retryAfterMs + 30);
    }
    expect((await signIn("admin-target@example.com", PASSWORD, "198.51.100.2")).kind).toBe("signed_in");
  });

  it("checks at most five passwords of an account when thirty guesses arrive at once, from thirty addresses", async () => {
    await user("burst@example.com");
    const outcomes = await Promise.all(Array.from({ length: 30 }, (_, i) => signIn("burst@example.com", `guess ${i}`, `203.0.113.${100 + i}`)));
    expect(outcomes.filter((o) => o.kind === "refused")).toHaveLength(5);
    expect(outcomes.filter((o) => o.kind === "locked")).toHaveLength(25);
    expect(await failures("email:burst@example.com")).toBe(30);
  });

  it("locks an e-mail that has no account the same way, so the lock reveals nothing", async () => {
    for (let i = 0; i < 5; i++) await signIn("Nobody-Else@Example.com", "guess", null);
    expect(await signIn("nobody-else@example.com", "guess", null)).toEqual({ kind: "locked", retryAfterMs: expect.any(Number) });
    expect(await failures("email:nobody-else@example.com")).toBe(6);
  });

  it("per client address: a spray of 20 failures over 20 e-mails locks the address for every account, not other addresses", async () => {
    await user("sprayed@example.com");
    const sprayer = "203.0.113.7";
    for (let i = 0; i < 20; i++) expect(await signIn(`victim${i}@example.com`, "Winter2030!", sprayer)).toEqual({ kind: "refused" });
    expect(await failures(`ip:${sprayer}`)).toBe(20);
    expect((await signIn("sprayed@example.com", PASSWORD, sprayer)).kind).toBe("locked");
    // Each e-mail saw one failure only: none of them is locked, and the account signs in from elsewhere.
    expect((await signIn("sprayed@example.com", PASSWORD, "198.51.100.3")).kind).toBe("signed_in");
    // Attempts from the locked address count against it, not against the accounts they name.
    expect(await failures("email:victim0@example.com")).toBe(1);
  });

  it("a success clears the e-mail's failures but not the address's", async () => {
    await user("mixed@example.com");
    for (let i = 0; i < 3; i++) await signIn("mixed@example.com", "wrong", "198.51.100.4");
    expect((await signIn("mixed@example.com", PASSWORD, "198.51.100.4")).kind).toBe("signed_in");
    expect(await failures("email:mixed@example.com")).toBeUndefined();
    expect(await failures("ip:198.51.100.4")).toBe(3);
  });

  it("next-auth's credentials path throttles by the address in X-Forwarded-For, by the trusted-proxy policy", async () => {
    process.env.TRUSTED_PROXY_HOPS = "1";
    resetEnvCache();
    await user("via-next-auth@example.com");
    // As our server hands it on behind one proxy: what the client wrote, what the proxy saw, the proxy itself.
    const headers = new Headers({ "x-forwarded-for": "6.6.6.6, 198.51.100.5, 10.0.0.2" });
    expect(await authorizeCredentials("via-next-auth@example.com", "wrong", headers)).toBeNull();
    expect(await failures("ip:198.51.100.5")).toBe(1);
    expect(await failures("ip:6.6.6.6")).toBeUndefined();
    expect(await authorizeCredentials("via-next-auth@example.com", PASSWORD, headers)).toMatchObject({ email: "via-next-auth@example.com", sessionVersion: 1 });
  });

  it("next-auth's provider reads the address from its plain header record, and refuses an empty or oversized credential without a look-up", async () => {
    process.env.TRUSTED_PROXY_HOPS = "1";
    resetEnvCache();
    await user("via-provider@example.com");
    const provider = authOptions().providers[0] as unknown as { options: { authorize: (credentials: Record<string, unknown> | undefined, req: { headers?: Record<string, unknown> }) => Promise<unknown> } };
    const authorize = (credentials: Record<string, unknown> | undefined, headers?: Record<string, unknown>) => provider.options.authorize(credentials, { headers });
    // next-auth hands the request's headers on as a plain object; a value that is not a string is left out.
    const headers = { "x-forwarded-for": "6.6.6.6, 198.51.100.6, 10.0.0.2", "x-odd": ["not", "a", "string"] };
    expect(await authorize({ email: "via-provider@example.com", password: "wrong" }, headers)).toBeNull();
    expect(await failures("ip:198.51.100.6")).toBe(1);
    for (const credentials of [undefined, { email: "via-provider@example.com" }, { email: "via-provider@example.com", password: "" }, { email: "", password: "wrong" }, { email: "via-provider@example.com", password: "x".repeat(1001) }]) {
      expect(await authorize(credentials, headers)).toBeNull();
    }
    // None of those was looked up or counted.
    expect(await failures("ip:198.51.100.6")).toBe(1);
    expect(await failures("email:via-provider@example.com")).toBe(1);
    expect(await authorize({ email: "via-provider@example.com", password: PASSWORD }, headers)).toMatchObject({ email: "via-provider@example.com" });
  });

  it("a password stored with the older, weaker scrypt parameters signs in and is rehashed at the OWASP parameters", async () => {
    const created = await user("old-hash@example.com");
    const log2N = process.env.SCRYPT_TEST_LOG2_N;
    delete process.env.SCRYPT_TEST_LOG2_N; // the production parameters from here on
    try {
      const old = await hashPassword(PASSWORD, { N: 2 ** 14, r: 8, p: 1, keyLength: 64, saltLength: 16 });
      await t.db.update(users).set({ passwordHash: old }).where(eq(users.id, created.id));
      const stored = async () => (await t.db.select().from(users).where(eq(users.id, created.id)))[0];

      expect((await signIn("old-hash@example.com", "wrong")).kind).toBe("refused");
      expect((await stored()).passwordHash).toBe(old);

      expect((await signIn("old-hash@example.com", PASSWORD)).kind).toBe("signed_in");
      const after = await stored();
      expect(parseScryptHash(after.passwordHash)).toMatchObject({ ...PRODUCTION_SCRYPT_PARAMS });
      expect(await verifyPassword(PASSWORD, after.passwordHash)).toBe(true);
      expect(after.sessionVersion).toBe(1); // the same password: no session ends
      expect((await signIn("old-hash@example.com", PASSWORD)).kind).toBe("signed_in");
      expect((await stored()).passwordHash).toBe(after.passwordHash);
    } finally {
      process.env.SCRYPT_TEST_LOG2_N = log2N;
    }
  });
});
