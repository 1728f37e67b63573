import { describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { bulkOperationItems, bulkOperations, jobs, users } from "@/lib/db/schema";
import { verifyAuditChain } from "@/lib/audit";
import { sendEvent } from "@/lib/runtime/send-event";
import { auditRows, bulkQueue, historyRows, reviewCases, runJobs, seedBulkWorkflow } from "@/tests/support/bulk-cases";
import { call } from "@/tests/support/http";
import { getRuntime, seedProject } from "@/tests/support/seed";
import { testProject } from "@/tests/support/test-project";
import { POST as bulk } from "../filters/[filterId]/bulk/route";
import { POST as select } from "./route";
import { GET as getOne } from "./[bulkOperationId]/route";

const P = "bulk-api";
const t = testProject(P);
const api = { type: "api_key" as const, id: "test" };

const start = (filterId: string, body: unknown, headers: Record<string, string> = {}) =>
  call(bulk, "POST", `/api/v1/external/filters/${filterId}/bulk`, { key: t.apiKey, body, params: { filterId }, headers });
const follow = (id: string, key = t.apiKey) => call(getOne, "GET", `/api/v1/external/bulk-operations/${id}`, { key, params: { bulkOperationId: id } });
const operations = async () => (await t.db.select({ n: count() }).from(bulkOperations))[0].n;

describe(`bulk operations API (${process.env.TEST_DB_KIND})`, () => {
  it("sends an event to every case a filter matches: 202 with Location, done by the worker, one history row per case", async () => {
    await seedBulkWorkflow(t.db, P);
    const ids = await reviewCases(t.db, P, 12, "Alpha");
    const queue = await bulkQueue(t.db, P, "Alpha");

    const res = await start(queue.id, { action: "send-event", name: "approve", payload: { batch: "b1" } });
    expect(res.status).toBe(202);
    expect(res.json).toMatchObject({ status: "queued", total: 12, succeeded: 0, failed: 0, pending: 12, filterId: queue.id, action: { action: "send-event", name: "approve" } });
    expect(res.headers.get("location")).toBe(`/api/v1/external/bulk-operations/${res.json.id}`);

    await runJobs(t.db);
    const done = await follow(res.json.id);
    expect(done.status).toBe(200);
    expect(done.json).toMatchObject({ status: "completed", total: 12, succeeded: 12, failed: 0, skipped: 0, pending: 0, failures: [] });
    expect(done.json.finishedAt).toEqual(expect.any(String));
    for (const id of ids) {
      expect((await getRuntime(t.db, id)).state).toBe("approved");
      const rows = (await historyRows(t.db, id, "transition")).filter((h) => h.eventName === "approve");
      expect(rows.map((h) => [h.actorType, h.actorId, h.payload])).toEqual([["api_key", expect.any(String), { batch: "b1" }]]);
    }
    const [audit] = await auditRows(t.db, P, "bulk_operation.created");
    expect(audit).toMatchObject({ actorType: "api_key", targetType: "bulk_operation", targetId: res.json.id, summary: { action: "send-event", event: "approve", total: 12, filterId: queue.id } });
  });

  it("lists the cases that failed with their problems; the others succeed", async () => {
    const [done1, done2, ...open] = await reviewCases(t.db, P, 6, "Beta");
    for (const id of [done1, done2]) await sendEvent(t.db, { projectId: P, runtimeId: id, name: "approve", origin: "api", actor: api });
    const queue = await bulkQueue(t.db, P, "Beta");

    const res = await start(queue.id, { action: "send-event", name: "approve" });
    await runJobs(t.db);
    const { json } = await follow(res.json.id);
    expect(json).toMatchObject({ status: "completed", total: 6, succeeded: 4, failed: 2 });
    expect(json.failures.map((f: { runtimeId: string }) => f.runtimeId).sort()).toEqual([done1, done2].sort());
    expect(json.failures[0].problem).toMatchObject({ status: 409, code: "event_not_accepted", title: "Conflict", detail: expect.stringContaining("completed") });
    for (const id of open) expect((await getRuntime(t.db, id)).state).toBe("approved");
    const items = await t.db.select().from(bulkOperationItems).where(eq(bulkOperationItems.operationId, res.json.id));
    expect(items.filter((i) => i.status === "failed").map((i) => i.problem?.code)).toEqual(["event_not_accepted", "event_not_accepted"]);
  });

  it("acts on selected cases (runtimeIds); an id that is no case of the project is that item's 404", async () => {
    const [a, b] = await reviewCases(t.db, P, 2, "Gamma");
    const stranger = "00000000-0000-4000-8000-000000000001";
    const res = await call(select, "POST", "/api/v1/external/bulk-operations", { key: t.apiKey, body: { action: "cancel", reason: "duplicate import", runtimeIds: [a, stranger, b, a] } });
    expect(res.status).toBe(202);
    expect(res.json).toMatchObject({ total: 3, filterId: null, action: { action: "cancel", reason: "duplicate import" } });
    await runJobs(t.db);
    const { json } = await follow(res.json.id);
    expect(json).toMatchObject({ status: "completed", succeeded: 2, failed: 1, failures: [{ runtimeId: stranger, problem: { status: 404, code: "not_found" } }] });
    for (const id of [a, b]) {
      expect((await getRuntime(t.db, id)).status).toBe("canceled");
      expect((await historyRows(t.db, id, "cancel")).map((h) => h.payload)).toEqual([{ reason: "duplicate import" }]);
    }
    // Each case's cancel is audited as the single cancel is, besides the operation's own row.
    const canceled = (await auditRows(t.db, P, "case.canceled")).map((r) => r.targetId).sort();
    expect(canceled).toEqual([a, b].sort());
  });

  it("assigns and unassigns; a case held by someone else needs a reason, as the single assignment does", async () => {
    const [sam] = await t.db.insert(users).values({ projectId: P, email: "sam@bulk.test", role: "reviewer", passwordHash: "x" }).returning();
    const [rita] = await t.db.insert(users).values({ projectId: P, email: "rita@bulk.test", role: "reviewer", passwordHash: "x" }).returning();
    const ids = await reviewCases(t.db, P, 4, "Delta");
    const queue = await bulkQueue(t.db, P, "Delta");
    const first = await start(queue.id, { action: "assign", userId: sam.id });
    await runJobs(t.db);
    expect((await follow(first.json.id)).json).toMatchObject({ succeeded: 4, failed: 0 });
    for (const id of ids) expect((await getRuntime(t.db, id)).assigneeId).toBe(sam.id);

    const noReason = await start(queue.id, { action: "assign", userId: rita.id });
    await runJobs(t.db);
    const refused = (await follow(noReason.json.id)).json;
    expect(refused).toMatchObject({ succeeded: 0, failed: 4 });
    expect(refused.failures[0].problem).toMatchObject({ status: 422, code: "validation_failed", errors: [{ path: "/reason" }] });
    for (const id of ids) expect((await getRuntime(t.db, id)).assigneeId).toBe(sam.id);

    const handed = await start(queue.id, { action: "assign", userId: rita.id, reason: "Sam is on leave" });
    await runJobs(t.db);
    expect((await follow(handed.json.id)).json).toMatchObject({ succeeded: 4, failed: 0 });
    const history = await historyRows(t.db, ids[0], "assignment");
    expect(history.map((h) => [h.actorType, h.payload])).toEqual([
      ["api_key", { from: null, to: sam.id }],
      ["api_key", { from: sam.id, to: rita.id, reason: "Sam is on leave" }],
    ]);

    const released = await start(queue.id, { action: "assign", userId: null, reason: "back to the pool" });
    await runJobs(t.db);
    expect((await follow(released.json.id)).json).toMatchObject({ succeeded: 4 });
    for (const id of ids) expect((await getRuntime(t.db, id)).assigneeId).toBeNull();

    // The single assignment's audit rows, one per case assigned (none for the refused ones), in one chain.
    const audit = (await auditRows(t.db, P, "case.assignment")).filter((a) => ids.includes(a.targetId!)).sort((a, b) => a.id - b.id);
    expect(audit).toHaveLength(12);
    expect(audit.filter((a) => a.targetId === ids[0]).map((a) => a.summary)).toEqual([
      { assigneeId: sam.id },
      { assigneeId: rita.id, previousAssigneeId: sam.id, reason: "Sam is on leave" },
      { assigneeId: null, previousAssigneeId: rita.id, reason: "back to the pool" },
    ]);
    expect((await verifyAuditChain(t.db)).ok).toBe(true);
  });

  it("bad input: unknown filter 404, unknown action 422 listing the actions, missing fields 422 at their pointers; nothing stored", async () => {
    const queue = await bulkQueue(t.db, P, "Epsilon");
    const before = await operations();
    const missing = await start("00000000-0000-4000-8000-000000000002", { action: "send-event", name: "approve" });
    expect([missing.status, missing.json.code]).toEqual([404, "not_found"]);
    expect((await start("not-a-uuid", { action: "send-event", name: "approve" })).status).toBe(404);

    const unknown = await start(queue.id, { action: "approve-all" });
    expect([unknown.status, unknown.json.code]).toEqual([422, "validation_failed"]);
    expect(unknown.json.errors).toEqual([{ path: "/action", message: "action must be one of: send-event, assign, cancel" }]);
    const paths = async (body: unknown) => (await start(queue.id, body)).json.errors.map((e: { path: string }) => e.path);
    expect(await paths({ action: "send-event" })).toEqual(["/name"]);
    expect(await paths({ action: "assign" })).toEqual(["/userId"]);
    expect(await paths({ action: "cancel" })).toEqual(["/reason"]);
    expect(await paths({ action: "cancel", reason: "  " })).toEqual(["/reason"]);
    expect(await paths({ action: "assign", userId: "00000000-0000-4000-8000-000000000003" })).toEqual(["/userId"]);
    expect(await paths({ action: "send-event", name: "approve", runtimeIds: [] })).toEqual(["/runtimeIds"]);
    const noSelection = await call(select, "POST", "/api/v1/external/bulk-operations", { key: t.apiKey, body: { action: "cancel", reason: "x", runtimeIds: ["nope"] } });
    expect(noSelection.json.errors.map((e: { path: string }) => e.path)).toEqual(["/runtimeIds/0"]);
    expect(await operations()).toBe(before);

    expect((await follow("00000000-0000-4000-8000-000000000004")).status).toBe(404);
    // Another project's key does not see this project's operations.
    const otherKey = await seedProject(t.db, "bulk-other");
    const mine = await start(queue.id, { action: "send-event", name: "approve" });
    expect((await follow(mine.json.id, otherKey)).status).toBe(404);
  });

  it("an Idempotency-Key commits with the operation: a repeat answers the same operation and creates nothing", async () => {
    await reviewCases(t.db, P, 3, "Zeta");
    const queue = await bulkQueue(t.db, P, "Zeta");
    const headers = { "Idempotency-Key": "bulk-zeta-1" };
    const first = await start(queue.id, { action: "send-event", name: "approve" }, headers);
    const opsAfterFirst = await operations();
    const jobsAfterFirst = (await t.db.select({ n: count() }).from(jobs).where(eq(jobs.kind, "bulk_operation")))[0].n;
    const again = await start(queue.id, { action: "send-event", name: "approve" }, headers);
    expect([again.status, again.json.id, again.headers.get("idempotent-replayed")]).toEqual([202, first.json.id, "true"]);
    expect(again.headers.get("location")).toBe(`/api/v1/external/bulk-operations/${first.json.id}`);
    expect(await operations()).toBe(opsAfterFirst);
    expect((await t.db.select({ n: count() }).from(jobs).where(eq(jobs.kind, "bulk_operation")))[0].n).toBe(jobsAfterFirst);
    const reused = await start(queue.id, { action: "send-event", name: "other" }, headers);
    expect([reused.status, reused.json.code]).toEqual([422, "idempotency_key_reused"]);
  });

  it("a filter that matches nothing completes at once, with no job", async () => {
    const queue = await bulkQueue(t.db, P, "Nobody");
    const res = await start(queue.id, { action: "cancel", reason: "cleanup" });
    expect(res.json).toMatchObject({ status: "completed", total: 0, pending: 0 });
    expect(res.json.finishedAt).toEqual(expect.any(String));
  });
});
