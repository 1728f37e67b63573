import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { encode } from "next-auth/jwt";
import { seedProject } from "../../tests/support/seed";
import { openTestDatabase, type TestDatabase } from "../../tests/support/test-database";
import { users } from "../db/schema";
import { masterKeys } from "../security/master-keys";
import { createUser } from "../users/create-user";
import type { SignedInUser } from "./check-credentials";
import { authOptions, plausible } from "./options";
import { revokeSessions } from "./revoke-sessions";
import { currentSession, currentUser, sessionOf } from "./session";
import { clearedSessionCookie, SESSION_MAX_AGE_S, sessionCookie, sessionCookieName } from "./session-token";

// Session cookies as the backoffice reads them: the cookie's name and attributes, the claims a token must carry,
// and the users row it is checked against on every request.
const P = "session";
let t: TestDatabase;
let ada: SignedInUser;

beforeAll(async () => {
  t = await openTestDatabase();
  await seedProject(t.db, P);
  ada = await signedIn("ada@session.test", "Ada", "Lovelace");
});

afterAll(async () => {
  await t?.dispose();
});

afterEach(() => {
  delete process.env.NEXTAUTH_URL;
  delete process.env.VERCEL;
});

async function signedIn(email: string, firstName: string, lastName: string): Promise<SignedInUser> {
  const { id } = await createUser(t.db, P, { email, firstName, lastName, role: "reviewer", password: "a long enough passphrase" });
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  return { id, email, name: `${firstName} ${lastName}`.trim() || email, role: row.role, projectId: P, sessionVersion: row.sessionVersion };
}

/** The `name=value` part of a `Set-Cookie` value. */
const nameValue = (setCookie: string) => setCookie.split(";")[0];
const requestWith = (cookie: string) => new Request("http://localhost/api/backoffice/users", { headers: { cookie } });
const token = (claims: Record<string, unknown>) => encode({ token: claims, secret: masterKeys().authSecret, maxAge: 60 });

describe(`backoffice sessions (${process.env.TEST_DB_KIND})`, () => {
  it("a session cookie is HttpOnly, SameSite=Lax, for the whole app, lasts 12 hours, and names its user as the users row has it", async () => {
    const before = Date.now();
    const cookie = await sessionCookie(ada);
    expect(cookie).toMatch(/^next-auth\.session-token=[^;]+; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/);
    const expires = Date.parse(/Expires=([^;]+)/.exec(cookie)![1]);
    expect(expires).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + SESSION_MAX_AGE_S * 1000 - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + SESSION_MAX_AGE_S * 1000);
    expect(await currentSession(requestWith(nameValue(cookie)))).toEqual({
      user: { id: ada.id, email: "ada@session.test", name: "Ada Lovelace", role: "reviewer", projectId: P },
      sessionVersion: ada.sessionVersion,
    });
    expect(clearedSessionCookie()).toBe("next-auth.session-token=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; HttpOnly; SameSite=Lax");
  });

  it("on an HTTPS origin (NEXTAUTH_URL, else on Vercel) the cookie is Secure and __Secure- prefixed, and only that name is read", async () => {
    for (const setting of [{ NEXTAUTH_URL: "https://kyc.example" }, { VERCEL: "1" }]) {
      Object.assign(process.env, setting);
      expect(sessionCookieName()).toBe("__Secure-next-auth.session-token");
      const cookie = await sessionCookie(ada);
      expect(cookie).toMatch(/^__Secure-next-auth\.session-token=[^;]+; .*; HttpOnly; SameSite=Lax; Secure$/);
      expect(clearedSessionCookie()).toMatch(/^__Secure-next-auth\.session-token=; .*; SameSite=Lax; Secure$/);
      expect(authOptions().useSecureCookies).toBe(true);
      expect((await currentUser(requestWith(nameValue(cookie))))?.id).toBe(ada.id);
      const plain = nameValue(cookie).replace(/^__Secure-/, "");
      expect(await currentUser(requestWith(plain))).toBeNull();
      delete process.env.NEXTAUTH_URL;
      delete process.env.VERCEL;
    }
    process.env.NEXTAUTH_URL = "http://localhost:3000";
    process.env.VERCEL = "1"; // NEXTAUTH_URL decides when set
    expect(sessionCookieName()).toBe("next-auth.session-token");
    expect(await sessionCookie(ada)).not.toContain("Secure");
    expect(authOptions().useSecureCookies).toBe(false);
  });

  it("finds the session cookie among others in the Cookie header, by its exact name", async () => {
    const value = nameValue(await sessionCookie(ada)).slice("next-auth.session-token=".length);
    for (const header of [
      `theme=dark; next-auth.session-token=${value}; lang=en`,
      `next-auth.session-token = ${value} `,
      `=x; next-auth.session-token=${value}`,
    ]) {
      expect((await currentUser(requestWith(header)))?.email).toBe("ada@session.test");
    }
    for (const header of [`xnext-auth.session-token=${value}`, `next-auth.session-token.0=${value}`, `=${value}`, ""]) {
      expect(await currentUser(requestWith(header))).toBeNull();
    }
    expect(await currentUser(new Request("http://localhost/"))).toBeNull();
  });

  it("a token is a session only with a user id (a UUID) and a session version that the active users row still has", async () => {
    const { id, sessionVersion: sv } = ada;
    expect(await sessionOf(t.db, await token({ uid: id, sv }))).toMatchObject({ user: { id }, sessionVersion: sv });
    for (const claims of [{ uid: id }, { uid: id, sv: String(sv) }, { sv }, { uid: 42, sv }, { uid: "not-a-uuid", sv }, { uid: "00000000-0000-4000-8000-000000000000", sv }, { uid: id, sv: sv + 1 }]) {
      expect(await sessionOf(t.db, await token(claims))).toBeNull();
    }
    expect(await sessionOf(t.db, "not a token")).toBeNull();
    const foreign = await encode({ token: { uid: id, sv }, secret: "another app's secret", maxAge: 60 });
    expect(await sessionOf(t.db, foreign)).toBeNull();
    const expired = await encode({ token: { uid: id, sv }, secret: masterKeys().authSecret, maxAge: -60 }); // beyond the 15 s clock tolerance next-auth allows;
    expect(await sessionOf(t.db, expired)).toBeNull();
  });

  it("an inactive user has no session; the name falls back to the e-mail when the user has none", async () => {
    const nameless = await signedIn("nameless@session.test", "", "");
    const session = await sessionOf(t.db, await token({ uid: nameless.id, sv: nameless.sessionVersion }));
    expect(session?.user.name).toBe("nameless@session.test");
    const first = await signedIn("grace@session.test", "Grace", "");
    expect((await sessionOf(t.db, await token({ uid: first.id, sv: first.sessionVersion })))?.user.name).toBe("Grace");

    await t.db.update(users).set({ active: false }).where(eq(users.id, nameless.id));
    expect(await sessionOf(t.db, await token({ uid: nameless.id, sv: nameless.sessionVersion }))).toBeNull();
  });

  it("revoking needs the current session version: it moves the version on once, a stale one changes nothing", async () => {
    const rita = await signedIn("rita@session.test", "Rita", "");
    const cookie = nameValue(await sessionCookie(rita));
    expect(await revokeSessions(t.db, rita.id, rita.sessionVersion + 1)).toBe(false);
    expect(await currentUser(requestWith(cookie))).not.toBeNull();
    expect(await revokeSessions(t.db, rita.id, rita.sessionVersion)).toBe(true);
    expect(await currentUser(requestWith(cookie))).toBeNull();
    expect(await revokeSessions(t.db, rita.id, rita.sessionVersion)).toBe(false);
    const [row] = await t.db.select().from(users).where(eq(users.id, rita.id));
    expect(row.sessionVersion).toBe(rita.sessionVersion + 1);
  });
});

