import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import * as login from "@/app/api/auth/login/route";
import * as logout from "@/app/api/auth/logout/route";
import * as usersRoute from "@/app/api/backoffice/users/route";
import * as userRoute from "@/app/api/backoffice/users/[userId]/route";
import { call } from "../../tests/support/http";
import { seedProject } from "../../tests/support/seed";
import { openTestDatabase, type TestDatabase } from "../../tests/support/test-database";
import { resetEnvCache } from "../config/env";
import { users } from "../db/schema";
import { createUser } from "../users/create-user";
import { authOptions } from "./options";

// The sign-in and sign-out routes, and a backoffice API route, called as Next.js calls them, with the cookies a
// browser would send. Only the page redirect for a revoked cookie is left to e2e/login.spec.ts (pages need
// Next.js's request scope).
const P = "sessions";
const ORIGIN = { host: "localhost", origin: "http://localhost", "sec-fetch-site": "same-origin" };
const FORM = { ...ORIGIN, "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": "198.51.100.9" };
const PASSWORD = "the admin's long passphrase";
let t: TestDatabase;
let adminId: string;

beforeAll(async () => {
  process.env.LOGIN_LOCK_BASE_MS = "1000";
  resetEnvCache();
  t = await openTestDatabase();
  await seedProject(t.db, P);
  adminId = (await createUser(t.db, P, { email: "admin@sessions.test", firstName: "Ada", lastName: "", role: "admin", password: PASSWORD })).id;
});

afterAll(async () => {
  delete process.env.LOGIN_LOCK_BASE_MS;
  resetEnvCache();
  await t?.dispose();
});

/** Post the login form; the answer's redirect and the session cookie it set (`name=value`), if any. */
async function signIn(email: string, password: string, extra: Record<string, string> = {}, headers: Record<string, string> = FORM) {
  const res = await call(login.POST, "POST", "/api/auth/login", { headers, body: new URLSearchParams({ email, password, ...extra }).toString() });
  const setCookie = res.headers.get("set-cookie");
  return { status: res.status, location: res.headers.get("location"), cookie: setCookie ? setCookie.split(";")[0] : undefined, json: res.json };
}

const listUsers = (cookie: string) => call(usersRoute.GET, "GET", "/api/backoffice/users", { headers: { cookie } });
const signOut = (cookie: string) => call(logout.POST, "POST", "/api/auth/logout", { headers: { ...ORIGIN, cookie } });
const sessionVersion = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0].sessionVersion;

