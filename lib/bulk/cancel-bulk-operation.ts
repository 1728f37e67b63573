import { sql } from "drizzle-orm";
import { auditedFor } from "../audit/audited-for";
import type { Caller } from "../callers/caller";
import type { Db } from "../db/client";
import { fromRow } from "../db/raw-sql";
import { rowsOf } from "../db/rows";
import { bulkOperations } from "../db/schema";
import { AppError, forbidden } from "../errors";
import { getBulkOperationRowOrThrow, toBulkOperationView, type BulkOperationView } from "./bulk-operation-view";

/**
 * Cancel a bulk operation: its pending cases become `skipped` and it ends `canceled`. A chunk in progress finishes
 * first (its cases are locked; this waits for them), so every case is either acted on or skipped, never half.
 * Audited (`bulk_operation.canceled`). 409 `bulk_operation_finished` when it already ended, or had nothing left to
 * skip (its last cases were done meanwhile); 404 for another project's; 403 for an auditor, and for a reviewer an
 * operation someone else started.
 *
 * @example
 * await cancelBulkOperation(db, caller, id) // { status: "canceled", succeeded: 300, skipped: 49700, ... }
 */
export async function cancelBulkOperation(db: Db, caller: Caller, id: string): Promise<BulkOperationView> {
  const row = await getBulkOperationRowOrThrow(db, caller.projectId, id);
  if (caller.kind === "user" && caller.role !== "admin" && !(caller.role === "reviewer" && row.actorType === "user" && row.actorId === caller.userId)) {
    throw forbidden(caller.role === "auditor" ? "Auditors have read-only access; they cancel nothing." : "Only admins can cancel a bulk operation another user started.");
  }
  const finished = (status: string) =>
    new AppError("bulk_operation_finished", `This bulk operation is already ${status}; there is nothing left to cancel.`);
  if (row.status === "completed" || row.status === "canceled") throw finished(row.status);
  return auditedFor(db, caller, (v: BulkOperationView) => ({ action: "bulk_operation.canceled", target: { type: "bulk_operation", id }, summary: { skipped: v.skipped, succeeded: v.succeeded, failed: v.failed } }), async (tx) => {
    // Items first, the operation's row last: the order a chunk takes them in, so the two never wait on each other in a circle.
    const skipped = rowsOf<{ n: number }>(
      await tx.execute(sql`
        with s as (update bulk_operation_items set status = 'skipped', done_at = now() where operation_id = ${id}::uuid and status = 'pending' returning 1)
        select count(*)::int as n from s`),
    )[0].n;
    const [raw] = skipped === 0 ? [] : rowsOf<Record<string, unknown>>(
      await tx.execute(sql`
        update bulk_operations set status = 'canceled', finished_at = now(), updated_at = now()
        where id = ${id}::uuid and status in ('queued', 'running') returning *`),
    );
    // Its last cases were done while this waited: it completes (the worker marks it), and nothing is stored here.
    if (!raw) throw finished("done");
    return toBulkOperationView(fromRow(bulkOperations, raw));
  });
}