describe("next-auth's configuration", () => {
  it("a credential worth checking is a non-empty string of at most 1,000 characters without NUL", () => {
    expect(["a", "x".repeat(1_000), "pass phrase"].map(plausible)).toEqual([true, true, true]);
    expect(["", "x".repeat(1_001), "nul\u0000inside", undefined, null, 42, ["a"]].map(plausible)).toEqual([false, false, false, false, false, false, false]);
  });

  it("refuses implausible credentials without a look-up, and writes the session claims into the token and the session", async () => {
    const options = authOptions();
    expect(options.session).toEqual({ strategy: "jwt", maxAge: SESSION_MAX_AGE_S });
    expect(options.pages).toEqual({ signIn: "/login", error: "/login" });
    const provider = options.providers[0] as unknown as { options: { authorize: (c: unknown, r: unknown) => Promise<unknown> } };
    expect(await provider.options.authorize({ email: "", password: "x" }, { headers: {} })).toBeNull();
    expect(await provider.options.authorize({ email: "ada@session.test", password: "\u0000" }, { headers: {} })).toBeNull();
    expect(await provider.options.authorize(undefined, { headers: {} })).toBeNull();

    const jwt = options.callbacks!.jwt!;
    const signedInToken = await jwt({ token: { sub: ada.id }, user: ada as never, account: null });
    expect(signedInToken).toEqual({ sub: ada.id, uid: ada.id, role: "reviewer", projectId: P, sv: ada.sessionVersion });
    expect(await jwt({ token: { sub: ada.id, uid: ada.id }, user: undefined as never, account: null })).toEqual({ sub: ada.id, uid: ada.id });

    const session = await options.callbacks!.session!({ session: { user: { name: "Ada", email: ada.email }, expires: "later" }, token: signedInToken } as never);
    expect(session).toEqual({ user: { name: "Ada", email: ada.email, id: ada.id, role: "reviewer", projectId: P, sv: ada.sessionVersion }, expires: "later" });
  });
});