describe(`sign-in form and session revocation (${process.env.TEST_DB_KIND})`, () => {
  it("signs in: 303 to the callback path with an HttpOnly session cookie that the backoffice API accepts", async () => {
    const res = await signIn("Admin@Sessions.test", PASSWORD, { callbackUrl: "/queues/q1" });
    expect(res).toMatchObject({ status: 303, location: "/queues/q1" });
    expect(res.cookie).toMatch(/^next-auth\.session-token=.+/);
    expect((await listUsers(res.cookie!)).status).toBe(200);
  });

  it("answers a wrong password and an unknown e-mail with the same redirect, and keeps only a path of this app to return to", async () => {
    const wrong = await signIn("admin@sessions.test", "wrong password", { callbackUrl: "/cases/c1" });
    const unknown = await signIn("nobody@sessions.test", "wrong password", { callbackUrl: "/cases/c1" });
    expect(wrong).toEqual({ status: 303, location: "/login?error=invalid&callbackUrl=%2Fcases%2Fc1", cookie: undefined, json: null });
    expect(unknown).toEqual(wrong);
    expect((await signIn("", "", { callbackUrl: "https://evil.example/" })).location).toBe("/login?error=invalid");
    expect((await signIn("admin@sessions.test", PASSWORD, { callbackUrl: "//evil.example/" })).location).toBe("/");
  });

  it("answers the form's script (Accept: application/json) with the same place as JSON, and sets the cookie", async () => {
    const json = { ...FORM, accept: "application/json" };
    const wrong = await signIn("admin@sessions.test", "wrong password", { callbackUrl: "/cases/c1" }, json);
    expect(wrong).toEqual({ status: 200, location: null, cookie: undefined, json: { location: "/login?error=invalid&callbackUrl=%2Fcases%2Fc1" } });
    const right = await signIn("admin@sessions.test", PASSWORD, { callbackUrl: "/cases/c1" }, json);
    expect(right).toMatchObject({ status: 200, json: { location: "/cases/c1" } });
    expect((await listUsers(right.cookie!)).status).toBe(200);
  });

  it("a lock redirects with the seconds left, for a known and an unknown e-mail alike", async () => {
    await createUser(t.db, P, { email: "locked@sessions.test", firstName: "", lastName: "", role: "reviewer", password: PASSWORD });
    for (const email of ["locked@sessions.test", "ghost@sessions.test"]) {
      for (let i = 0; i < 5; i++) await signIn(email, "wrong");
      const res = await signIn(email, email.startsWith("locked") ? PASSWORD : "wrong");
      expect(res).toMatchObject({ status: 303, location: "/login?error=locked&retry=1", cookie: undefined });
    }
  });

  it("refuses a form posted from another origin (login CSRF) before checking anything", async () => {
    const res = await signIn("admin@sessions.test", PASSWORD, {}, { ...FORM, origin: "http://evil.example", "sec-fetch-site": "cross-site" });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ code: "cross_origin_request" });
    expect(res.cookie).toBeUndefined();
  });

  it("sign-out revokes the session: a copy of the cookie is refused afterwards (401), and a new sign-in works", async () => {
    const { cookie } = await signIn("admin@sessions.test", PASSWORD);
    const other = (await signIn("admin@sessions.test", PASSWORD)).cookie!; // the same user in another browser
    const before = await sessionVersion(adminId);
    const out = await signOut(cookie!);
    expect(out.status).toBe(303);
    expect(out.headers.get("location")).toBe("/login");
    expect(out.headers.get("set-cookie")).toMatch(/^next-auth\.session-token=; Path=\/; Expires=Thu, 01 Jan 1970/);
    expect(await sessionVersion(adminId)).toBe(before + 1);

    for (const replayed of [cookie!, other]) {
      const res = await listUsers(replayed);
      expect(res.status).toBe(401);
      expect(res.json).toMatchObject({ code: "unauthenticated" });
    }
    // Signing out again with the revoked cookie changes nothing (it cannot end the sessions that came after it).
    const fresh = (await signIn("admin@sessions.test", PASSWORD)).cookie!;
    await signOut(cookie!);
    expect((await listUsers(fresh)).status).toBe(200);
  });

  it("next-auth's own sign-out endpoint revokes the same way (its signOut event)", async () => {
    const { cookie } = await signIn("admin@sessions.test", PASSWORD);
    const sv = await sessionVersion(adminId);
    await authOptions().events!.signOut!({ token: { uid: adminId, sv }, session: null as never });
    expect(await sessionVersion(adminId)).toBe(sv + 1);
    expect((await listUsers(cookie!)).status).toBe(401);
  });

  it("deactivating a user and setting their password end their sessions; reactivating does not revive them", async () => {
    const admin = (await signIn("admin@sessions.test", PASSWORD)).cookie!;
    const { id } = await createUser(t.db, P, { email: "rita@sessions.test", firstName: "Rita", lastName: "", role: "reviewer", password: PASSWORD });
    const patch = (body: unknown) => call(userRoute.PATCH, "PATCH", `/api/backoffice/users/${id}`, { params: { userId: id }, headers: { ...ORIGIN, cookie: admin }, body });

    const first = (await signIn("rita@sessions.test", PASSWORD)).cookie!;
    expect((await listUsers(first)).status).toBe(200);
    expect((await patch({ active: false })).status).toBe(200);
    expect((await patch({ active: true })).status).toBe(200);
    expect((await listUsers(first)).status).toBe(401);

    const second = (await signIn("rita@sessions.test", PASSWORD)).cookie!;
    expect((await patch({ role: "admin" })).status).toBe(200);
    expect((await listUsers(second)).status).toBe(200); // a role change keeps the session (the role is read per request)
    const changed = await patch({ password: "a brand new long passphrase" });
    expect(changed.status).toBe(200);
    expect(changed.json).not.toHaveProperty("passwordHash");
    expect((await listUsers(second)).status).toBe(401);
    expect((await signIn("rita@sessions.test", PASSWORD)).location).toBe("/login?error=invalid");
    expect((await signIn("rita@sessions.test", "a brand new long passphrase")).status).toBe(303);
    expect((await patch({ password: "short" })).status).toBe(422);
  });

  it("a cookie that is not a session token is no session", async () => {
    for (const cookie of ["next-auth.session-token=garbage", "next-auth.session-token=", "other=1"]) {
      expect((await listUsers(cookie)).status).toBe(401);
    }
  });
});
