import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { config } from "../../../proxy";
import { EDGE_CHECKED_HEADER, installEdgeGuard } from "./edge-guard";

let server: http.Server;
let port: number;
let handled: { method: string; checked: string | string[] | undefined }[] = [];

function send(method: string, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = http.request({ port, method, path, headers }, (res) => {
      let body = "";
      res.setEncoding("utf8").on("data", (chunk) => (body += chunk)).on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject).end();
  });
}

beforeAll(async () => {
  installEdgeGuard();
  installEdgeGuard(); // idempotent
  server = http.createServer((req, res) => {
    handled.push({ method: req.method ?? "", checked: req.headers[EDGE_CHECKED_HEADER] });
    res.end("app");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("installEdgeGuard", () => {
  it("answers TRACE with a 405 problem+json and Allow before the app's handler", async () => {
    handled = [];
    const res = await send("TRACE", "/api/v1/external/workflows", { "x-request-id": "trace-req-0001" });
    expect(res.status).toBe(405);
    expect(res.headers["content-type"]).toBe("application/problem+json");
    expect(res.headers.allow).toBe("GET, HEAD, OPTIONS");
    expect(res.headers["x-request-id"]).toBe("trace-req-0001");
    expect(JSON.parse(res.body)).toMatchObject({ code: "method_not_allowed", status: 405, type: "about:blank#method_not_allowed" });
    expect((await send("TRACE", "/cases/x")).status).toBe(405);
    expect(handled).toEqual([]);
  });

  it("answers malformed paths, unknown /api paths and unserved methods as problem+json, for any method", async () => {
    handled = [];
    const malformed = await send("POST", "/api/v1/external/workflows/%E0%A4%A/send-event");
    expect(malformed.status).toBe(400);
    expect(JSON.parse(malformed.body).code).toBe("malformed_path");
    expect(JSON.parse((await send("GET", "/cases/a%00b")).body).code).toBe("malformed_path");
    const unknown = await send("GET", "/api/v1/nothing-here");
    expect(unknown.status).toBe(404);
    expect(unknown.headers["content-type"]).toBe("application/problem+json");
    expect((await send("TRACE", "/api/v1")).status).toBe(404);
    const notAllowed = await send("DELETE", "/api/health");
    expect(notAllowed.status).toBe(405);
    expect(notAllowed.headers.allow).toBe("GET, HEAD, OPTIONS");
    expect((await send("PUT", "/queues/q1")).status).toBe(405);
    expect(handled).toEqual([]);
  });

  it("routes the path as Next.js will: dot segments resolved, query ignored", async () => {
    handled = [];
    expect((await send("GET", "/api/v1/external/../../health?x=%zz")).body).toBe("app");
    expect((await send("DELETE", "/api/v1/../health")).status).toBe(405);
    expect(handled.map((h) => h.method)).toEqual(["GET"]);
  });

  it("puts the API's security headers on its answers, HSTS only over HTTPS", async () => {
    const plain = await send("GET", "/api/nope");
    expect(plain.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'; sandbox");
    expect(plain.headers["x-content-type-options"]).toBe("nosniff");
    expect(plain.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
    const behindTls = await send("GET", "/api/nope", { "x-forwarded-proto": "https" });
    expect(behindTls.headers["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
  });

  it("lets everything else through to the app, marked as checked whatever the client sent", async () => {
    handled = [];
    expect(await send("GET", "/api/health", { [EDGE_CHECKED_HEADER]: "forged" })).toMatchObject({ status: 200, body: "app" });
    expect((await send("OPTIONS", "/api/health")).body).toBe("app");
    expect((await send("POST", "/cases/x", { "next-action": "abc" })).body).toBe("app");
    expect((await send("GET", "/login")).body).toBe("app");
    expect(handled).toEqual([
      { method: "GET", checked: "1" },
      { method: "OPTIONS", checked: "1" },
      { method: "POST", checked: "1" },
      { method: "GET", checked: "1" },
    ]);
  });

  it("is the header proxy.ts's matcher skips /api requests on", () => {
    const api = config.matcher.find((m) => m.source.startsWith("/api"));
    expect(api?.missing).toEqual([{ type: "header", key: EDGE_CHECKED_HEADER }]);
  });
});
