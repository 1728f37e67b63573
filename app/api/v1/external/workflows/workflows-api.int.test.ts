import { beforeAll, describe, expect, it } from "vitest";
import { count, eq, sql } from "drizzle-orm";
import { vendorProject } from "@/tests/support/vendor-project";
import { runtimeHistory, workflowRuntimes, businesses } from "@/lib/db/schema";
import { runContext, seedProject } from "@/tests/support/seed";
import { call } from "@/tests/support/http";
import { POST as run } from "./run/route";
import { POST as sendEvent } from "./[workflowRuntimeId]/send-event/route";
import { GET as getRuntime } from "./[workflowRuntimeId]/route";
import { GET as getHistory } from "./[workflowRuntimeId]/history/route";
import { GET as listRuntimes } from "./route";

const t = vendorProject("proj-a", {
  vendor: (req) =>
    req.path.startsWith("/hooks")
      ? { status: 200 }
      : { status: 200, delayMs: 50, body: { business_details: { registered_name: "Other", registration_number: "1" }, name_fuzziness_score: 0.7 } },
  secrets: { REGISTRY_API_KEY: "a", WEBHOOK_TOKEN: "b" },
  definitions: [{}, { id: "with_schema", edit: (d) => Object.assign(d, {}) }],
});
let keyB: string;

beforeAll(async () => {
  keyB = await seedProject(t.db, "proj-b");
  await t.db.execute(
    // contextSchema on the second definition: entity.data.companyName must be a non-empty string, country required
    sql`update workflow_definitions set context_schema = ${JSON.stringify({
      type: "object",
      required: ["entity"],
      properties: { entity: { type: "object", properties: { data: { type: "object", required: ["companyName", "country"], properties: { companyName: { type: "string", minLength: 3 } } } } } },
    })}::json where id = 'with_schema'`,
  );
});

const body = (reg = "1", extra: Record<string, unknown> = {}) => ({ workflowId: "kyb_manual_review_example", context: { ...runContext(t.stub.origin, reg), ...extra } });

