import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installTraceGuard } from "./trace-guard";

let server: http.Server;
let port: number;
let handled: string[] = [];

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
  installTraceGuard();
  installTraceGuard(); // idempotent
  server = http.createServer((req, res) => {
    handled.push(req.method ?? "");
    res.end("app");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("installTraceGuard", () => {
  it("answers TRACE with a 405 problem+json and Allow before the app's handler", async () => {
    handled = [];
    const res = await send("TRACE", "/api/v1/external/workflows", { "x-request-id": "trace-req-0001" });
    expect(res.status).toBe(405);
    expect(res.headers["content-type"]).toBe("application/problem+json");
    expect(res.headers.allow).toBe("GET, HEAD, OPTIONS");
    expect(res.headers["x-request-id"]).toBe("trace-req-0001");
    expect(JSON.parse(res.body)).toMatchObject({ code: "method_not_allowed", status: 405, type: "about:blank#method_not_allowed" });
    expect(handled).toEqual([]);
  });

  it("answers TRACE on an unknown /api path with 404 and on a malformed path with 400", async () => {
    expect((await send("TRACE", "/api/v1")).status).toBe(404);
    expect(JSON.parse((await send("TRACE", "/api/v1/external/workflows/%E0%A4%A/send-event")).body).code).toBe("malformed_path");
  });

  it("leaves every other method to the app", async () => {
    handled = [];
    const res = await send("GET", "/api/health");
    expect(res).toMatchObject({ status: 200, body: "app" });
    expect((await send("PROPFIND", "/x")).body).toBe("app");
    expect(handled).toEqual(["GET", "PROPFIND"]);
  });
});
