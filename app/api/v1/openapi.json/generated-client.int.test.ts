import { readdirSync } from "node:fs";
import path from "node:path";
import createClient, { type Client } from "openapi-fetch";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { resetEnvCache } from "@/lib/config/env";
import { setPhase } from "@/lib/readiness/process-state";
import { startWorker, type RunningWorker } from "@/lib/worker/worker";
import { and, eq } from "drizzle-orm";
import { apiKeys, jobs, users } from "@/lib/db/schema";
import { API_SCOPES } from "@/lib/api-contract/scopes";
import { BATCH_MAX_BYTES } from "@/lib/api/schemas/batches";
import { allowOutbound, resetOutbound } from "@/tests/support/outbound";
import { EXAMPLE, runContext, seedDefinition, seedProject } from "@/tests/support/seed";
import { openTestDatabase, type TestDatabase } from "@/tests/support/test-database";
import { startVendorStub } from "@/tests/support/vendor-stub";
import { answerChecker, type CheckedAnswer } from "../../../../tests/support/openapi-answer-check";
import { inProcessFetch } from "../../../../tests/support/in-process-fetch";
import { API_ROUTES as ROUTES } from "@/tests/support/api-routes";

/*
 * An integrator's view of the API: a client built from the served document (openapi-fetch; the types
 * openapi-typescript generates from the same document are checked in lib/api/openapi/openapi.test.ts) drives
 * a flow against the route handlers, and every answer, problems included, is checked against the document:
 * status listed, body valid by its schema, headers documented, problem codes named. So the document cannot drift.
 */


let t: TestDatabase;
let stub: Awaited<ReturnType<typeof startVendorStub>>;
let worker: RunningWorker;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the typed client is checked by the type probe in lib/api/openapi/openapi.test.ts
let doc: Record<string, any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above: requests are built as an integrator would, answers checked at run time
let api: Client<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
let anonymous: Client<any>;
const checked: CheckedAnswer[] = [];
const violations: string[] = [];

beforeAll(async () => {
  t = await openTestDatabase();
  stub = await startVendorStub((req) =>
    req.path.startsWith("/hooks") ? { status: 200 } : { status: 200, body: { business_details: { registered_name: "Other", registration_number: "1" }, name_fuzziness_score: 0.7 } },
  );
  allowOutbound(`127.0.0.1:${stub.port}`);
  const key = await seedProject(t.db, "proj-openapi", { REGISTRY_API_KEY: "a", WEBHOOK_TOKEN: "b" });
  await t.db.update(apiKeys).set({ scopes: [...API_SCOPES] }); // the seeded key predates the teams scopes
  await seedDefinition(t.db, "proj-openapi");
  worker = await startWorker(t, { pollMs: 50 });
  doc = await (await ROUTES["/api/v1/openapi.json"].GET()).json();
  const check = answerChecker(doc);
  const fetch = inProcessFetch(ROUTES, async (method, template, res) => {
    const { problems, answer } = check(method, template, res.status, res.headers, await res.text());
    violations.push(...problems);
    checked.push(answer);
  });
  api = createClient({ baseUrl: "http://localhost", fetch, headers: { Authorization: `Bearer ${key}` } });
  anonymous = createClient({ baseUrl: "http://localhost", fetch });
});

afterEach(() => {
  expect(violations.splice(0)).toEqual([]);
});

afterAll(async () => {
  await worker?.stop();
  await stub?.close();
  resetOutbound();
  await t?.dispose();
});

const runBody = (registration: string) => ({ workflowId: "kyb_manual_review_example", context: runContext(stub.origin, registration) });
const otherUuid = "8d8ac610-566d-4ef0-9c22-186b2a5ed793";
let runtimeId: string;

