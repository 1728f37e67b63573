import path from "node:path";
import { describe, expect, it } from "vitest";
import { API_SCOPES, LEGACY_KEY_SCOPES, type ApiScope } from "@/lib/api-contract/scopes";
import { createApiKey, createApiKeyRequestSchema } from "@/lib/api-keys";
import { readJsonBody } from "@/lib/api/http/read-json";
import { API_ROUTE_TABLE } from "@/lib/api/http/route-table";
import { API_ROUTES } from "@/lib/api/openapi/routes";
import { apiKeys } from "@/lib/db/schema";
import { hashApiKey } from "@/lib/security/api-key-format";
import { call } from "@/tests/support/http";
import { testProject } from "@/tests/support/test-project";
import { GET as getRuntime } from "./workflows/[workflowRuntimeId]/route";
import { GET as listWorkflows } from "./workflows/route";
import { POST as run } from "./workflows/run/route";
import { GET as listDefinitions, POST as createDefinition } from "./workflow-definitions/route";
import { GET as listSecrets } from "./secrets/route";
import { PUT as putSecret } from "./secrets/[name]/route";
import { POST as rotateWebhookSecret } from "./webhook-secret/rotate/route";

const P = "p-scopes";
const t = testProject(P);
const UUID = "00000000-0000-4000-8000-000000000000";
type Handler = Parameters<typeof call>[0];

/** A key of the project holding exactly `scopes`. */
const keyWith = async (scopes: ApiScope[], expiresAt?: Date) => (await createApiKey(t.db, P, scopes.join(" ") || "no scopes", { scopes, expiresAt })).key;

/** Every `/api/v1/external` operation: its handler module, method, a path with its segments filled, and the scope OpenAPI documents. */
async function externalOperations() {
  const out: { label: string; handler: Handler; method: string; url: string; params: Record<string, string>; documented: ApiScope | undefined }[] = [];
  for (const [pattern, methods] of Object.entries(API_ROUTE_TABLE)) {
    if (!pattern.startsWith("/api/v1/external/")) continue;
    const mod = (await import(path.resolve(__dirname, "../../../..", `app${pattern}/route.ts`))) as Record<string, Handler>;
    const names = [...pattern.matchAll(/\[([^\]]+)\]/g)].map((m) => m[1]);
    const params = Object.fromEntries(names.map((n) => [n, UUID]));
    const openApiPath = pattern.replace(/\[([^\]]+)\]/g, "{$1}");
    for (const method of methods) {
      const documented = API_ROUTES.find((r) => r.path === openApiPath && r.method === method.toLowerCase())?.scope;
      out.push({ label: `${method} ${openApiPath}`, handler: mod[method], method, url: pattern.replace(/\[[^\]]+\]/g, UUID), params, documented });
    }
  }
  return out;
}

