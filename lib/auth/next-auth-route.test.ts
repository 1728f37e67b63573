import { NextRequest } from "next/server";
import { describe, expect, it, vi } from "vitest";
import { logger } from "../observability/logger";
import { AUTH_MAX_BODY_BYTES, nextAuthRoute, type NextAuthHandler } from "./next-auth-route";

/** The wrapper around a stand-in for next-auth that answers `answer` and records what it was sent. */
function route(answer: () => Response | Promise<Response> = () => Response.json({ ok: true })) {
  const seen: { method: string; url: string; body: string }[] = [];
  const inner: NextAuthHandler = vi.fn(async (req) => {
    seen.push({ method: req.method, url: req.url, body: req.method === "POST" ? await req.text() : "" });
    return answer();
  });
  const handler = nextAuthRoute(inner, ["credentials"]);
  const send = async (method: string, path: string, init: { body?: string; headers?: Record<string, string> } = {}) => {
    const nextauth = path.split("?")[0].split("/").filter(Boolean).slice(2);
    const res = await handler(new NextRequest(`http://localhost${path}`, { method, ...init }), { params: Promise.resolve({ nextauth }) });
    const text = await res.text();
    return { status: res.status, type: res.headers.get("content-type"), headers: res.headers, text, json: text.startsWith("{") ? JSON.parse(text) : null };
  };
  return { send, seen };
}

const JSON_TYPE = { "content-type": "application/json" };
const FORM_TYPE = { "content-type": "application/x-www-form-urlencoded" };

describe("nextAuthRoute: what next-auth never sees", () => {
  it("answers actions this app does not serve with 404 problem+json naming the endpoints", async () => {
    const { send, seen } = route();
    for (const path of ["/api/auth/nope", "/api/auth/verify-request", "/api/auth/session/x", "/api/auth/callback", "/api/auth/callback/github", "/api/auth/signin/a/b", "/api/auth/__proto__", "/api/auth/constructor"]) {
      const res = await send("GET", path);
      expect(res.status, path).toBe(404);
      expect(res.type).toBe("application/problem+json");
      expect(res.json).toMatchObject({ code: "not_found", status: 404 });
    }
    expect((await send("GET", "/api/auth/nope")).json.detail).toMatch(/providers, csrf, session, signin, signout, callback\/\{credentials\}, error, _log/);
    expect(seen).toEqual([]);
  });

  it("answers methods an action does not take with 405 and Allow (a GET credentials callback was a 500)", async () => {
    const { send, seen } = route();
    const cases: [string, string, string][] = [
      ["GET", "/api/auth/callback/credentials", "POST, OPTIONS"],
      ["GET", "/api/auth/_log", "POST, OPTIONS"],
      ["POST", "/api/auth/error", "GET, HEAD, OPTIONS"],
      ["POST", "/api/auth/providers", "GET, HEAD, OPTIONS"],
      ["POST", "/api/auth/csrf", "GET, HEAD, OPTIONS"],
    ];
    for (const [method, path, allow] of cases) {
      const res = await send(method, path, method === "POST" ? { body: "{}", headers: JSON_TYPE } : {});
      expect(res, `${method} ${path}`).toMatchObject({ status: 405, type: "application/problem+json" });
      expect(res.headers.get("allow")).toBe(allow);
    }
    expect(seen).toEqual([]);
  });

  it("answers a JSON body that does not parse with 400 malformed_json (next-auth threw: an empty 500)", async () => {
    const { send, seen } = route();
    for (const body of ['{"a":Infinity}', '{"csrfToken":"x","email":"nobody@exam', "", "\xff\xfe{}"]) {
      for (const action of ["signout", "session", "signin", "callback/credentials", "_log"]) {
        const res = await send("POST", `/api/auth/${action}`, { body, headers: { "content-type": "application/json; charset=utf-8" } });
        expect(res, `${action} ${body}`).toMatchObject({ status: 400, type: "application/problem+json" });
        expect(res.json.code).toBe("malformed_json");
      }
    }
    expect(seen).toEqual([]);
  });

  it("refuses bodies over the limit with 413, declared or not", async () => {
    const { send, seen } = route();
    const big = `csrfToken=${"x".repeat(AUTH_MAX_BODY_BYTES)}`;
    expect((await send("POST", "/api/auth/callback/credentials", { body: big, headers: FORM_TYPE })).json).toMatchObject({ status: 413, code: "payload_too_large" });
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new TextEncoder().encode(big));
        c.close();
      },
    });
    const handler = nextAuthRoute(async () => new Response("never"), ["credentials"]);
    const res = await handler(new NextRequest("http://localhost/api/auth/signout", { method: "POST", body: stream, headers: FORM_TYPE, duplex: "half" } as never), { params: Promise.resolve({ nextauth: ["signout"] }) });
    expect(res.status).toBe(413);
    expect(seen).toEqual([]);
  });
});

