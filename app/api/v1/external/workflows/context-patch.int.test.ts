import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq, sql } from "drizzle-orm";
import { jobs, runtimeHistory, webhookDeliveries } from "@/lib/db/schema";
import { cancelRuntime } from "@/lib/runtime/cancel-runtime";
import { createSubscription } from "@/lib/webhooks/subscriptions";
import { call } from "@/tests/support/http";
import { getRuntime, seedDefinition, seedProject } from "@/tests/support/seed";
import { openTestDatabase, type TestDatabase } from "@/tests/support/test-database";
import { PATCH as patchContext } from "./[workflowRuntimeId]/context/route";
import { POST as sendEvent } from "./[workflowRuntimeId]/send-event/route";
import { POST as run } from "./run/route";

const P = "context-patch";
let t: TestDatabase;
let key: string;
let otherKey: string;

/**
 * idle -start-> review; review -approve-> approved only when `context.score >= 10`; review -note-> review
 * (re-entered). A webhook plugin on `review` builds its request from the context it was entered with. The
 * contextSchema caps `score` at 100 and requires the entity.
 */
const definition = {
  definition: {
    id: "patchable_v1",
    initial: "idle",
    states: {
      idle: { on: { start: "review" } },
      review: {
        on: {
          approve: [{ target: "approved", cond: { type: "json-logic", rule: { ">=": [{ var: "context.score" }, 10] } } }],
          note: "review",
        },
      },
      approved: { type: "final", tags: ["approved"] },
    },
  },
  extensions: {
    apiPlugins: [
      { name: "review_hook", pluginKind: "webhook", url: "https://hooks.example/review", method: "POST", stateNames: ["review"], request: { transform: { transformer: "jmespath", mapping: "{ score: score }" } } },
    ],
  },
};
const contextSchema = {
  type: "object",
  required: ["entity"],
  properties: { score: { type: "number", maximum: 100 }, entity: { type: "object", required: ["id"] } },
};

beforeAll(async () => {
  t = await openTestDatabase();
  key = await seedProject(t.db, P);
  otherKey = await seedProject(t.db, "context-patch-other");
  await seedDefinition(t.db, P, { id: "patchable", edit: (d) => Object.assign(d, definition) });
  await t.db.execute(sql`update workflow_definitions set context_schema = ${JSON.stringify(contextSchema)}::json where id = 'patchable'`);
  await createSubscription(t.db, P, { url: "https://receiver.example/hooks", events: ["workflow.context.changed", "workflow.state.changed"] });
});

afterAll(async () => {
  await t?.dispose();
});

const entity = () => ({ id: `e-${Math.random().toString(36).slice(2)}`, type: "business" as const, data: { companyName: "Acme", registrationNumber: "1", country: "GB" } });

async function newRuntime(extra: Record<string, unknown> = {}): Promise<string> {
  const res = await call(run, "POST", "/run", { key, body: { workflowId: "patchable", context: { entity: entity(), documents: [], ...extra } } });
  expect(res.status).toBe(201);
  return res.json.workflowRuntimeId;
}

const patch = (id: string, body: unknown, headers: Record<string, string> = {}, k = key) =>
  call(patchContext, "PATCH", `/api/v1/external/workflows/${id}/context`, { key: k, body, params: { workflowRuntimeId: id }, headers: { "content-type": "application/merge-patch+json", ...headers } });
const send = (id: string, body: unknown, headers: Record<string, string> = {}) =>
  call(sendEvent, "POST", `/api/v1/external/workflows/${id}/send-event`, { key, body, params: { workflowRuntimeId: id }, headers });
const historyOf = (id: string) => t.db.select().from(runtimeHistory).where(eq(runtimeHistory.runtimeId, id)).orderBy(asc(runtimeHistory.id));
const deliveriesOf = (id: string) => t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.runtimeId, id)).orderBy(asc(webhookDeliveries.createdAt), asc(webhookDeliveries.eventName));

/** What must not change when a write is refused. */
async function stored(id: string) {
  const row = await getRuntime(t.db, id);
  return { state: row.state, version: row.version, context: row.context, history: (await historyOf(id)).length, jobs: (await t.db.select().from(jobs).where(eq(jobs.runtimeId, id))).length };
}

