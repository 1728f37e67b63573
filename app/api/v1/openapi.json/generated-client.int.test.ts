import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { API_ROUTES as ROUTES } from "@/tests/support/api-routes";
import { registerBatchCalls } from "@/tests/support/generated-client/batch-calls";
import { registerCaseCalls } from "@/tests/support/generated-client/case-calls";
import { clientRun } from "@/tests/support/generated-client/client-run";
import { registerDefinitionCalls } from "@/tests/support/generated-client/definition-calls";
import { registerRuntimeCalls } from "@/tests/support/generated-client/runtime-calls";
import { registerSettingsCalls } from "@/tests/support/generated-client/settings-calls";

/*
 * An integrator's view of the API: a client built from the served document (openapi-fetch; the types
 * openapi-typescript generates from the same document are checked in lib/api/openapi/openapi.test.ts) drives
 * a flow against the route handlers, and every answer, problems included, is checked against the document:
 * status listed, body valid by its schema, headers documented, problem codes named. So the document cannot drift.
 * The calls are grouped in tests/support/generated-client/; they run here, in this order, in one run, so that the
 * last test sees an answer of every operation.
 */
const c = clientRun();

describe(`a client generated from the served OpenAPI document (${process.env.TEST_DB_KIND})`, () => {
  registerRuntimeCalls(c);
  registerDefinitionCalls(c);
  registerSettingsCalls(c);
  registerCaseCalls(c);
  registerBatchCalls(c);

  it("checked an answer of every operation of the document, and the document lists every route handler", () => {
    const operations = Object.entries(c.doc.paths as Record<string, object>).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));
    expect(operations.filter((op) => !c.checked.some((a) => a.operation === op))).toEqual([]);
    expect([...new Set(c.checked.map((a) => a.status))]).toEqual(expect.arrayContaining([200, 201, 202, 204, 400, 401, 403, 404, 409, 412, 413, 415, 422]));
    const handlers = routeFiles(path.resolve(__dirname, "..")).map((f) => `/api/v1/${f.replace(/\[(\w+)\]/g, "{$1}")}`);
    expect([...handlers, "/api/health", "/api/health/ready", "/api/metrics"].sort()).toEqual(Object.keys(c.doc.paths).sort());
    expect(Object.keys(ROUTES).sort()).toEqual(Object.keys(c.doc.paths).sort());
  });
});

/** The folders under `dir` holding a route.ts (catch-all routes aside), relative to it. */
function routeFiles(dir: string, prefix = ""): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (!entry.isDirectory() || entry.name.startsWith("[...") || entry.name === "test-support") return entry.name === "route.ts" && prefix ? [prefix.slice(0, -1)] : [];
    return routeFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`);
  });
}
