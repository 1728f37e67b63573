import { sql, type SQL } from "drizzle-orm";
import { auditedFor } from "../audit/audited-for";
import type { Caller } from "../callers/caller";
import type { Db } from "../db/client";
import { fromRow } from "../db/raw-sql";
import { rowsOf } from "../db/rows";
import { bulkOperations } from "../db/schema";
import { forbidden, validationFailed } from "../errors";
import { compileFilterQuery, getFilterOrThrow } from "../filters";
import { matchingRuntimes } from "../filters/matching-runtimes";
import { enqueueJobs } from "../jobs/queue";
import { isAssignable } from "../review/assign-runtime";
import { paramsOf, type BulkAction, type BulkSource } from "./bulk-action";
import { bulkOperationJob } from "./bulk-operation-job";
import { toBulkOperationView, type BulkOperationView } from "./bulk-operation-view";

export interface CreateBulkOperationInput {
  action: BulkAction;
  source: BulkSource;
  /** With a filter: a narrower predicate over `r` and the entity's alias (the backoffice's quick filters and search). */
  narrow?: SQL;
}

/**
 * Start a bulk operation: store it with one pending item per case, the cases the filter matches now (copied by
 * one INSERT … SELECT, however many) or the selected runtime ids (duplicates dropped, order kept; an id that is
 * not a case of the project fails as that item's 404), and enqueue the job that does them in chunks. An operation
 * with no case is completed at once. Audited (`bulk_operation.created`) in the same transaction, which an
 * `Idempotency-Key`'s joins. Refusals store nothing: 404 for an unknown filter, 422 for an assignee who is not an
 * active user of the project (`/userId`) or a stored filter that no longer compiles, 403 for an auditor, and for a
 * reviewer any action but `assign` (whose per-case rules then apply to each case).
 *
 * @example
 * await createBulkOperation(db, caller, { source: { filterId }, action: { action: "cancel", reason: "duplicate import" } })
 * // { id, status: "queued", total: 50000, succeeded: 0, failed: 0, ... }
 */
export async function createBulkOperation(db: Db, caller: Caller, input: CreateBulkOperationInput): Promise<BulkOperationView> {
  assertMayStart(caller, input.action);
  const { projectId } = caller;
  return auditedFor(db, caller, (view: BulkOperationView) => ({ action: "bulk_operation.created", target: { type: "bulk_operation", id: view.id }, summary: auditSummary(view, input) }), async (tx) => {
    const cases = "filterId" in input.source ? await filterCases(tx, projectId, input.source.filterId, input.narrow) : selectedCases(input.source.runtimeIds);
    if (input.action.action === "assign" && input.action.userId !== null) await assertAssignable(tx, projectId, input.action.userId);
    const [op] = await tx
      .insert(bulkOperations)
      .values({
        projectId,
        filterId: "filterId" in input.source ? input.source.filterId : null,
        action: input.action.action,
        params: paramsOf(input.action),
        actorType: caller.kind === "api_key" ? "api_key" : "user",
        actorId: caller.kind === "api_key" ? caller.apiKeyId : caller.userId,
      })
      .returning({ id: bulkOperations.id });
    const [raw] = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`
        with items as (
          insert into bulk_operation_items (operation_id, seq, runtime_id)
          select ${op.id}::uuid, m.seq, m.id from (${cases}) m
          returning 1
        ), counted as (select count(*)::int as n from items)
        update bulk_operations set
          total = counted.n,
          status = case when counted.n = 0 then 'completed' else status end,
          finished_at = case when counted.n = 0 then now() end
        from counted where id = ${op.id}::uuid
        returning bulk_operations.*`),
    );
    const stored = fromRow(bulkOperations, raw);
    if (stored.total > 0) await enqueueJobs(tx, [bulkOperationJob(stored)]);
    return toBulkOperationView(stored);
  });
}

/** Auditors change nothing; reviewers may assign in bulk (each case's assignment rules still apply), not send events or cancel. */
function assertMayStart(caller: Caller, action: BulkAction): void {
  if (caller.kind === "api_key" || caller.role === "admin") return;
  if (caller.role === "auditor") throw forbidden("Auditors have read-only access; they start no bulk action.");
  if (action.action !== "assign") throw forbidden(`Only admins can ${action.action === "cancel" ? "cancel cases" : "send events to cases"} in bulk; reviewers can assign them.`);
}

async function filterCases(tx: Db, projectId: string, filterId: string, narrow: SQL | undefined): Promise<SQL> {
  const filter = await getFilterOrThrow(tx, projectId, filterId);
  return matchingRuntimes(projectId, compileFilterQuery(filter.entity, filter.query), narrow);
}

function selectedCases(runtimeIds: string[]): SQL {
  const ids = JSON.stringify([...new Set(runtimeIds.map((id) => id.toLowerCase()))]);
  return sql`select s.n::int as seq, s.v::uuid as id from jsonb_array_elements_text(${ids}::jsonb) with ordinality as s(v, n)`;
}

async function assertAssignable(tx: Db, projectId: string, userId: string): Promise<void> {
  if (!(await isAssignable(tx, projectId, userId))) throw validationFailed("The assignee is not an active user of this project.", [{ path: "/userId", message: "choose an active admin or reviewer of the project, or null to unassign" }]);
}

/** What the audit row keeps: the action and its names and ids, never an event's payload or the selected ids. */
function auditSummary(view: BulkOperationView, input: CreateBulkOperationInput): Record<string, unknown> {
  const a = view.action;
  const detail = a.action === "send-event" ? { event: a.name } : a.action === "assign" ? { userId: a.userId } : { reason: a.reason };
  return { action: a.action, ...detail, filterId: view.filterId, total: view.total, ...(input.narrow ? { narrowed: true } : {}) };
}