describe(`API key scopes (${process.env.TEST_DB_KIND})`, () => {
  it("every external operation declares a scope, refuses a key without it (403 insufficient_scope naming it) and lets a key with it through; OpenAPI documents the same scope", async () => {
    const none = await keyWith([]);
    const keys = Object.fromEntries(await Promise.all(API_SCOPES.map(async (s) => [s, await keyWith([s])] as const))) as Record<ApiScope, string>;
    const operations = await externalOperations();
    expect(operations.length).toBeGreaterThan(20);
    const table: Record<string, string | undefined> = {};
    for (const op of operations) {
      const refused = await call(op.handler, op.method, op.url, { key: none, params: op.params, body: op.method === "GET" ? undefined : "{not json" });
      expect(refused.status, op.label).toBe(403);
      expect(refused.json, op.label).toMatchObject({ code: "insufficient_scope", scope: expect.any(String) });
      const scope = refused.json.scope as ApiScope;
      expect(refused.json.detail, op.label).toContain(`'${scope}'`);
      expect(refused.headers.get("www-authenticate"), op.label).toBe(`Bearer realm="api", error="insufficient_scope", scope="${scope}"`);
      table[op.label] = scope;
      expect(op.documented, `${op.label}: OpenAPI's scope`).toBe(scope);
      const allowed = await call(op.handler, op.method, op.url, { key: keys[scope], params: op.params });
      expect(allowed.json?.code, op.label).not.toBe("insufficient_scope");
    }
    // Reads of definitions come with reading runtimes; rotating the webhook secret needs webhooks:admin.
    expect(table).toMatchObject({
      "GET /api/v1/external/workflow-definitions": "runtimes:read",
      "POST /api/v1/external/workflow-definitions": "definitions:write",
      "POST /api/v1/external/webhook-secret/rotate": "webhooks:admin",
      "POST /api/v1/external/workflows/run": "runtimes:write",
      "GET /api/v1/external/workflows": "runtimes:read",
      "PUT /api/v1/external/secrets/{name}": "secrets:write",
    });
  });

  it("holds each scope's boundary on representative routes, and refuses before reading the body", async () => {
    const reader = await keyWith(["runtimes:read"]);
    expect((await call(listWorkflows, "GET", "/api/v1/external/workflows", { key: reader })).status).toBe(200);
    expect((await call(listDefinitions, "GET", "/api/v1/external/workflow-definitions", { key: reader })).status).toBe(200);
    expect((await call(getRuntime, "GET", `/api/v1/external/workflows/${UUID}`, { key: reader, params: { workflowRuntimeId: UUID } })).status).toBe(404);
    // A malformed body would be 400; the scope is checked first.
    const write = await call(run, "POST", "/api/v1/external/workflows/run", { key: reader, body: "{oops" });
    expect([write.status, write.json.scope]).toEqual([403, "runtimes:write"]);

    const runner = await keyWith(["runtimes:write"]);
    expect((await call(run, "POST", "/api/v1/external/workflows/run", { key: runner, body: "{oops" })).status).toBe(400);
    expect((await call(listWorkflows, "GET", "/api/v1/external/workflows", { key: runner })).json.scope).toBe("runtimes:read");
    expect((await call(rotateWebhookSecret, "POST", "/api/v1/external/webhook-secret/rotate", { key: runner })).json.scope).toBe("webhooks:admin");

    const deployer = await keyWith(["definitions:write"]);
    expect((await call(createDefinition, "POST", "/api/v1/external/workflow-definitions", { key: deployer, body: {} })).status).toBe(422);
    expect((await call(listDefinitions, "GET", "/api/v1/external/workflow-definitions", { key: deployer })).json.scope).toBe("runtimes:read");

    const vault = await keyWith(["secrets:write"]);
    expect((await call(putSecret, "PUT", "/api/v1/external/secrets/SCOPED", { key: vault, params: { name: "SCOPED" }, body: { value: "v" } })).status).toBe(200);
    expect((await call(listSecrets, "GET", "/api/v1/external/secrets", { key: vault })).json.data).toEqual([expect.objectContaining({ name: "SCOPED" })]);
    expect((await call(putSecret, "PUT", "/api/v1/external/secrets/SCOPED", { key: reader, params: { name: "SCOPED" }, body: { value: "v" } })).json.scope).toBe("secrets:write");

    const admin = await keyWith(["webhooks:admin"]);
    const rotated = await call(rotateWebhookSecret, "POST", "/api/v1/external/webhook-secret/rotate", { key: admin });
    expect([rotated.status, rotated.json.secret]).toEqual([200, expect.stringMatching(/^whsec_/)]);
    expect((await call(putSecret, "PUT", "/api/v1/external/secrets/X", { key: admin, params: { name: "X" }, body: { value: "v" } })).json.scope).toBe("secrets:write");
  });

  it("an expired key answers 401 exactly like an unknown one, also when its lookup was cached", async () => {
    const soon = await keyWith(["runtimes:read"], new Date(Date.now() + 1_000));
    expect((await call(listWorkflows, "GET", "/api/v1/external/workflows", { key: soon })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const expired = await call(listWorkflows, "GET", "/api/v1/external/workflows", { key: soon });
    const unknown = await call(listWorkflows, "GET", "/api/v1/external/workflows", { key: "kyc_never_issued_0123456789" });
    expect(expired.status).toBe(401);
    expect(expired.headers.get("www-authenticate")).toBe(unknown.headers.get("www-authenticate"));
    const { status, code, title, detail } = unknown.json;
    expect(expired.json).toMatchObject({ status, code, title, detail });
    expect(detail).toContain("unknown, expired or revoked");
  });

  it("keys created before scopes existed hold every scope of that time and keep working; later scopes (teams) they lack", async () => {
    // A row written as before this change (no scopes, no expiry), as the seed and older releases wrote them.
    const old = "kyc_created_before_scopes_0123456789";
    await t.db.insert(apiKeys).values({ projectId: P, name: "old", prefix: old.slice(0, 12), keyHash: hashApiKey(old) });
    for (const op of await externalOperations()) {
      const res = await call(op.handler, op.method, op.url, { key: old, params: op.params });
      if (LEGACY_KEY_SCOPES.includes(op.documented!)) expect(res.json?.code, op.label).not.toBe("insufficient_scope");
      else expect([res.json?.code, op.documented], op.label).toEqual(["insufficient_scope", expect.stringMatching(/^teams:/)]);
      expect(res.status, op.label).not.toBe(401);
    }
    expect((await call(listWorkflows, "GET", "/api/v1/external/workflows", { key: t.apiKey })).status).toBe(200);
  });

  it("a new key's expiry must be a future date-time (422 at /expiresAt); scopes default to running cases", async () => {
    const body = (value: unknown) => new Request("http://localhost/api/backoffice/api-keys", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(value) });
    await expect(readJsonBody(body({ name: "k", expiresAt: "2020-01-01T00:00:00Z" }), createApiKeyRequestSchema)).rejects.toMatchObject({
      status: 422,
      errors: [{ path: "/expiresAt", message: expect.stringContaining("must be in the future") }],
    });
    await expect(readJsonBody(body({ name: "k", expiresAt: "tomorrow" }), createApiKeyRequestSchema)).rejects.toMatchObject({ errors: [expect.objectContaining({ path: "/expiresAt" })] });
    await expect(readJsonBody(body({ name: "k", scopes: ["runtimes:read", "root"] }), createApiKeyRequestSchema)).rejects.toMatchObject({ errors: [expect.objectContaining({ path: "/scopes/1" })] });
    await expect(readJsonBody(body({ name: "k", scopes: [] }), createApiKeyRequestSchema)).rejects.toMatchObject({ errors: [expect.objectContaining({ path: "/scopes" })] });
    expect(await readJsonBody(body({ name: "k" }), createApiKeyRequestSchema)).toEqual({ name: "k", scopes: ["runtimes:read", "runtimes:write"] });
  });
});