describe(`workflows API (${process.env.TEST_DB_KIND})`, () => {
  it("runs a workflow: 201 with the spec's fields, initial state, documents with ids, the entity stored", async () => {
    const req = body("1", { documents: [{ category: "proof_of_address", type: "utility_bill", pages: [] }] });
    const res = await call(run, "POST", "/api/v1/external/workflows/run", { key: t.apiKey, body: req });
    expect(res.status).toBe(201);
    expect(Object.keys(res.json).sort()).toEqual(["serviceEntityId", "workflowDefinitionId", "workflowRuntimeId"]);
    expect(res.json.workflowDefinitionId).toBe("kyb_manual_review_example");
    expect(res.headers.get("location")).toBe(`/api/v1/external/workflows/${res.json.workflowRuntimeId}`);
    const view = await call(getRuntime, "GET", "/x", { key: t.apiKey, params: { workflowRuntimeId: res.json.workflowRuntimeId } });
    expect(view.status).toBe(200);
    expect(view.json).toMatchObject({ state: "idle", status: "active", nextEvents: ["start"], version: 1, serviceEntityId: res.json.serviceEntityId });
    expect(view.json.context.documents[0]).toMatchObject({ id: expect.any(String), category: "proof_of_address" });
    expect(view.json.context.api_config.special_header).toBe("from-context");
    expect(view.headers.get("etag")).toBe('"1"');
    const [biz] = await t.db.select().from(businesses).where(eq(businesses.id, res.json.serviceEntityId));
    expect(biz).toMatchObject({ projectId: "proj-a", correlationId: req.context.entity.id, companyName: "Acme Trading Ltd" });
    const again = await call(run, "POST", "/api/v1/external/workflows/run", { key: t.apiKey, body: { ...req, context: { ...req.context, documents: [] } } });
    expect(again.json.serviceEntityId).toBe(res.json.serviceEntityId);
    expect(again.json.workflowRuntimeId).not.toBe(res.json.workflowRuntimeId);
  });

  it("refuses server-owned fields, unknown definitions and contexts that break the contextSchema", async () => {
    const mass = await call(run, "POST", "/r", { key: t.apiKey, body: { ...body(), state: "approve", projectId: "proj-b" } });
    expect(mass.status).toBe(422);
    expect(mass.headers.get("content-type")).toBe("application/problem+json");
    const unknown = await call(run, "POST", "/r", { key: t.apiKey, body: { ...body(), workflowId: "nope" } });
    expect(unknown.status).toBe(404);
    expect(unknown.json.code).toBe("not_found");
    const bad = await call(run, "POST", "/r", { key: t.apiKey, body: { workflowId: "with_schema", context: { entity: { id: "x", type: "business", data: { companyName: "A" } } } } });
    expect(bad.status).toBe(422);
    expect(bad.json.code).toBe("validation_failed");
    expect(bad.json.errors.map((e: { path: string }) => e.path).sort()).toEqual(["/context/entity/data/companyName", "/context/entity/data/country"]);
  });

  it("send-event moves the runtime and answers the runtime; Prefer: wait returns the settled state", async () => {
    const { json } = await call(run, "POST", "/r", { key: t.apiKey, body: body("2") });
    const moved = await call(sendEvent, "POST", "/e", { key: t.apiKey, body: { name: "start" }, params: { workflowRuntimeId: json.workflowRuntimeId }, headers: { prefer: "wait=10" } });
    expect(moved.status).toBe(200);
    expect(moved.headers.get("preference-applied")).toBe("wait=10");
    expect(moved.json).toMatchObject({ id: json.workflowRuntimeId, state: "manual_review", status: "active", tags: ["manual_review"], nextEvents: ["approve", "reject", "revision"] });
    expect(moved.json.manualReviewReason).toContain("fuzziness");
    expect(moved.headers.get("etag")).toBe(`"${moved.json.version}"`);
  });

  it("refuses an event the state does not accept (409) and a stale If-Match (412), changing nothing", async () => {
    const { json } = await call(run, "POST", "/r", { key: t.apiKey, body: body("3") });
    const id = json.workflowRuntimeId;
    const wrong = await call(sendEvent, "POST", "/e", { key: t.apiKey, body: { name: "approve" }, params: { workflowRuntimeId: id } });
    expect(wrong.status).toBe(409);
    expect(wrong.json.code).toBe("event_not_accepted");
    expect(wrong.json.detail).toContain("it accepts: start");
    const stale = await call(sendEvent, "POST", "/e", { key: t.apiKey, body: { name: "start" }, params: { workflowRuntimeId: id }, headers: { "if-match": '"7"' } });
    expect(stale.status).toBe(412);
    expect(stale.json.code).toBe("version_conflict");
    const current = await call(sendEvent, "POST", "/e", { key: t.apiKey, body: { name: "start" }, params: { workflowRuntimeId: id }, headers: { "if-match": '"1"' } });
    expect(current.status).toBe(200);
    const malformed = await call(sendEvent, "POST", "/e", { key: t.apiKey, body: { name: "start" }, params: { workflowRuntimeId: id }, headers: { "if-match": "abc" } });
    expect(malformed.status).toBe(400);
  });

  it("100 concurrent send-event calls with the same event: exactly one transition, the others 409", async () => {
    const { json } = await call(run, "POST", "/r", { key: t.apiKey, body: body("4") });
    const id = json.workflowRuntimeId;
    const results = await Promise.all(
      Array.from({ length: 100 }, () => call(sendEvent, "POST", "/e", { key: t.apiKey, body: { name: "start" }, params: { workflowRuntimeId: id } })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(99);
    const transitions = await t.db.select().from(runtimeHistory).where(eq(runtimeHistory.runtimeId, id));
    expect(transitions.filter((h) => h.kind === "transition" && h.eventName === "start")).toHaveLength(1);
  });

  it("50 concurrent runs with one Idempotency-Key: one runtime, 50 identical responses; another body is 422", async () => {
    const req = body("5");
    const before = (await t.db.select({ n: count() }).from(workflowRuntimes))[0].n;
    const results = await Promise.all(
      Array.from({ length: 50 }, () => call(run, "POST", "/r", { key: t.apiKey, body: req, headers: { "idempotency-key": "run-once-1" } })),
    );
    expect(new Set(results.map((r) => r.status))).toEqual(new Set([201]));
    expect(new Set(results.map((r) => JSON.stringify(r.json))).size).toBe(1);
    expect((await t.db.select({ n: count() }).from(workflowRuntimes))[0].n).toBe(before + 1);
    expect(results.filter((r) => r.headers.get("idempotent-replayed") === "true")).toHaveLength(49);
    const reused = await call(run, "POST", "/r", { key: t.apiKey, body: body("6"), headers: { "idempotency-key": "run-once-1" } });
    expect(reused.status).toBe(422);
    expect(reused.json.code).toBe("idempotency_key_reused");
    const otherProject = await call(run, "POST", "/r", { key: keyB, body: req, headers: { "idempotency-key": "run-once-1" } });
    expect(otherProject.status).toBe(404);
  });

  it("lists runtimes with filters and cursor pagination, and shows the history", async () => {
    const entity = `list-${Date.now()}`;
    for (let i = 0; i < 3; i++) {
      const req = body("7");
      req.context.entity.id = entity;
      await call(run, "POST", "/r", { key: t.apiKey, body: req });
    }
    const first = await call(listRuntimes, "GET", `/api/v1/external/workflows?entityId=${entity}&limit=2`, { key: t.apiKey });
    expect(first.status).toBe(200);
    expect(first.json.data).toHaveLength(2);
    expect(first.json.nextCursor).toEqual(expect.any(String));
    const second = await call(listRuntimes, "GET", `/api/v1/external/workflows?entityId=${entity}&limit=2&cursor=${first.json.nextCursor}`, { key: t.apiKey });
    expect(second.json.data).toHaveLength(1);
    expect(second.json.nextCursor).toBeNull();
    const ids = [...first.json.data, ...second.json.data].map((r: { id: string }) => r.id);
    expect(new Set(ids).size).toBe(3);
    const byState = await call(listRuntimes, "GET", `/api/v1/external/workflows?state=manual_review&tag=manual_review`, { key: t.apiKey });
    expect(byState.json.data.length).toBeGreaterThan(0);
    expect(byState.json.data.every((r: { state: string }) => r.state === "manual_review")).toBe(true);
    const badQuery = await call(listRuntimes, "GET", `/api/v1/external/workflows?stat=active`, { key: t.apiKey });
    expect(badQuery.status).toBe(422);
    // A cursor that is not a page's nextCursor: not base64 of "date|uuid", a bad date, a bad id, no id.
    const b64 = (text: string) => Buffer.from(text).toString("base64url");
    const [at, id] = Buffer.from(first.json.nextCursor, "base64url").toString("utf8").split("|");
    for (const cursor of ["garbage", b64(`not-a-date|${id}`), b64(`${at}|not-a-uuid`), b64(`${at}`), b64(`${at}|`)]) {
      const bad = await call(listRuntimes, "GET", `/api/v1/external/workflows?cursor=${cursor}`, { key: t.apiKey });
      expect({ cursor, status: bad.status, code: bad.json.code, detail: bad.json.detail, errors: bad.json.errors }).toEqual({
        cursor,
        status: 422,
        code: "validation_failed",
        detail: "The cursor is invalid.",
        errors: [{ path: "/cursor", message: "pass the nextCursor of the previous page unchanged" }],
      });
    }
    const history = await call(getHistory, "GET", "/h", { key: t.apiKey, params: { workflowRuntimeId: ids[0] } });
    expect(history.status).toBe(200);
    expect(history.json.data[0]).toMatchObject({ kind: "created", toState: "idle", actor: { type: "api_key" } });
  });

  it("project B's key gets 404 for project A's runtime on every route and changes nothing", async () => {
    const { json } = await call(run, "POST", "/r", { key: t.apiKey, body: body("8") });
    const params = { workflowRuntimeId: json.workflowRuntimeId };
    expect((await call(getRuntime, "GET", "/x", { key: keyB, params })).status).toBe(404);
    expect((await call(getHistory, "GET", "/x", { key: keyB, params })).status).toBe(404);
    const ev = await call(sendEvent, "POST", "/x", { key: keyB, body: { name: "start" }, params });
    expect(ev.status).toBe(404);
    expect((await call(listRuntimes, "GET", "/api/v1/external/workflows", { key: keyB })).json.data).toEqual([]);
    expect((await call(getRuntime, "GET", "/x", { key: t.apiKey, params })).json.version).toBe(1);
    expect((await call(getRuntime, "GET", "/x", { key: t.apiKey, params: { workflowRuntimeId: "not-a-uuid" } })).status).toBe(404);
  });
});
