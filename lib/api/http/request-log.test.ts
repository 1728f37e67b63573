import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setLogDestination } from "../../observability/logger";
import { annotateScope, currentScope } from "../../observability/request-scope";
import { observeNodeRequest, routeOf } from "./request-log";

const lines: Record<string, unknown>[] = [];
let server: http.Server;
let origin: string;

beforeAll(async () => {
  setLogDestination({ write: (chunk: string) => void lines.push(...chunk.split("\n").filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>)) });
  // What Next.js would do inside the observed request: read the request id, learn the caller, answer later.
  server = http.createServer((req, res) =>
    observeNodeRequest(req, res, () => {
      annotateScope({ projectId: "p1", caller: "api_key:k1" });
      setTimeout(() => {
        res.writeHead(req.url?.includes("missing") ? 404 : 200, { "x-seen-request-id": String(req.headers["x-request-id"]), "x-scope-request-id": currentScope()?.requestId ?? "" });
        res.end("{}");
      }, 5);
    }),
  );
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  setLogDestination(undefined);
  await new Promise((r) => server.close(r));
});

const lineFor = async (requestId: string) => {
  for (let i = 0; i < 100 && !lines.some((l) => l.requestId === requestId); i++) await new Promise((r) => setTimeout(r, 10));
  return lines.find((l) => l.requestId === requestId);
};

describe("the request log on the Node server", () => {
  it("one line per request with the route pattern, status, duration, project, caller and the caller's request id", async () => {
    const res = await fetch(`${origin}/api/v1/external/workflows/wr_123/send-event?x=1`, { method: "POST", headers: { "x-request-id": "caller-id-0001" } });
    expect(res.headers.get("x-seen-request-id")).toBe("caller-id-0001");
    expect(res.headers.get("x-scope-request-id")).toBe("caller-id-0001");
    const line = await lineFor("caller-id-0001");
    expect(line).toMatchObject({ msg: "request", level: "info", method: "POST", route: "/api/v1/external/workflows/[workflowRuntimeId]/send-event", status: 200, projectId: "p1", caller: "api_key:k1" });
    expect(line!.durationMs).toBeGreaterThanOrEqual(4);
  });

  it("gives a request without a sane X-Request-Id a new one, which every layer then reads from the request", async () => {
    const res = await fetch(`${origin}/api/missing/thing`, { headers: { "x-request-id": "bad id!" } });
    const id = res.headers.get("x-seen-request-id")!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await lineFor(id)).toMatchObject({ route: "(unmatched)", status: 404 });
  });

  it("labels paths by pattern, never by raw path", () => {
    expect(routeOf("/api/v1/external/workflows/run")).toBe("/api/v1/external/workflows/run");
    expect(routeOf("/api/v1/external/workflows/abc/history")).toBe("/api/v1/external/workflows/[workflowRuntimeId]/history");
    expect(routeOf("/api/auth/callback/credentials")).toBe("/api/auth/[...nextauth]");
    expect(routeOf("/api/%zz")).toBe("(unmatched)");
    expect(routeOf("/cases/123")).toBe("(page)");
    expect(routeOf("/_next/static/chunk.js")).toBe("/_next/*");
  });
});