describe(`PATCH /workflows/{id}/context (${process.env.TEST_DB_KIND})`, () => {
  it("refuses a patch that changes documents (422 at /documents, nothing stored): only the documents routes version them, and decisions are the reviewers'", async () => {
    const doc = { id: "passport", category: "id", type: "passport", pages: [{ provider: "http", uri: "https://docs.example/p.png", type: "png" }], version: 1, decision: { status: "revision" } };
    const id = await newRuntime({ documents: [doc] });
    const before = await stored(id);
    const forged = { ...doc, pages: [{ provider: "http", uri: "https://docs.example/other.png", type: "png" }], decision: { status: "approved" } };
    for (const body of [{ documents: [forged] }, { documents: null }]) {
      const res = await patch(id, body);
      expect(res.status).toBe(422);
      expect(res.json).toMatchObject({ code: "validation_failed", errors: [{ path: "/documents" }] });
    }
    expect((await send(id, { name: "start", contextPatch: { documents: [] } })).status).toBe(422);
    expect(await stored(id)).toEqual(before);
    expect((await patch(id, { score: 1 })).status).toBe(200);
  });
  it("merges the patch (null removes, arrays replace), keeps the state, answers the runtime with its new ETag", async () => {
    const id = await newRuntime({ tags: ["a", "b"], extra: { keep: 1, drop: 2 } });
    const res = await patch(id, { entity: { data: { registrationNumber: "0700", country: null } }, tags: ["c"], extra: { drop: null, added: { x: [1, null] } }, "a/b~c": true });
    expect(res.status).toBe(200);
    expect(res.headers.get("etag")).toBe('"2"');
    expect(res.json).toMatchObject({ id, state: "idle", status: "active", version: 2, nextEvents: ["start"] });
    expect(res.json.context.entity.data).toEqual({ companyName: "Acme", registrationNumber: "0700" });
    expect(res.json.context).toMatchObject({ tags: ["c"], extra: { keep: 1, added: { x: [1, null] } }, "a/b~c": true, documents: [] });
    expect((await getRuntime(t.db, id)).context).toEqual(res.json.context);

    const [row] = (await historyOf(id)).filter((h) => h.kind === "context_update");
    expect(row).toMatchObject({ eventName: "context.patch", fromState: "idle", toState: "idle", actorType: "api_key", actorId: expect.any(String) });
    expect(row.payload).toEqual({ pointers: ["/entity/data/registrationNumber", "/entity/data/country", "/tags", "/extra/drop", "/extra/added", "/a~1b~0c"] });
    expect(JSON.stringify(row.payload)).not.toContain("0700");
  });

  it("emits workflow.context.changed with the updated context as data, and no state change", async () => {
    const id = await newRuntime();
    const res = await patch(id, { score: 7 });
    const changed = (await deliveriesOf(id)).filter((d) => d.eventName === "workflow.context.changed");
    expect(changed).toHaveLength(1);
    expect((changed[0].payload as { data: unknown }).data).toEqual(res.json.context);
    expect((await deliveriesOf(id)).filter((d) => d.eventName === "workflow.state.changed")).toHaveLength(1); // creation only
  });

  it("accepts application/json; refuses other media types with 415 and Accept-Patch, storing nothing", async () => {
    const id = await newRuntime();
    expect((await patch(id, { score: 1 }, { "content-type": "application/json; charset=utf-8" })).status).toBe(200);
    const before = await stored(id);
    for (const type of ["text/plain", "application/vnd.example+json", "application/json-patch+json"]) {
      const res = await patch(id, { score: 2 }, { "content-type": type });
      expect([res.status, res.json.code, res.headers.get("accept-patch")]).toEqual([415, "unsupported_media_type", "application/merge-patch+json, application/json"]);
    }
    expect(await stored(id)).toEqual(before);
  });

  it("If-Match: 412 version_conflict on a stale version (nothing stored), 200 on the current one; 400 on a malformed one", async () => {
    const id = await newRuntime();
    await patch(id, { score: 1 });
    const before = await stored(id);
    const stale = await patch(id, { score: 3 }, { "if-match": '"1"' });
    expect([stale.status, stale.json.code]).toEqual([412, "version_conflict"]);
    expect(await stored(id)).toEqual(before);
    expect((await patch(id, { score: 3 }, { "if-match": "two" })).json.code).toBe("invalid_if_match");
    const fresh = await patch(id, { score: 3 }, { "if-match": '"2"' });
    expect([fresh.status, fresh.json.version, fresh.json.context.score]).toEqual([200, 3, 3]);
  });

  it("422 validation_failed with pointers into the patched context when it breaks the contextSchema or stops being an object; nothing stored", async () => {
    const id = await newRuntime();
    const before = await stored(id);
    const invalid = await patch(id, { score: 101, entity: { id: null } });
    expect([invalid.status, invalid.json.code]).toEqual([422, "validation_failed"]);
    expect(invalid.json.errors).toEqual(expect.arrayContaining([{ path: "/score", message: "must be <= 100" }, { path: "/entity/id", message: expect.stringContaining("required") }]));
    for (const body of ["[1, 2]", "null", '"text"']) {
      const res = await patch(id, body);
      expect([res.status, res.json.code, res.json.errors[0].path]).toEqual([422, "validation_failed", ""]);
    }
    expect(await stored(id)).toEqual(before);
  });

  it("a patch that changes nothing stores nothing and answers the runtime as it is", async () => {
    const id = await newRuntime();
    const before = await stored(id);
    const res = await patch(id, { entity: { data: { companyName: "Acme" } }, absent: null });
    expect([res.status, res.json.version, res.headers.get("etag")]).toEqual([200, 1, '"1"']);
    expect(await stored(id)).toEqual(before);
  });

  it("replays an Idempotency-Key: the patch applies once", async () => {
    const id = await newRuntime();
    const headers = { "idempotency-key": `patch-${id}` };
    const first = await patch(id, { score: 4 }, headers);
    const again = await patch(id, { score: 4 }, headers);
    expect([again.status, again.headers.get("idempotent-replayed"), again.json.version]).toEqual([200, "true", first.json.version]);
    expect((await getRuntime(t.db, id)).version).toBe(2);
    expect((await patch(id, { score: 5 }, headers)).json.code).toBe("idempotency_key_reused");
  });

  it("404 for an unknown runtime or another project's; 409 runtime_not_active once completed or canceled", async () => {
    const id = await newRuntime();
    expect((await patch("8d8ac610-566d-4ef0-9c22-186b2a5ed793", { a: 1 })).status).toBe(404);
    expect((await patch(id, { a: 1 }, {}, otherKey)).status).toBe(404);
    await send(id, { name: "start" });
    await send(id, { name: "approve", contextPatch: { score: 10 } });
    expect((await getRuntime(t.db, id)).status).toBe("completed");
    const completed = await patch(id, { a: 1 });
    expect([completed.status, completed.json.code]).toEqual([409, "runtime_not_active"]);
    const other = await newRuntime();
    await cancelRuntime(t.db, { projectId: P, runtimeId: other, reason: "test", actor: { type: "api_key", id: "test" } });
    const canceled = await patch(other, { a: 1 });
    expect([canceled.status, canceled.json.code]).toEqual([409, "runtime_not_active"]);
    expect(canceled.json.detail).toContain("canceled");
  });
});

