import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createBulkOperation } from "@/lib/bulk";
import { itemActionFor, type ItemAction } from "@/lib/bulk/item-action";
import { runBulkChunk } from "@/lib/bulk/run-bulk-chunk";
import { apiKeyCaller } from "@/lib/callers";
import { bulkOperationItems, bulkOperations } from "@/lib/db/schema";
import { auditRows, bulkQueue, reviewCases, runJobs, seedBulkWorkflow } from "@/tests/support/bulk-cases";
import { call } from "@/tests/support/http";
import { getRuntime } from "@/tests/support/seed";
import { testProject } from "@/tests/support/test-project";
import { GET as getOne } from "./[bulkOperationId]/route";
import { POST as cancel } from "./[bulkOperationId]/cancel/route";

const P = "bulk-cancel";
const t = testProject(P);

const caller = () => apiKeyCaller({ apiKeyId: "00000000-0000-4000-8000-00000000000a", projectId: P });
const cancelOp = (id: string) => call(cancel, "POST", `/api/v1/external/bulk-operations/${id}/cancel`, { key: t.apiKey, params: { bulkOperationId: id } });
const follow = (id: string) => call(getOne, "GET", `/api/v1/external/bulk-operations/${id}`, { key: t.apiKey, params: { bulkOperationId: id } });
const opRow = async (id: string) => (await t.db.select().from(bulkOperations).where(eq(bulkOperations.id, id)))[0];
const itemStatuses = async (id: string) =>
  (await t.db.select().from(bulkOperationItems).where(eq(bulkOperationItems.operationId, id)).orderBy(bulkOperationItems.seq)).map((i) => i.status);

describe(`cancelling a bulk operation (${process.env.TEST_DB_KIND})`, () => {
  it("stops it between chunks: the cases not done yet are skipped and left as they were; a second cancel is 409", async () => {
    await seedBulkWorkflow(t.db, P);
    const ids = await reviewCases(t.db, P, 5, "Kappa");
    const queue = await bulkQueue(t.db, P, "Kappa");
    const view = await createBulkOperation(t.db, caller(), { source: { filterId: queue.id }, action: { action: "send-event", name: "approve" } });
    const op = await opRow(view.id);
    // One chunk of two cases, as the worker would run it, then the cancel arrives.
    expect(await runBulkChunk(t.db, op, await itemActionFor(t.db, op), 2)).toBe(2);
    expect((await follow(view.id)).json).toMatchObject({ status: "running", succeeded: 2, pending: 3 });

    const res = await cancelOp(view.id);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: view.id, status: "canceled", total: 5, succeeded: 2, failed: 0, skipped: 3, pending: 0 });
    expect(await itemStatuses(view.id)).toEqual(["succeeded", "succeeded", "skipped", "skipped", "skipped"]);
    await runJobs(t.db);
    // Seq follows the queue's order, newest first: the two oldest cases were not reached.
    const states = await Promise.all(ids.map(async (id) => (await getRuntime(t.db, id)).state));
    expect(states).toEqual(["review", "review", "review", "approved", "approved"]);
    expect((await follow(view.id)).json).toMatchObject({ status: "canceled", succeeded: 2, skipped: 3 });
    expect((await auditRows(t.db, P, "bulk_operation.canceled")).map((r) => [r.targetId, r.summary])).toEqual([[view.id, { skipped: 3, succeeded: 2, failed: 0 }]]);

    const again = await cancelOp(view.id);
    expect([again.status, again.json.code]).toEqual([409, "bulk_operation_finished"]);
    expect(await auditRows(t.db, P, "bulk_operation.canceled")).toHaveLength(1);
  });

  it("a completed operation cannot be canceled (409); an unknown one is 404", async () => {
    await reviewCases(t.db, P, 2, "Lambda");
    const queue = await bulkQueue(t.db, P, "Lambda");
    const view = await createBulkOperation(t.db, caller(), { source: { filterId: queue.id }, action: { action: "send-event", name: "approve" } });
    await runJobs(t.db);
    const res = await cancelOp(view.id);
    expect([res.status, res.json.code, res.json.detail]).toEqual([409, "bulk_operation_finished", expect.stringContaining("completed")]);
    expect((await opRow(view.id)).status).toBe("completed");
    expect((await cancelOp("00000000-0000-4000-8000-000000000009")).status).toBe(404);
  });

  it("a chunk commits whole or not at all: a fault mid-chunk leaves its cases and items untouched, to be done once later", async () => {
    const ids = await reviewCases(t.db, P, 3, "Mu");
    const queue = await bulkQueue(t.db, P, "Mu");
    const view = await createBulkOperation(t.db, caller(), { source: { filterId: queue.id }, action: { action: "send-event", name: "approve" } });
    const op = await opRow(view.id);
    const real = await itemActionFor(t.db, op);
    let calls = 0;
    // The first case is acted on, then the connection "drops" (a transient SQLSTATE) on the second.
    const faulty = async (tx: Parameters<typeof real>[0], runtimeId: string) => {
      if (++calls === 2) throw Object.assign(new Error("connection lost"), { code: "08006" });
      await real(tx, runtimeId);
    };
    await expect(runBulkChunk(t.db, op, faulty)).rejects.toThrow("connection lost");
    expect(await itemStatuses(view.id)).toEqual(["pending", "pending", "pending"]);
    for (const id of ids) expect((await getRuntime(t.db, id)).state).toBe("review");
    expect((await opRow(view.id)).succeeded).toBe(0);

    await runJobs(t.db);
    expect((await follow(view.id)).json).toMatchObject({ status: "completed", succeeded: 3, failed: 0 });
    // created (1), start (2), approve (3): one approve each, none twice.
    for (const id of ids) expect((await getRuntime(t.db, id))).toMatchObject({ state: "approved", version: 3 });
  });

  it("send-event acts on a chunk's cases at once; an unexpected error there has the chunk done case by case", async () => {
    const approveAll = async (prefix: string) => {
      const ids = await reviewCases(t.db, P, 3, prefix);
      const queue = await bulkQueue(t.db, P, prefix);
      const view = await createBulkOperation(t.db, caller(), { source: { filterId: queue.id }, action: { action: "send-event", name: "approve" } });
      return { ids, view, op: await opRow(view.id) };
    };
    const calls = { each: 0, many: 0 };
    type Many = NonNullable<ItemAction["many"]>;
    const counted = async (op: Awaited<ReturnType<typeof opRow>>, many: (real: Many) => Many) => {
      const real = await itemActionFor(t.db, op);
      const each = async (tx: Parameters<typeof real>[0], runtimeId: string) => {
        calls.each++;
        await real(tx, runtimeId);
      };
      return Object.assign(each, { many: many(real.many!) });
    };

    const together = await approveAll("Al");
    const all = await counted(together.op, (real) => async (tx, runtimeIds) => (calls.many++, real(tx, runtimeIds)));
    expect(await runBulkChunk(t.db, together.op, all)).toBe(3);
    expect(calls).toEqual({ each: 0, many: 1 });

    const fallback = await approveAll("Fb");
    const broken = await counted(fallback.op, () => async () => {
      throw new Error("a defect in the multi-runtime form");
    });
    expect(await runBulkChunk(t.db, fallback.op, broken)).toBe(3);
    expect(calls.each).toBe(3);

    for (const { ids, view } of [together, fallback]) {
      expect(await itemStatuses(view.id)).toEqual(["succeeded", "succeeded", "succeeded"]);
      for (const id of ids) expect(await getRuntime(t.db, id)).toMatchObject({ state: "approved", version: 3 });
    }
  });
});