describe(`a client generated from the served OpenAPI document (${process.env.TEST_DB_KIND})`, () => {
  it("reads the document and the health check", async () => {
    expect((await anonymous.GET("/api/v1/openapi.json", {})).data.openapi).toBe("3.1.0");
    expect((await anonymous.GET("/api/health", {})).data.status).toBe("ok");
    expect((await anonymous.GET("/api/health/ready", {})).error.code).toBe("not_ready"); // this process never booted
    setPhase("ready");
    expect((await anonymous.GET("/api/health/ready", {})).data.status).toBe("ready");
  });

  it("is refused the metrics without their token (401 problem, WWW-Authenticate)", async () => {
    process.env.METRICS_TOKEN = "metrics-token-for-the-client-test";
    resetEnvCache();
    try {
      const { error, response } = await anonymous.GET("/api/metrics", { headers: { authorization: "Bearer wrong" } });
      expect(response.status).toBe(401);
      expect(error.code).toBe("unauthorized");
      expect(response.headers.get("www-authenticate")).toContain("Bearer");
    } finally {
      delete process.env.METRICS_TOKEN;
      resetEnvCache();
    }
  });

  it("runs a workflow (201, Location, Preference-Applied; a replay says Idempotent-Replayed) and gets the problems of a bad run", async () => {
    const params = { header: { "Idempotency-Key": "openapi-run-1", Prefer: "wait=10" } };
    const first = await api.POST("/api/v1/external/workflows/run", { params, body: runBody("1") });
    expect([first.response.status, first.response.headers.get("preference-applied")]).toEqual([201, "wait=10"]);
    runtimeId = first.data.workflowRuntimeId;
    expect(first.response.headers.get("location")).toBe(`/api/v1/external/workflows/${runtimeId}`);
    const reused = await api.POST("/api/v1/external/workflows/run", { params, body: runBody("1") }); // a new entity id: another body
    expect(reused.error.code).toBe("idempotency_key_reused");
    const again = { params: { header: { "Idempotency-Key": "openapi-run-2" } }, body: runBody("2") };
    await api.POST("/api/v1/external/workflows/run", again);
    const replayed = await api.POST("/api/v1/external/workflows/run", again);
    expect([replayed.response.status, replayed.response.headers.get("idempotent-replayed")]).toEqual([201, "true"]);
    const codes = [
      (await anonymous.POST("/api/v1/external/workflows/run", { body: runBody("3") })).error.code,
      (await api.POST("/api/v1/external/workflows/run", { body: { ...runBody("3"), workflowId: "nope" } })).error.code,
      (await api.POST("/api/v1/external/workflows/run", { body: { ...runBody("3"), state: "approve" } })).error.code,
      (await api.POST("/api/v1/external/workflows/run", { body: runBody("3"), bodySerializer: () => "{" })).error.code,
      (await api.POST("/api/v1/external/workflows/run", { body: runBody("3"), headers: { "Content-Type": "text/plain" } })).error.code,
      (await api.POST("/api/v1/external/workflows/run", { body: runBody("3"), params: { header: { "Idempotency-Key": "a b" } } })).error.code,
    ];
    expect(codes).toEqual(["unauthorized", "not_found", "validation_failed", "malformed_json", "unsupported_media_type", "invalid_idempotency_key"]);
  });

  it("sends events: 409 for an event the state does not accept, 412 for a stale If-Match, then 200 with ETag once settled", async () => {
    const path = { workflowRuntimeId: runtimeId };
    const send = (name: string, header: Record<string, string> = {}) =>
      api.POST("/api/v1/external/workflows/{workflowRuntimeId}/send-event", { params: { path, header }, body: { name, payload: { by: "openapi test" } } });
    expect((await send("approve")).error.code).toBe("event_not_accepted");
    expect((await send("start", { "If-Match": '"7"' })).error).toMatchObject({ status: 412, code: "version_conflict" });
    expect((await send("start", { "If-Match": "seven" })).error.code).toBe("invalid_if_match");
    const moved = await send("start", { "If-Match": '"1"', Prefer: "wait=10" });
    expect(moved.data).toMatchObject({ state: "manual_review", nextEvents: ["approve", "reject", "revision"] });
    expect(moved.response.headers.get("etag")).toBe(`"${moved.data.version}"`);
    const missing = await api.POST("/api/v1/external/workflows/{workflowRuntimeId}/send-event", { params: { path: { workflowRuntimeId: otherUuid } }, body: { name: "start" } });
    expect(missing.error.code).toBe("not_found");
  });

  it("reads a runtime, lists runtimes and reads the history, a page at a time", async () => {
    const one = await api.GET("/api/v1/external/workflows/{workflowRuntimeId}", { params: { path: { workflowRuntimeId: runtimeId } } });
    expect(one.response.headers.get("etag")).toBe(`"${one.data.version}"`);
    expect((await api.GET("/api/v1/external/workflows/{workflowRuntimeId}", { params: { path: { workflowRuntimeId: otherUuid } } })).error.code).toBe("not_found");
    const page = await api.GET("/api/v1/external/workflows", { params: { query: { limit: 1, tag: ["manual_review"] } } });
    expect(page.data.data).toHaveLength(1);
    const all = await api.GET("/api/v1/external/workflows", { params: { query: { limit: 1 } } });
    const next = await api.GET("/api/v1/external/workflows", { params: { query: { limit: 1, cursor: all.data.nextCursor } } });
    expect(next.data.data[0].id).not.toBe(all.data.data[0].id);
    expect((await api.GET("/api/v1/external/workflows", { params: { query: { stat: "active" } } })).error.code).toBe("validation_failed");
    const path = { workflowRuntimeId: runtimeId };
    const first = await api.GET("/api/v1/external/workflows/{workflowRuntimeId}/history", { params: { path, query: { limit: 2 } } });
    expect(first.data.data.map((e: { kind: string }) => e.kind)).toEqual(["created", "transition"]);
    const rest = await api.GET("/api/v1/external/workflows/{workflowRuntimeId}/history", { params: { path, query: { cursor: first.data.nextCursor } } });
    expect(rest.data.data.map((e: { kind: string }) => e.kind)).toContain("plugin_call");
    expect((await api.GET("/api/v1/external/workflows/{workflowRuntimeId}/history", { params: { path, query: { cursor: "x" } } })).error.code).toBe("validation_failed");
    expect((await api.GET("/api/v1/external/workflows/{workflowRuntimeId}/history", { params: { path: { workflowRuntimeId: otherUuid } } })).response.status).toBe(404);
  });

  it("lists, reads and creates definitions: Location, 409 for a version out of order, 422 for a bad definition or cursor", async () => {
    const listed = await api.GET("/api/v1/external/workflow-definitions", { params: { query: { limit: 1 } } });
    expect(listed.data).toMatchObject({ data: [{ id: "kyb_manual_review_example" }], nextCursor: null });
    expect((await api.GET("/api/v1/external/workflow-definitions", { params: { query: { cursor: "garbage" } } })).error.code).toBe("invalid_cursor");
    const example = { ...EXAMPLE, version: undefined }; // the next version
    const created = await api.POST("/api/v1/external/workflow-definitions", { body: { ...example, id: "openapi_flow" } });
    expect(created.response.headers.get("location")).toBe("/api/v1/external/workflow-definitions/openapi_flow?version=1");
    const stale = await api.POST("/api/v1/external/workflow-definitions", { body: { ...example, id: "openapi_flow", version: 5 } });
    expect(stale.error).toMatchObject({ status: 409, code: "version_conflict" });
    expect((await api.POST("/api/v1/external/workflow-definitions", { body: { ...example, id: "broken", definition: {} } })).error.code).toBe("definition_invalid");
    const path = { definitionId: "openapi_flow" };
    expect((await api.GET("/api/v1/external/workflow-definitions/{definitionId}", { params: { path, query: { version: 1 } } })).data.version).toBe(1);
    expect((await api.GET("/api/v1/external/workflow-definitions/{definitionId}", { params: { path, query: { version: 9 } } })).error.code).toBe("not_found");
    expect((await api.GET("/api/v1/external/workflow-definitions/{definitionId}/versions", { params: { path } })).data.data).toHaveLength(1);
    expect((await api.GET("/api/v1/external/workflow-definitions/{definitionId}/versions", { params: { path: { definitionId: "nope" } } })).error.code).toBe("not_found");
  });

  it("creates filters (Location), lists them a page at a time through Link rel=next, reads and runs one", async () => {
    const body = { name: "Manual review", entity: "businesses", query: { where: { state: "manual_review" } } };
    const created = await api.POST("/api/v1/external/filters", { body });
    expect(created.response.headers.get("location")).toBe(`/api/v1/external/filters/${created.data.id}`);
    await api.POST("/api/v1/external/filters", { body: { ...body, name: "Second" } });
    expect((await api.POST("/api/v1/external/filters", { body: { ...body, projectId: "other" } })).error.code).toBe("forbidden");
    expect((await api.POST("/api/v1/external/filters", { body: { ...body, query: { where: { nope: 1 } } } })).error.code).toBe("validation_failed");
    const first = await api.GET("/api/v1/external/filters", { params: { query: { limit: 1 } } });
    const link = first.response.headers.get("link")!;
    const cursor = new URL(/^<([^>]+)>/.exec(link)![1], "http://localhost").searchParams.get("cursor");
    const second = await api.GET("/api/v1/external/filters", { params: { query: { limit: 1, cursor } } });
    expect([first.data[0].name, second.data[0].name, second.response.headers.get("link")]).toEqual(["Manual review", "Second", null]);
    const path = { filterId: created.data.id };
    expect((await api.GET("/api/v1/external/filters/{filterId}", { params: { path } })).data.name).toBe("Manual review");
    expect((await api.GET("/api/v1/external/filters/{filterId}", { params: { path: { filterId: otherUuid } } })).error.code).toBe("not_found");
    expect((await api.PATCH("/api/v1/external/filters/{filterId}", { params: { path }, body: { assignment: "round_robin" } })).data).toMatchObject({ teamIds: [], assignment: "round_robin" });
    expect((await api.PATCH("/api/v1/external/filters/{filterId}", { params: { path }, body: { teamIds: [otherUuid] } })).error.errors[0].path).toBe("/teamIds/0");
    const cases = await api.GET("/api/v1/external/filters/{filterId}/cases", { params: { path, query: { limit: 5 } } });
    expect(cases.data.data.length).toBeGreaterThan(0);
    expect((await api.GET("/api/v1/external/filters/{filterId}/cases", { params: { path, query: { cursor: "garbage" } } })).error.code).toBe("invalid_cursor");
  });

  it("stores, lists (a page at a time), binds to hosts and deletes secrets; a bad name or host is 422, a missing one 404", async () => {
    for (const name of ["OPENAPI_A", "OPENAPI_B"]) expect((await api.PUT("/api/v1/external/secrets/{name}", { params: { path: { name } }, body: { value: "v" } })).data.name).toBe(name);
    const first = await api.GET("/api/v1/external/secrets", { params: { query: { limit: 1 } } });
    const second = await api.GET("/api/v1/external/secrets", { params: { query: { limit: 1, cursor: first.data.nextCursor } } });
    expect(second.data.data[0].name).not.toBe(first.data.data[0].name);
    expect((await api.PUT("/api/v1/external/secrets/{name}", { params: { path: { name: "lower" } }, body: { value: "v" } })).error.code).toBe("validation_failed");
    const bound = await api.PATCH("/api/v1/external/secrets/{name}", { params: { path: { name: "OPENAPI_A" } }, body: { allowedHosts: ["api.vendor.example"] } });
    expect(bound.data.allowedHosts).toEqual(["api.vendor.example"]);
    expect((await api.PATCH("/api/v1/external/secrets/{name}", { params: { path: { name: "OPENAPI_A" } }, body: { allowedHosts: ["*.com"] } })).error.code).toBe("validation_failed");
    expect((await api.DELETE("/api/v1/external/secrets/{name}", { params: { path: { name: "OPENAPI_B" } } })).response.status).toBe(204);
    expect((await api.DELETE("/api/v1/external/secrets/{name}", { params: { path: { name: "OPENAPI_B" } } })).error.code).toBe("not_found");
  });

  it("creates, lists, reads, renames and deletes teams and their members (409 for a taken name, 422 for a user of no project)", async () => {
    const [user] = await t.db.insert(users).values({ projectId: "proj-openapi", email: "ada@openapi.test", role: "reviewer", passwordHash: "x" }).returning();
    const team = (await api.POST("/api/v1/external/teams", { body: { name: "Senior", memberIds: [user.id] } })).data;
    expect([(await api.POST("/api/v1/external/teams", { body: { name: "senior" } })).error.code, (await api.GET("/api/v1/external/teams", {})).data.data[0].members[0].id]).toEqual(["team_name_taken", user.id]);
    const path = { teamId: team.id };
    expect([(await api.GET("/api/v1/external/teams/{teamId}", { params: { path } })).data.name, (await api.PATCH("/api/v1/external/teams/{teamId}", { params: { path }, body: { name: "Seniors" } })).data.name]).toEqual(["Senior", "Seniors"]);
    expect((await api.DELETE("/api/v1/external/teams/{teamId}/members/{userId}", { params: { path: { ...path, userId: user.id } } })).response.status).toBe(204);
    expect([(await api.POST("/api/v1/external/teams/{teamId}/members", { params: { path }, body: { userId: otherUuid } })).error.errors[0].path, (await api.POST("/api/v1/external/teams/{teamId}/members", { params: { path }, body: { userId: user.id } })).data.members.length]).toEqual(["/userId", 1]);
    expect([(await api.DELETE("/api/v1/external/teams/{teamId}", { params: { path } })).response.status, (await api.GET("/api/v1/external/teams/{teamId}", { params: { path } })).error.code]).toEqual([204, "not_found"]);
  });

  it("manages webhook subscriptions, reads deliveries and rotates the signing secret", async () => {
    const created = await api.POST("/api/v1/external/webhook-subscriptions", { body: { url: "https://receiver.example/hooks", events: ["workflow.completed"] } });
    const path = { subscriptionId: created.data.id };
    expect(created.response.headers.get("location")).toBe(`/api/v1/external/webhook-subscriptions/${created.data.id}`);
    expect((await api.GET("/api/v1/external/webhook-subscriptions", { params: { query: { level: "project" } } })).data.data).toHaveLength(1);
    expect((await api.POST("/api/v1/external/webhook-subscriptions/{subscriptionId}/disable", { params: { path } })).data.active).toBe(false);
    expect((await api.POST("/api/v1/external/webhook-subscriptions/{subscriptionId}/enable", { params: { path } })).data.active).toBe(true);
    expect((await api.DELETE("/api/v1/external/webhook-subscriptions/{subscriptionId}", { params: { path } })).response.status).toBe(204);
    expect((await api.DELETE("/api/v1/external/webhook-subscriptions/{subscriptionId}", { params: { path } })).error.code).toBe("not_found");
    expect((await api.GET("/api/v1/external/webhook-deliveries", { params: { query: { workflowRuntimeId: runtimeId } } })).data.data).toEqual(expect.any(Array));
    expect((await api.POST("/api/v1/external/webhook-deliveries/{deliveryId}/redeliver", { params: { path: { deliveryId: otherUuid } } })).error.code).toBe("not_found");
    const rotated = await api.POST("/api/v1/external/webhook-secret/rotate", {});
    expect((await api.GET("/api/v1/external/webhook-secret", {})).data).toMatchObject({ configured: true, fingerprint: rotated.data.fingerprint });
  });

  it("adds, replaces, lists and deletes a runtime's documents (ETag, If-Match, 409, 412, 422, 404)", async () => {
    const path = { workflowRuntimeId: runtimeId };
    const docPath = { ...path, documentId: "openapi-doc" };
    const added = await api.POST("/api/v1/external/workflows/{workflowRuntimeId}/documents", { params: { path }, body: { id: "openapi-doc", category: "proof_of_address" } });
    expect([added.response.status, added.data.document.version, added.response.headers.get("etag")]).toEqual([201, 1, `"${added.data.version}"`]);
    expect((await api.POST("/api/v1/external/workflows/{workflowRuntimeId}/documents", { params: { path }, body: { id: "openapi-doc" } })).error.code).toBe("document_exists");
    const replace = (header: Record<string, string>, body: Record<string, unknown> = { category: "proof_of_address", type: "utility_bill" }) =>
      api.PUT("/api/v1/external/workflows/{workflowRuntimeId}/documents/{documentId}", { params: { path: docPath, header }, body });
    expect((await replace({ "If-Match": `"${added.data.version}"` })).data.document.version).toBe(2);
    expect((await replace({ "If-Match": `"${added.data.version}"` })).error).toMatchObject({ status: 412, code: "version_conflict" });
    expect((await replace({}, { decision: { status: "approved" } })).error.code).toBe("validation_failed");
    const listed = await api.GET("/api/v1/external/workflows/{workflowRuntimeId}/documents/{documentId}/versions", { params: { path: docPath } });
    expect(listed.data.data.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect((await api.DELETE("/api/v1/external/workflows/{workflowRuntimeId}/documents/{documentId}", { params: { path: docPath } })).response.status).toBe(204);
    expect((await api.DELETE("/api/v1/external/workflows/{workflowRuntimeId}/documents/{documentId}", { params: { path: docPath } })).error.code).toBe("not_found");
    expect((await api.GET("/api/v1/external/workflows/{workflowRuntimeId}/documents/{documentId}/versions", { params: { path: { ...path, documentId: "nope" } } })).error.code).toBe("not_found");
  });

  it("reads the audit trail a page at a time, filtered by action, and refuses a bad time (422)", async () => {
    // Rotating the signing secret (an earlier test) and patching the context are audited.
    const all = await api.GET("/api/v1/external/audit-events", { params: { query: { limit: 1 } } });
    expect(all.response.status).toBe(200);
    expect(all.data.data).toHaveLength(1);
    const next = await api.GET("/api/v1/external/audit-events", { params: { query: { limit: 1, cursor: all.data.nextCursor } } });
    expect(next.data.data[0].id).toBeLessThan(all.data.data[0].id);
    const patched = await api.GET("/api/v1/external/audit-events", { params: { query: { action: "case.", targetType: "runtime" } } });
    expect(patched.data.data.length).toBeGreaterThan(0);
    expect((await api.GET("/api/v1/external/audit-events", { params: { query: { from: "yesterday" } } })).error.code).toBe("validation_failed");
  });

  it("writes and reads notes, lists failed jobs and refuses to retry a job that did not fail", async () => {
    const path = { workflowRuntimeId: runtimeId };
    expect((await api.POST("/api/v1/external/workflows/{workflowRuntimeId}/notes", { params: { path }, body: { text: "Checked by phone." } })).response.status).toBe(201);
    expect((await api.POST("/api/v1/external/workflows/{workflowRuntimeId}/notes", { params: { path }, body: { text: " " } })).error.code).toBe("validation_failed");
    expect((await api.GET("/api/v1/external/workflows/{workflowRuntimeId}/notes", { params: { path, query: { limit: 5 } } })).data.data[0].text).toBe("Checked by phone.");
    expect((await api.GET("/api/v1/external/workflows/{workflowRuntimeId}/notes", { params: { path: { workflowRuntimeId: otherUuid } } })).error.code).toBe("not_found");
    expect((await api.GET("/api/v1/external/jobs", { params: { query: { status: "failed", workflowRuntimeId: runtimeId } } })).data).toEqual({ data: [], nextCursor: null });
    expect((await api.GET("/api/v1/external/jobs", { params: { query: { status: "failed", workflowRuntimeId: otherUuid } } })).error.code).toBe("not_found");
    const [done] = await t.db.select().from(jobs).where(and(eq(jobs.runtimeId, runtimeId), eq(jobs.kind, "api_plugin")));
    expect((await api.POST("/api/v1/external/jobs/{jobId}/retry", { params: { path: { jobId: String(done.id) } } })).error.code).toBe("job_not_retryable");
    expect((await api.POST("/api/v1/external/jobs/{jobId}/retry", { params: { path: { jobId: "987654321" } } })).error.code).toBe("not_found");
  });

  it("patches the context (merge-patch, 412, 415, 422), moves (422 listing states, 404) and cancels (twice 409) a runtime", async () => {
    const path = { workflowRuntimeId: runtimeId };
    const current = (await api.GET("/api/v1/external/workflows/{workflowRuntimeId}", { params: { path } })).data.version;
    const patch = (body: unknown, options: Record<string, unknown> = {}) =>
      api.PATCH("/api/v1/external/workflows/{workflowRuntimeId}/context", { params: { path, header: { "If-Match": `"${current}"` } }, body, headers: { "Content-Type": "application/merge-patch+json" }, ...options });
    const patched = await patch({ entity: { data: { country: null } }, reviewNote: "called" });
    expect([patched.data.context.reviewNote, patched.response.headers.get("etag")]).toEqual(["called", `"${current + 1}"`]);
    expect((await patch({ a: 1 })).error).toMatchObject({ status: 412, code: "version_conflict" });
    const unsupported = await patch({ a: 1 }, { headers: { "Content-Type": "text/plain" } });
    expect([unsupported.error.code, unsupported.response.headers.get("accept-patch")]).toEqual(["unsupported_media_type", "application/merge-patch+json, application/json"]);
    expect((await patch({ a: 1 }, { bodySerializer: () => "[1]", params: { path } })).error.code).toBe("validation_failed");
    const moveTo = (state: string, workflowRuntimeId = runtimeId) => api.POST("/api/v1/external/workflows/{workflowRuntimeId}/move", { params: { path: { workflowRuntimeId } }, body: { state, reason: "openapi test" } });
    expect((await moveTo("nowhere")).error.errors[0].message).toContain("manual_review");
    expect((await moveTo("manual_review", otherUuid)).error.code).toBe("not_found");
    expect((await moveTo("manual_review")).data).toMatchObject({ state: "manual_review", status: "active" });
    const cancelIt = () => api.POST("/api/v1/external/workflows/{workflowRuntimeId}/cancel", { params: { path }, body: { reason: "openapi test" } });
    expect((await cancelIt()).data.status).toBe("canceled");
    expect((await cancelIt()).error).toMatchObject({ status: 409, code: "runtime_not_active" });
    expect((await patch({ a: 1 }, { params: { path } })).error.code).toBe("runtime_not_active");
  });

  it("runs and sends in batches (200, each item answered as alone; a replay says Idempotent-Replayed), 413 over the size limit, 422 at /items", async () => {
    const runs = { params: { header: { "Idempotency-Key": "openapi-batch-1" } }, body: { items: [{ ...runBody("b1"), idempotencyKey: "openapi-batch-item-1" }, { ...runBody("b2"), workflowId: "nope" }] } };
    const batch = await api.POST("/api/v1/external/workflows/run-batch", runs);
    expect(batch.data.items.map((a: { status: number }) => a.status)).toEqual([201, 404]);
    const replayed = await api.POST("/api/v1/external/workflows/run-batch", runs);
    expect([replayed.data, replayed.response.headers.get("idempotent-replayed")]).toEqual([batch.data, "true"]);
    expect((await api.POST("/api/v1/external/workflows/run-batch", { body: { items: [] } })).error.errors).toEqual([{ path: "/items", message: "1 to 500 items (got 0)" }]);
    const huge = { ...runBody("b3"), context: { ...runBody("b3").context, notes: "x".repeat(BATCH_MAX_BYTES) } };
    expect((await api.POST("/api/v1/external/workflows/run-batch", { body: { items: [huge] } })).error.code).toBe("payload_too_large");
    const started = batch.data.items[0].body.workflowRuntimeId;
    const items = [{ workflowRuntimeId: started, name: "start", ifMatch: '"1"' }, { workflowRuntimeId: runtimeId, name: "start" }, { workflowRuntimeId: otherUuid, name: "start" }, { name: "start" }];
    const events = await api.POST("/api/v1/external/workflows/send-events", { body: { items } });
    expect(events.data.items.map((a: { status: number; body: { code?: string } }) => [a.status, a.body.code])).toEqual([[200, undefined], [409, "runtime_not_active"], [404, "not_found"], [422, "validation_failed"]]);
  });

  it("starts bulk operations (202, Location), follows one to its failures, refuses a cancel once it ended (409) and unknown ids (404)", async () => {
    const nobody = (await api.POST("/api/v1/external/filters", { body: { name: "Nobody", entity: "businesses", query: { where: { state: "nowhere" } } } })).data;
    const start = (filterId: string, body: Record<string, unknown>) => api.POST("/api/v1/external/filters/{filterId}/bulk", { params: { path: { filterId }, header: { "Idempotency-Key": `openapi-bulk-${filterId}` } }, body });
    const empty = await start(nobody.id, { action: "cancel", reason: "openapi test" });
    expect([empty.response.status, empty.data.status, empty.response.headers.get("location")]).toEqual([202, "completed", `/api/v1/external/bulk-operations/${empty.data.id}`]);
    expect((await api.POST("/api/v1/external/bulk-operations/{bulkOperationId}/cancel", { params: { path: { bulkOperationId: empty.data.id } } })).error.code).toBe("bulk_operation_finished");
    expect([(await start(otherUuid, { action: "send-event", name: "approve" })).error.code, (await start(nobody.id, { action: "assign" })).error.errors[0].path]).toEqual(["not_found", "/userId"]);
    const selected = await api.POST("/api/v1/external/bulk-operations", { body: { action: "send-event", name: "approve", runtimeIds: [otherUuid] } });
    expect([selected.response.status, selected.data.total, selected.data.filterId]).toEqual([202, 1, null]);
    const follow = (bulkOperationId: string) => api.GET("/api/v1/external/bulk-operations/{bulkOperationId}", { params: { path: { bulkOperationId } } });
    await vi.waitFor(async () => expect((await follow(selected.data.id)).data).toMatchObject({ status: "completed", failed: 1, failures: [{ runtimeId: otherUuid, problem: { status: 404 } }] }), { timeout: 10_000, interval: 100 });
    expect([(await follow(otherUuid)).error.code, (await api.POST("/api/v1/external/bulk-operations/{bulkOperationId}/cancel", { params: { path: { bulkOperationId: otherUuid } } })).error.code]).toEqual(["not_found", "not_found"]);
  });

  it("checked an answer of every operation of the document, and the document lists every route handler", () => {
    const operations = Object.entries(doc.paths as Record<string, object>).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));
    expect(operations.filter((op) => !checked.some((a) => a.operation === op))).toEqual([]);
    expect([...new Set(checked.map((a) => a.status))]).toEqual(expect.arrayContaining([200, 201, 202, 204, 400, 401, 403, 404, 409, 412, 413, 415, 422]));
    const handlers = routeFiles(path.resolve(__dirname, "..")).map((f) => `/api/v1/${f.replace(/\[(\w+)\]/g, "{$1}")}`);
    expect([...handlers, "/api/health", "/api/health/ready", "/api/metrics"].sort()).toEqual(Object.keys(doc.paths).sort());
    expect(Object.keys(ROUTES).sort()).toEqual(Object.keys(doc.paths).sort());
  });
});

/** The folders under `dir` holding a route.ts (catch-all routes aside), relative to it. */
function routeFiles(dir: string, prefix = ""): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (!entry.isDirectory() || entry.name.startsWith("[...") || entry.name === "test-support") return entry.name === "route.ts" && prefix ? [prefix.slice(0, -1)] : [];
    return routeFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`);
  });
}
