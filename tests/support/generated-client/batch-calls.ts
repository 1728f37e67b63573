import { expect, it, vi } from "vitest";
import { BATCH_MAX_BYTES } from "@/lib/api/schemas/batches";
import { type ClientRun, otherUuid } from "./client-run";

/** Batches and bulk operations. */
export function registerBatchCalls(c: ClientRun): void {
  it("runs and sends in batches (200, each item answered as alone; a replay says Idempotent-Replayed), 413 over the size limit, 422 at /items", async () => {
    const runs = { params: { header: { "Idempotency-Key": "openapi-batch-1" } }, body: { items: [{ ...c.runBody("b1"), idempotencyKey: "openapi-batch-item-1" }, { ...c.runBody("b2"), workflowId: "nope" }] } };
    const batch = await c.api.POST("/api/v1/external/workflows/run-batch", runs);
    expect(batch.data.items.map((a: { status: number }) => a.status)).toEqual([201, 404]);
    const replayed = await c.api.POST("/api/v1/external/workflows/run-batch", runs);
    expect([replayed.data, replayed.response.headers.get("idempotent-replayed")]).toEqual([batch.data, "true"]);
    expect((await c.api.POST("/api/v1/external/workflows/run-batch", { body: { items: [] } })).error.errors).toEqual([{ path: "/items", message: "1 to 500 items (got 0)" }]);
    const huge = { ...c.runBody("b3"), context: { ...c.runBody("b3").context, notes: "x".repeat(BATCH_MAX_BYTES) } };
    expect((await c.api.POST("/api/v1/external/workflows/run-batch", { body: { items: [huge] } })).error.code).toBe("payload_too_large");
    const started = batch.data.items[0].body.workflowRuntimeId;
    const items = [{ workflowRuntimeId: started, name: "start", ifMatch: '"1"' }, { workflowRuntimeId: c.runtimeId, name: "start" }, { workflowRuntimeId: otherUuid, name: "start" }, { name: "start" }];
    const events = await c.api.POST("/api/v1/external/workflows/send-events", { body: { items } });
    expect(events.data.items.map((a: { status: number; body: { code?: string } }) => [a.status, a.body.code])).toEqual([[200, undefined], [409, "runtime_not_active"], [404, "not_found"], [422, "validation_failed"]]);
  });

  it("starts bulk operations (202, Location), follows one to its failures, refuses a cancel once it ended (409) and unknown ids (404)", async () => {
    const nobody = (await c.api.POST("/api/v1/external/filters", { body: { name: "Nobody", entity: "businesses", query: { where: { state: "nowhere" } } } })).data;
    const start = (filterId: string, body: Record<string, unknown>) => c.api.POST("/api/v1/external/filters/{filterId}/bulk", { params: { path: { filterId }, header: { "Idempotency-Key": `openapi-bulk-${filterId}` } }, body });
    const empty = await start(nobody.id, { action: "cancel", reason: "openapi test" });
    expect([empty.response.status, empty.data.status, empty.response.headers.get("location")]).toEqual([202, "completed", `/api/v1/external/bulk-operations/${empty.data.id}`]);
    expect((await c.api.POST("/api/v1/external/bulk-operations/{bulkOperationId}/cancel", { params: { path: { bulkOperationId: empty.data.id } } })).error.code).toBe("bulk_operation_finished");
    expect([(await start(otherUuid, { action: "send-event", name: "approve" })).error.code, (await start(nobody.id, { action: "assign" })).error.errors[0].path]).toEqual(["not_found", "/userId"]);
    const selected = await c.api.POST("/api/v1/external/bulk-operations", { body: { action: "send-event", name: "approve", runtimeIds: [otherUuid] } });
    expect([selected.response.status, selected.data.total, selected.data.filterId]).toEqual([202, 1, null]);
    const follow = (bulkOperationId: string) => c.api.GET("/api/v1/external/bulk-operations/{bulkOperationId}", { params: { path: { bulkOperationId } } });
    await vi.waitFor(async () => expect((await follow(selected.data.id)).data).toMatchObject({ status: "completed", failed: 1, failures: [{ runtimeId: otherUuid, problem: { status: 404 } }] }), { timeout: 10_000, interval: 100 });
    expect([(await follow(otherUuid)).error.code, (await c.api.POST("/api/v1/external/bulk-operations/{bulkOperationId}/cancel", { params: { path: { bulkOperationId: otherUuid } } })).error.code]).toEqual(["not_found", "not_found"]);
  });
}
