import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { API_ROUTE_TABLE, apiRouteMethods } from "./route-table";

const APP = path.resolve(__dirname, "../../../app");
const METHOD = "(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)";

/** Every `app/api/**\/route.ts` as its URL pattern and the methods it really implements (not `otherMethods` stubs). */
function routesOnDisk(): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const files = readdirSync(path.join(APP, "api"), { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith("route.ts"));
  for (const file of files) {
    const pattern = "/api/" + path.dirname(file).split(path.sep).filter((s) => !s.startsWith("(")).join("/");
    const source = readFileSync(path.join(APP, "api", file), "utf8");
    const methods = new Set<string>();
    for (const m of source.matchAll(new RegExp(`export (?:async )?function ${METHOD}\\b`, "g"))) methods.add(m[1]);
    for (const m of source.matchAll(new RegExp(`export const ${METHOD}\\s*=`, "g"))) methods.add(m[1]);
    for (const m of source.matchAll(/export \{([^}]*)\};/g)) for (const a of m[1].matchAll(new RegExp(`as ${METHOD}\\b`, "g"))) methods.add(a[1]);
    out[pattern] = [...methods].sort();
  }
  return out;
}

describe("API_ROUTE_TABLE", () => {
  it("lists every /api route with exactly the methods its route.ts implements", () => {
    const disk = routesOnDisk();
    // The catch-all 404 route is the fallback for what the proxy already answers.
    delete disk["/api/v1/[...rest]"];
    const table = Object.fromEntries(Object.entries(API_ROUTE_TABLE).map(([p, m]) => [p, [...m].sort()]));
    expect(table).toEqual(disk);
  });
});

describe("apiRouteMethods", () => {
  const at = (p: string) => apiRouteMethods(p.split("/").filter(Boolean));

  it("matches static and dynamic segments", () => {
    expect(at("/api/health")).toEqual(["GET"]);
    expect(at("/api/v1/external/workflows/run")).toEqual(["POST"]);
    expect(at("/api/v1/external/workflows/run-batch")).toEqual(["POST"]); // a static segment, not a runtime id
    expect(at("/api/v1/external/workflows/wr_1/send-event")).toEqual(["POST"]);
    expect(at("/api/v1/external/secrets/API_KEY")).toEqual(["PUT", "PATCH", "DELETE"]);
  });

  it("backtracks from a static segment to a dynamic one, as Next.js's router does", () => {
    expect(at("/api/v1/external/workflows/run/history")).toEqual(["GET"]);
  });

  it("matches catch-all routes only with at least one more segment", () => {
    expect(at("/api/auth/session")).toEqual(["GET", "POST"]);
    expect(at("/api/auth/callback/credentials")).toEqual(["GET", "POST"]);
    expect(at("/api/auth")).toBeNull();
  });

  it("knows no route for unknown or partial paths", () => {
    for (const p of ["/api", "/api/v1", "/api/v1/external", "/api/v1/external/workflows/a/b/c", "/api/nothing", "/api/health/x"]) expect(at(p)).toBeNull();
  });
});
