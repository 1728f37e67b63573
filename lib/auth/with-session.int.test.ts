import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedProject } from "../../tests/support/seed";
import { openTestDatabase, type TestDatabase } from "../../tests/support/test-database";
import type { UserRole } from "../db/schema/users";
import { AppError } from "../errors";
import { createUser } from "../users/create-user";
import { sessionCookie } from "./session-token";
import { withSession, type SessionContext } from "./with-session";

// The backoffice route wrapper with real session cookies: who may call a route, and what every answer carries.
const P = "with-session";
const SAME_ORIGIN = { host: "localhost", origin: "http://localhost" };
let t: TestDatabase;
const cookies: Record<UserRole, string> = { admin: "", reviewer: "", auditor: "" };
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await openTestDatabase();
  await seedProject(t.db, P);
  for (const role of ["admin", "reviewer", "auditor"] as const) {
    const email = `${role}@with-session.test`;
    const { id } = await createUser(t.db, P, { email, firstName: role, lastName: "", role, password: "a long enough passphrase" });
    ids[role] = id;
    cookies[role] = (await sessionCookie({ id, email, name: role, role, projectId: P, sessionVersion: 1 })).split(";")[0];
  }
});

afterAll(async () => {
  await t?.dispose();
});

/** A route that answers what it was given, and the contexts it was called with. */
function echoRoute(options?: Parameters<typeof withSession>[1]) {
  const calls: SessionContext[] = [];
  const route = withSession(async (_req, ctx) => {
    calls.push(ctx);
    return Response.json({ user: ctx.user.id, params: ctx.params, caller: ctx.caller }, { status: 200 });
  }, options);
  return { route, calls };
}

async function send(route: ReturnType<typeof withSession>, method: string, headers: Record<string, string>, params?: Record<string, string>) {
  const res = await route(new Request("http://localhost/api/backoffice/x", { method, headers }), params ? { params: Promise.resolve(params) } : undefined);
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: text ? JSON.parse(text) : null };
}

describe(`withSession (${process.env.TEST_DB_KIND})`, () => {
  it("calls the handler with the session's user, its caller and the route params; the answer is not cached and names the request", async () => {
    const { route, calls } = echoRoute();
    const res = await send(route, "POST", { ...SAME_ORIGIN, cookie: cookies.reviewer, "x-request-id": "req-with-session-1" }, { teamId: "t1" });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ user: ids.reviewer, params: { teamId: "t1" } });
    expect(calls[0]).toMatchObject({ user: { id: ids.reviewer, role: "reviewer", projectId: P, email: "reviewer@with-session.test" }, requestId: "req-with-session-1" });
    expect(calls[0].caller).toMatchObject({ projectId: P });
    expect(res.headers.get("x-request-id")).toBe("req-with-session-1");
    expect(res.headers.get("cache-control")).toBe("no-store");

    const bare = await send(route, "GET", { cookie: cookies.reviewer });
    expect([bare.status, bare.json.params]).toEqual([200, {}]);
  });

  it("without a session answers 401 unauthenticated as problem+json, not cached, and never runs the handler", async () => {
    const { route, calls } = echoRoute();
    for (const method of ["GET", "POST"]) {
      const res = await send(route, method, { ...SAME_ORIGIN, cookie: "next-auth.session-token=expired" });
      expect([res.status, res.json.code, res.headers.get("content-type"), res.headers.get("cache-control")]).toEqual([401, "unauthenticated", "application/problem+json", "no-store"]);
    }
    expect(calls).toHaveLength(0);
  });

  it("refuses a state-changing request from another origin (403 cross_origin_request) before looking at the session; reads may come from anywhere", async () => {
    const { route, calls } = echoRoute();
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const res = await send(route, method, { host: "localhost", origin: "http://evil.example", cookie: cookies.admin });
      expect([method, res.status, res.json.code, res.headers.get("cache-control")]).toEqual([method, 403, "cross_origin_request", "no-store"]);
    }
    expect((await send(route, "POST", { host: "localhost", origin: "http://evil.example" })).json.code).toBe("cross_origin_request");
    expect(calls).toHaveLength(0);
    for (const method of ["GET", "HEAD", "OPTIONS"]) {
      expect((await send(route, method, { host: "localhost", origin: "http://evil.example", cookie: cookies.admin })).status).toBe(200);
    }
    expect(calls).toHaveLength(3);
  });

  it("an admin-only route refuses reviewers and auditors (403 forbidden) and serves admins", async () => {
    const { route, calls } = echoRoute({ adminOnly: true });
    for (const role of ["reviewer", "auditor"] as const) {
      const res = await send(route, "GET", { cookie: cookies[role] });
      expect([res.status, res.json.code, res.json.detail]).toEqual([403, "forbidden", "Only admins can do this."]);
    }
    expect(calls).toHaveLength(0);
    expect((await send(route, "GET", { cookie: cookies.admin })).status).toBe(200);
    expect((await send(route, "POST", { ...SAME_ORIGIN, cookie: cookies.admin })).status).toBe(200);
  });

  it("an auditor only reads: any other method is 403 forbidden, wherever it comes from", async () => {
    const { route, calls } = echoRoute();
    for (const method of ["GET", "HEAD", "OPTIONS"]) expect((await send(route, method, { cookie: cookies.auditor })).status).toBe(200);
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const res = await send(route, method, { ...SAME_ORIGIN, cookie: cookies.auditor });
      expect([res.status, res.json.code, res.json.detail]).toEqual([403, "forbidden", expect.stringContaining("read-only")]);
    }
    expect(calls).toHaveLength(3);
  });

  it("turns what the handler throws into problem+json, with the request id and not cached", async () => {
    const refusing = withSession(async () => {
      throw new AppError("version_conflict", "Reload the case.");
    });
    const res = await send(refusing, "GET", { cookie: cookies.reviewer, "x-request-id": "req-with-session-2" });
    expect([res.status, res.json.code, res.json.detail, res.headers.get("cache-control")]).toEqual([412, "version_conflict", "Reload the case.", "no-store"]);
    expect(res.headers.get("x-request-id")).toBe("req-with-session-2");
    const failing = withSession(async () => {
      throw new Error("database on fire");
    });
    const fault = await send(failing, "GET", { cookie: cookies.reviewer });
    expect([fault.status, fault.json.code]).toEqual([500, "internal_error"]);
    expect(JSON.stringify(fault.json)).not.toContain("database on fire");
  });

  it("adds its headers to an answer whose headers cannot change (a redirect)", async () => {
    const redirecting = withSession(async () => Response.redirect("http://localhost/login", 302));
    const res = await send(redirecting, "GET", { cookie: cookies.reviewer, "x-request-id": "req-with-session-3" });
    expect([res.status, res.headers.get("location"), res.headers.get("x-request-id"), res.headers.get("cache-control")]).toEqual([302, "http://localhost/login", "req-with-session-3", "no-store"]);
  });
});
