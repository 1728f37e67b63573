import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { currentUser, type SessionUser } from "@/lib/auth/session";
import { resetRateLimits } from "@/lib/api/rate-limit/rate-limit";
import { resetEnvCache } from "@/lib/config/env";
import { openTestDatabase, type TestDatabase } from "@/tests/support/test-database";
import { SINK_MAX_BODY_BYTES } from "@/lib/sandbox/webhook-sink";
import { call } from "@/tests/support/http";
import { seedProject } from "@/tests/support/seed";
import { POST as echo } from "./echo/route";
import { POST as echoAt } from "./echo/[name]/route";
import { GET as registry } from "./registry/[registrationNumber]/route";
import { GET as sinkGet, POST as sinkPost } from "./webhook-sink/[name]/route";

// Only the next-auth session lookup is replaced; the API-key check, the origin check and the database are real.
vi.mock("@/lib/auth/session", () => ({ currentUser: vi.fn() }));

let t: TestDatabase;
let keyA: string;
let keyB: string;
const SAME_ORIGIN = { host: "localhost", origin: "http://localhost", cookie: "next-auth.session-token=x" };
const userOf = (projectId: string): SessionUser => ({ id: "00000000-0000-4000-8000-000000000001", email: "r@sink.test", name: "R", role: "reviewer", projectId });
const unique = () => `sink-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
const post = (name: string, options: Parameters<typeof call>[3] = {}) => call(sinkPost, "POST", `/api/sandbox/webhook-sink/${name}`, { params: { name }, ...options });
const read = (name: string, options: Parameters<typeof call>[3] = {}) => call(sinkGet, "GET", `/api/sandbox/webhook-sink/${name}`, { params: { name }, ...options });

beforeAll(async () => {
  t = await openTestDatabase();
  keyA = await seedProject(t.db, "sink-a");
  keyB = await seedProject(t.db, "sink-b");
});
afterAll(async () => {
  resetRateLimits(t.db); // no count left to flush into the dropped database
  await t?.dispose();
});
beforeEach(() => vi.mocked(currentUser).mockReset().mockResolvedValue(null));
afterEach(() => {
  process.env.APP_ENVIRONMENT = "sandbox";
  resetEnvCache();
});

const ctx = <T extends Record<string, string>>(params: T) => ({ params: Promise.resolve(params) });

describe(`sandbox routes (${process.env.TEST_DB_KIND})`, () => {
  it("the registry answers the near match for the documented number, echoing the company name", async () => {
    const res = await registry(new Request("http://localhost/api/sandbox/registry/20000002?business_name=Acme%20Ltd"), ctx({ registrationNumber: "20000002" }));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ business_details: { registered_name: "Acme Ltd Holdings" }, name_fuzziness_score: 0.7 });
  });

  it("the echo answers the JSON it was sent, with the API's body errors, and needs no key", async () => {
    const sent = await call(echo, "POST", "/api/sandbox/echo", { body: { a: [1, "two"], b: null } });
    expect([sent.status, sent.json]).toEqual([200, { received: { a: [1, "two"], b: null }, database: "ok" }]);
    const malformed = await call(echo, "POST", "/api/sandbox/echo", { body: "{", headers: { "content-type": "application/json" } });
    expect([malformed.status, malformed.json.code]).toEqual([400, "malformed_json"]);
    const text = await call(echo, "POST", "/api/sandbox/echo", { body: "hi", headers: { "content-type": "text/plain" } });
    expect([text.status, text.json.code]).toEqual([415, "unsupported_media_type"]);
    const hostile = await call(echo, "POST", "/api/sandbox/echo", { body: '{"__proto__":{"x":1}}', headers: { "content-type": "application/json" } });
    expect([hostile.status, hostile.json.code]).toEqual([422, "forbidden_key"]);
    const atPath = await call((req) => echoAt(req, ctx({ name: "runtime-1" })), "POST", "/api/sandbox/echo/runtime-1", { body: { name: "start" } });
    expect([atPath.status, atPath.json]).toEqual([200, { received: { name: "start" }, name: "runtime-1", database: "ok" }]);
  });

  it("the webhook sink records what an API key of the project sends, and shows it to that project only", async () => {
    const name = unique();
    const sent = await post(name, { key: keyA, body: { a: 1 } });
    expect(sent.status).toBe(202);
    expect((await read(name, { key: keyA })).json.data).toEqual([{ at: expect.any(String), name, headers: { "content-type": "application/json" }, body: { a: 1 } }]);
    expect((await read(name, { key: keyB })).json.data).toEqual([]);
  });

  it("a signed-in backoffice user reads and posts to the sink of their own project", async () => {
    const name = unique();
    await post(name, { key: keyA, body: "from a key" });
    vi.mocked(currentUser).mockResolvedValue(userOf("sink-a"));
    expect((await post(name, { headers: { ...SAME_ORIGIN, "content-type": "text/plain" }, body: "from the backoffice" })).status).toBe(202);
    expect((await read(name, { headers: SAME_ORIGIN })).json.data.map((e: { body: unknown }) => e.body)).toEqual(["from a key", "from the backoffice"]);
    vi.mocked(currentUser).mockResolvedValue(userOf("sink-b"));
    expect((await read(name, { headers: SAME_ORIGIN })).json.data).toEqual([]);
  });

  it("refuses callers without an API key of a project or a session: 401 problem+json, nothing recorded", async () => {
    const name = unique();
    for (const res of [
      await post(name, { body: { a: 1 } }),
      await post(name, { body: { a: 1 }, headers: { authorization: "Bearer t" } }),
      await post(name, { body: { a: 1 }, key: "kyc_unknown_key_0123456789abcdef" }),
      await post(name, { body: { a: 1 }, headers: SAME_ORIGIN }),
      await read(name),
      await read(name, { headers: SAME_ORIGIN }),
    ]) {
      expect(res.status).toBe(401);
      expect(res.headers.get("content-type")).toBe("application/problem+json");
    }
    const anonymous = await post(name, { body: { a: 1 } });
    expect(anonymous.json.detail).toMatch(/Authorization: Bearer <API key of the project>.*or sign in/);
    expect(anonymous.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect((await read(name, { key: keyA })).json.data).toEqual([]);
  });

  it("a session cannot post from another site (403 cross_origin_request)", async () => {
    vi.mocked(currentUser).mockResolvedValue(userOf("sink-a"));
    const res = await post(unique(), { headers: { ...SAME_ORIGIN, origin: "http://evil.example" }, body: { a: 1 } });
    expect([res.status, res.json.code]).toEqual([403, "cross_origin_request"]);
  });

  it(`caps bodies at ${SINK_MAX_BODY_BYTES} bytes: 413 problem+json beyond, declared or streamed`, async () => {
    const name = unique();
    const atLimit = "x".repeat(SINK_MAX_BODY_BYTES);
    expect((await post(name, { key: keyA, headers: { "content-type": "text/plain" }, body: atLimit })).status).toBe(202);
    const over = await post(name, { key: keyA, headers: { "content-type": "text/plain" }, body: `${atLimit}y` });
    expect([over.status, over.json.code, over.headers.get("content-type")]).toEqual([413, "payload_too_large", "application/problem+json"]);
    const declared = await post(name, { key: keyA, headers: { "content-type": "text/plain", "content-length": String(SINK_MAX_BODY_BYTES + 1) }, body: "small" });
    expect(declared.status).toBe(413);
    expect((await read(name, { key: keyA })).json.data.map((e: { body: string }) => e.body.length)).toEqual([SINK_MAX_BODY_BYTES]);
  });

  it("none of the sandbox routes exists in production: 404 problem+json, even for a valid key", async () => {
    process.env.APP_ENVIRONMENT = "production";
    resetEnvCache();
    const name = unique();
    for (const res of [
      await call((req) => registry(req, ctx({ registrationNumber: "1" })), "GET", "/api/sandbox/registry/1"),
      await call(echo, "POST", "/api/sandbox/echo", { body: { a: 1 } }),
      await call((req) => echoAt(req, ctx({ name: "x" })), "POST", "/api/sandbox/echo/x", { body: { a: 1 } }),
      await post(name, { key: keyA, body: { a: 1 } }),
      await read(name, { key: keyA }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toBe("application/problem+json");
      expect(res.json.detail).toMatch(/only exist when APP_ENVIRONMENT=sandbox/);
    }
    process.env.APP_ENVIRONMENT = "sandbox";
    resetEnvCache();
    expect((await read(name, { key: keyA })).json.data).toEqual([]);
  });
});