describe(`send-event with a contextPatch (${process.env.TEST_DB_KIND})`, () => {
  it("applies the patch first: the event's conditions and the entered state's plugins see the new data", async () => {
    const id = await newRuntime();
    const started = await send(id, { name: "start", contextPatch: { score: 42 } });
    expect(started.json).toMatchObject({ state: "review", version: 2, context: { score: 42 } });
    const [hook] = await t.db.select().from(jobs).where(and(eq(jobs.runtimeId, id), eq(jobs.kind, "webhook_plugin")));
    expect((hook.payload as { request: { body: unknown } }).request.body).toEqual({ score: 42 });

    const other = await newRuntime({ score: 5 });
    await send(other, { name: "start" });
    const ignored = await send(other, { name: "approve" });
    expect(ignored.json).toMatchObject({ state: "review", version: 2 });
    const approved = await send(other, { name: "approve", contextPatch: { score: 12 } });
    expect(approved.json).toMatchObject({ state: "approved", status: "completed", version: 3, context: { score: 12 } });
    const rows = (await historyOf(other)).slice(-2);
    expect(rows.map((h) => [h.kind, h.eventName])).toEqual([["context_update", "approve"], ["transition", "approve"]]);
    expect(rows[0].payload).toEqual({ pointers: ["/score"] });
  });

  it("stores the patch of an event whose conditions all fail, recorded as event_ignored", async () => {
    const id = await newRuntime({ score: 1 });
    await send(id, { name: "start" });
    const res = await send(id, { name: "approve", contextPatch: { score: 2 } });
    expect(res.json).toMatchObject({ state: "review", version: 3, context: { score: 2 } });
    expect((await historyOf(id)).slice(-2).map((h) => h.kind)).toEqual(["context_update", "event_ignored"]);
  });

  it("records no context update for a patch that changes nothing, and moves as the event alone would", async () => {
    const id = await newRuntime({ score: 30 });
    const started = await send(id, { name: "start", contextPatch: { score: 30 } });
    expect(started.json).toMatchObject({ state: "review", version: 2, context: { score: 30 } });
    expect((await historyOf(id)).map((h) => h.kind)).not.toContain("context_update");
  });

  it("stores nothing when the event is refused (409) or the patched context is invalid (422)", async () => {
    const id = await newRuntime();
    const before = await stored(id);
    const refused = await send(id, { name: "approve", contextPatch: { score: 50 } });
    expect([refused.status, refused.json.code]).toEqual([409, "event_not_accepted"]);
    expect(await stored(id)).toEqual(before);
    const invalid = await send(id, { name: "start", contextPatch: { score: 500 } });
    expect([invalid.status, invalid.json.code, invalid.json.errors]).toEqual([422, "validation_failed", [{ path: "/score", message: "must be <= 100" }]]);
    expect(await stored(id)).toEqual(before);
    const stale = await send(id, { name: "start", contextPatch: { score: 5 } }, { "if-match": '"9"' });
    expect(stale.status).toBe(412);
    expect(await stored(id)).toEqual(before);
  });

  it("answers event_not_accepted on a completed runtime and runtime_not_active on a canceled one", async () => {
    const id = await newRuntime({ score: 10 });
    await send(id, { name: "start" });
    await send(id, { name: "approve" });
    const completed = await send(id, { name: "note", contextPatch: { a: 1 } });
    expect([completed.status, completed.json.code]).toEqual([409, "event_not_accepted"]);
    const other = await newRuntime();
    await cancelRuntime(t.db, { projectId: P, runtimeId: other, reason: "test", actor: { type: "api_key", id: "test" } });
    for (const body of [{ name: "start" }, { name: "start", contextPatch: { a: 1 } }]) {
      const canceled = await send(other, body);
      expect([canceled.status, canceled.json.code]).toEqual([409, "runtime_not_active"]);
    }
  });

  it("serializes 20 concurrent writers (PATCH and send-event with patches, distinct keys): every change lands", async () => {
    const id = await newRuntime();
    await send(id, { name: "start" });
    const writes = Array.from({ length: 20 }, (_, i) =>
      i % 2 === 0
        ? patch(id, { counters: { [`patch_${i}`]: i } }, { "idempotency-key": `c-${id}-${i}` })
        : send(id, { name: "note", contextPatch: { counters: { [`event_${i}`]: i } } }, { "idempotency-key": `c-${id}-${i}` }),
    );
    const answers = await Promise.all(writes);
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const row = await getRuntime(t.db, id);
    expect(Object.keys(row.context.counters as object).sort()).toEqual(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? `patch_${i}` : `event_${i}`)).sort());
    expect(row.version).toBe(22);
    expect(new Set(answers.map((a) => a.json.version)).size).toBe(20);
    expect((await historyOf(id)).filter((h) => h.kind === "context_update")).toHaveLength(20);
  });
});
