import { describe, expect, it } from "vitest";
import { edgeProblem } from "./edge-problem";
import { API_ROUTE_TABLE } from "./route-table";

const id = () => "req-edge-1";

async function answer(method: string, path: string) {
  const res = edgeProblem(method, path, id);
  if (!res) return undefined;
  return { status: res.status, type: res.headers.get("content-type"), allow: res.headers.get("allow"), requestId: res.headers.get("x-request-id"), body: await res.json() };
}

describe("edgeProblem", () => {
  it("answers malformed percent-encoding in any path segment with 400 malformed_path", async () => {
    const res = await answer("POST", "/api/v1/external/workflows/%E0%A4%A/send-event");
    expect(res).toMatchObject({ status: 400, type: "application/problem+json", requestId: "req-edge-1" });
    expect(res?.body).toMatchObject({ type: "about:blank#malformed_path", title: "Bad Request", status: 400, code: "malformed_path", errors: [] });
    expect((await answer("GET", "/cases/%zz"))?.status).toBe(400);
    expect((await answer("GET", "/api/v1/external/workflows/%"))?.status).toBe(400);
  });

  it("answers a NUL character in any path segment with 400 malformed_path (PostgreSQL cannot store it)", async () => {
    for (const path of ["/api/backoffice/definitions/%00/versions", "/api/v1/external/workflows/a%00b", "/api/v1/external/secrets/%00", "/cases/%00"]) {
      const res = await answer("POST", path);
      expect(res, path).toMatchObject({ status: 400, type: "application/problem+json" });
      expect(res?.body).toMatchObject({ code: "malformed_path" });
      expect(res?.body.detail).toMatch(/NUL character/);
    }
  });

  it("refuses %00 in every dynamic segment of every /api route before its handler, whatever the method", async () => {
    for (const [pattern, methods] of Object.entries(API_ROUTE_TABLE)) {
      if (!pattern.includes("[")) continue;
      const path = pattern.replace(/\[(\.\.\.)?\w+\]/g, "x%00");
      for (const method of methods) expect((await answer(method, path))?.status, `${method} ${path}`).toBe(400);
    }
  });

  it("lets well-formed encodings through and matches them decoded", async () => {
    expect(await answer("POST", "/api/v1/external/workflows/%E0%A4%A4/send-event")).toBeUndefined();
    expect(await answer("GET", "/api/v1/external/%77orkflows")).toBeUndefined();
  });

  it("answers methods no route serves with 405 and Allow, on pages and on /api routes", async () => {
    for (const method of ["PROPFIND", "SEARCH", "MKCOL", "QUERY", "TRACE"]) {
      const api = await answer(method, "/api/v1/external/workflows");
      expect(api).toMatchObject({ status: 405, type: "application/problem+json", allow: "GET, HEAD, OPTIONS" });
      expect(api?.body).toMatchObject({ code: "method_not_allowed", status: 405, title: "Method Not Allowed" });
      expect(await answer(method, "/workflows")).toMatchObject({ status: 405, allow: "GET, HEAD" });
    }
  });

  it("answers methods a page does not serve with 405 problem+json, except a server action's POST", async () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) {
      const res = await answer(method, "/login");
      expect(res).toMatchObject({ status: 405, type: "application/problem+json", allow: "GET, HEAD" });
    }
    expect(edgeProblem("POST", "/workflows/x/edit", id, true)).toBeUndefined();
  });

  it("answers a method an /api route does not implement with 405 and the route's Allow", async () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      expect(await answer(method, "/api/health")).toMatchObject({ status: 405, allow: "GET, HEAD, OPTIONS" });
    }
    expect(await answer("GET", "/api/backoffice/secrets/X")).toMatchObject({ status: 405, allow: "PUT, PATCH, DELETE, OPTIONS" });
  });

  it("lets implemented methods, HEAD of GET routes and OPTIONS through", async () => {
    expect(await answer("GET", "/api/health")).toBeUndefined();
    expect(await answer("HEAD", "/api/health")).toBeUndefined();
    expect(await answer("OPTIONS", "/api/health")).toBeUndefined();
    expect(await answer("POST", "/api/v1/external/workflows/run")).toBeUndefined();
    expect(await answer("GET", "/")).toBeUndefined();
    expect(await answer("HEAD", "/workflows/x/edit")).toBeUndefined();
  });

  it("answers unknown /api paths, /api/v1 itself included, with 404 problem+json", async () => {
    for (const path of ["/api", "/api/v1", "/api/v1/", "/api/v1/external", "/api/nothing", "/api/v1/external/workflows/a/b/c"]) {
      const res = await answer("GET", path);
      expect(res).toMatchObject({ status: 404, type: "application/problem+json" });
      expect(res?.body).toMatchObject({ code: "not_found", type: "about:blank#not_found" });
    }
  });

  it("quotes at most 200 characters of a long path", async () => {
    const res = await answer("GET", `/api/${"x".repeat(10_000)}`);
    expect(res?.body.detail.length).toBeLessThan(400);
  });

  it("creates a request id only when it answers", () => {
    let calls = 0;
    edgeProblem("GET", "/api/health", () => String(++calls));
    expect(calls).toBe(0);
  });
});
