import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { openTestDatabase, type TestDatabase } from "@/tests/support/test-database";
import { apiKeys, projects } from "@/lib/db/schema";
import { resetEnvCache } from "@/lib/config/env";
import { createApiKey, revokeApiKey } from "@/lib/api-keys";
import { hashApiKey } from "@/lib/security/api-key-format";
import { call } from "@/tests/support/http";
import { GET as listSecrets } from "@/app/api/v1/external/secrets/route";
import { AppError } from "../errors";
import { resetRateLimits } from "./rate-limit/rate-limit";
import { withApiKey } from "./with-api-key";

let t: TestDatabase;
let key: string;
let keyId: string;

beforeAll(async () => {
  t = await openTestDatabase();
  await t.db.insert(projects).values({ id: "p-auth", name: "p-auth" });
  ({ key, id: keyId } = await createApiKey(t.db, "p-auth", "test"));
});
afterAll(async () => {
  await t?.dispose();
});
afterEach(() => {
  delete process.env.RATE_LIMIT_PER_MINUTE;
  resetEnvCache();
  resetRateLimits(t.db);
});

const echo = withApiKey<{ id: string }>({ scope: "runtimes:read" }, async (_req, ctx) => Response.json({ auth: ctx.auth, params: ctx.params, requestId: ctx.requestId }));

function expectUnauthorized(res: { status: number; headers: Headers; json: Record<string, unknown> }) {
  expect(res.status).toBe(401);
  expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
  expect(res.headers.get("content-type")).toBe("application/problem+json");
  expect(res.json).toMatchObject({ status: 401, code: "unauthorized", title: "Unauthorized" });
}

describe(`withApiKey (${process.env.TEST_DB_KIND})`, () => {
  it("authenticates a good key: project, key id, awaited params, request id and rate-limit headers", async () => {
    const res = await call(echo, "GET", "/api/v1/external/x/1", { key, params: { id: "1" } });
    expect(res.status).toBe(200);
    expect(res.json.auth).toEqual({ projectId: "p-auth", apiKeyId: keyId, scopes: ["runtimes:write", "runtimes:read", "definitions:write", "secrets:write", "webhooks:admin", "audit:read"] });
    expect(res.json.params).toEqual({ id: "1" });
    expect(res.headers.get("x-request-id")).toBe(res.json.requestId);
    expect(res.headers.get("ratelimit-limit")).toBe("6000");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, keyId));
    expect(row.lastUsedAt).toBeInstanceOf(Date);
    const traced = await call(echo, "GET", "/x", { key, headers: { "x-request-id": "trace-1234abcd" } });
    expect(traced.headers.get("x-request-id")).toBe("trace-1234abcd");
  });

  it("401 with WWW-Authenticate for a missing, malformed, unknown or revoked key", async () => {
    expectUnauthorized(await call(listSecrets, "GET", "/api/v1/external/secrets"));
    expectUnauthorized(await call(listSecrets, "GET", "/api/v1/external/secrets", { headers: { authorization: `Basic ${key}` } }));
    expectUnauthorized(await call(listSecrets, "GET", "/api/v1/external/secrets", { key: "kyc_wrong" }));
    await t.db.insert(apiKeys).values({ projectId: "p-auth", name: "old", prefix: "kyc_revoked", keyHash: hashApiKey("kyc_revoked_key"), revokedAt: new Date() });
    expectUnauthorized(await call(listSecrets, "GET", "/api/v1/external/secrets", { key: "kyc_revoked_key" }));
  });

  it("revoking a key takes effect at once", async () => {
    const other = await createApiKey(t.db, "p-auth", "short-lived");
    expect((await call(listSecrets, "GET", "/api/v1/external/secrets", { key: other.key })).status).toBe(200);
    expect(await revokeApiKey(t.db, "p-auth", other.id)).toBe(true);
    expectUnauthorized(await call(listSecrets, "GET", "/api/v1/external/secrets", { key: other.key }));
    expect(await revokeApiKey(t.db, "p-auth", other.id)).toBe(false);
  });

  it("translates thrown errors: AppError as its problem, anything else as a 500 without internals", async () => {
    const failing = withApiKey({ scope: "runtimes:write" }, async () => {
      throw new AppError("event_not_accepted", "state 'idle' does not accept event 'aprove'; it accepts: start");
    });
    const conflict = await call(failing, "POST", "/x", { key });
    expect(conflict.status).toBe(409);
    expect(conflict.json).toMatchObject({ code: "event_not_accepted", detail: expect.stringContaining("it accepts: start") });
    const crashing = withApiKey({ scope: "runtimes:read" }, async () => {
      throw new Error("connection string postgres://secret@db leaked?");
    });
    const res = await call(crashing, "GET", "/x", { key });
    expect(res.status).toBe(500);
    expect(res.json.code).toBe("internal_error");
    expect(JSON.stringify(res.json)).not.toContain("secret@db");
    expect(res.json.detail).toContain(res.headers.get("x-request-id"));
  });

  it("rate-limits per key: 429 with Retry-After and RateLimit headers, other keys unaffected", async () => {
    process.env.RATE_LIMIT_PER_MINUTE = "3";
    resetEnvCache();
    // A key of its own: the earlier tests' requests this minute are already counted in the database.
    const limited = await createApiKey(t.db, "p-auth", "limited");
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 4; i++) {
      last = await call(echo, "GET", "/x", { key: limited.key });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(last!.json.code).toBe("rate_limited");
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(last!.headers.get("ratelimit-limit")).toBe("3");
    expect(last!.headers.get("ratelimit-remaining")).toBe("0");
    expect(Number(last!.headers.get("ratelimit-reset"))).toBeLessThanOrEqual(60);
    const other = await createApiKey(t.db, "p-auth", "second");
    const fresh = await call(echo, "GET", "/x", { key: other.key });
    expect([fresh.status, fresh.headers.get("ratelimit-remaining")]).toEqual([200, "2"]);
  });

  it("RATE_LIMIT_PER_MINUTE=0 turns the limit off", async () => {
    process.env.RATE_LIMIT_PER_MINUTE = "0";
    resetEnvCache();
    for (let i = 0; i < 5; i++) {
      const res = await call(echo, "GET", "/x", { key });
      expect(res.status).toBe(200);
      expect(res.headers.get("ratelimit-limit")).toBeNull();
    }
  });
});