describe("nextAuthRoute: what next-auth answers", () => {
  it("passes sign-in, sign-out, session and CSRF requests through unchanged, body and query included", async () => {
    const { send, seen } = route();
    const form = "csrfToken=abc&email=a%40b.c&password=pw&json=true";
    await send("POST", "/api/auth/callback/credentials?x=1", { body: form, headers: FORM_TYPE });
    await send("POST", "/api/auth/session", { body: '{"csrfToken":"abc","data":{"a":1}}', headers: JSON_TYPE });
    await send("GET", "/api/auth/csrf");
    await send("GET", "/api/auth/signin/credentials?callbackUrl=%2F");
    expect(seen).toEqual([
      { method: "POST", url: "http://localhost/api/auth/callback/credentials?x=1", body: form },
      { method: "POST", url: "http://localhost/api/auth/session", body: '{"csrfToken":"abc","data":{"a":1}}' },
      { method: "GET", url: "http://localhost/api/auth/csrf", body: "" },
      { method: "GET", url: "http://localhost/api/auth/signin/credentials?callbackUrl=%2F", body: "" },
    ]);
  });

  it("serves HEAD as GET (next-auth answered 400 to HEAD)", async () => {
    const { send, seen } = route();
    expect((await send("HEAD", "/api/auth/session")).status).toBe(200);
    expect(seen[0].method).toBe("GET");
  });

  it("keeps successful answers and redirects as next-auth made them", async () => {
    const redirect = new Response(null, { status: 302, headers: { Location: "/login?csrf=true", "Set-Cookie": "a=1" } });
    const res = await route(() => redirect).send("POST", "/api/auth/signout", { body: "csrfToken=x", headers: FORM_TYPE });
    expect(res).toMatchObject({ status: 302, text: "" });
    expect(res.headers.get("location")).toBe("/login?csrf=true");
    expect((await route(() => Response.json({ csrfToken: "t" })).send("GET", "/api/auth/csrf")).json).toEqual({ csrfToken: "t" });
  });

  it("turns a failed sign-in's 401 into problem+json that keeps next-auth's url and cookies (its client reads the url)", async () => {
    const url = "http://localhost/api/auth/error?error=CredentialsSignin&provider=credentials";
    const answer = () => new Response(JSON.stringify({ url }), { status: 401, headers: { "Content-Type": "application/json", "Set-Cookie": "next-auth.csrf-token=t; Path=/" } });
    const res = await route(answer).send("POST", "/api/auth/callback/credentials", { body: "json=true", headers: FORM_TYPE });
    expect(res).toMatchObject({ status: 401, type: "application/problem+json" });
    expect(res.json).toMatchObject({ code: "unauthorized", status: 401, url });
    expect(res.json.detail).toMatch(/e-mail or password is wrong/);
    expect(res.headers.getSetCookie()).toEqual(["next-auth.csrf-token=t; Path=/"]);
  });

  it("turns next-auth's text and empty error answers into problem+json", async () => {
    const csrf = await route(() => new Response("[object Object]", { status: 400 })).send("POST", "/api/auth/session", { body: "{}", headers: JSON_TYPE });
    expect(csrf).toMatchObject({ status: 403, type: "application/problem+json" });
    expect(csrf.json).toMatchObject({ code: "forbidden" });
    expect(csrf.json.detail).toMatch(/\/api\/auth\/csrf/);
    const html = await route(() => new Response("<html>", { status: 403, headers: { "Content-Type": "text/html" } })).send("GET", "/api/auth/error?error=AccessDenied");
    expect(html).toMatchObject({ status: 403, type: "application/problem+json" });
  });

  it("answers next-auth's own 500s and anything it throws as a generic 500 problem, details logged only", async () => {
    const log = vi.spyOn(logger(), "error").mockImplementation(() => undefined);
    const text = await route(() => new Response("Error: Callback for provider type credentials not supported", { status: 500 })).send("POST", "/api/auth/callback/credentials", { body: "", headers: FORM_TYPE });
    expect(text).toMatchObject({ status: 500, type: "application/problem+json" });
    expect(text.json.detail).not.toMatch(/Callback/);
    const thrown = await route(() => Promise.reject(new Error("boom"))).send("GET", "/api/auth/session");
    expect(thrown).toMatchObject({ status: 500, type: "application/problem+json" });
    expect(thrown.json.detail).not.toMatch(/boom/);
    expect(log).toHaveBeenCalledTimes(2);
    log.mockRestore();
  });
});
