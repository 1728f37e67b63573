import { and, eq } from "drizzle-orm";
import { projectFilter } from "../db/raw-sql";
import type { Db } from "../db/client";
import { bulkOperations, type BulkOperation, type Job, type NewJob } from "../db/schema";
import { inTransaction } from "../db/transaction";
import { enqueueJobs, jobCompletion } from "../jobs/queue";
import { DONE, DONE_AND_RECORDED, type JobOutcome } from "../jobs/outcome";
import { itemActionFor } from "./item-action";
import { completeIfDone, runBulkChunk } from "./run-bulk-chunk";

/** How long one job runs chunks before handing on to a fresh job (so a worker stopping waits at most this long). */
const RUN_BUDGET_MS = 2_000;
/** The job's lease: after a worker dies, another takes the operation over this long after the last claim. */
const LEASE_MS = 10_000;

/** The outbox row that runs (or continues) a bulk operation. */
export function bulkOperationJob(op: Pick<BulkOperation, "id" | "projectId">): NewJob {
  return { projectId: op.projectId, kind: "bulk_operation", payload: { operationId: op.id, leaseMs: LEASE_MS }, maxAttempts: 10 };
}

/**
 * A `bulk_operation` job: run chunks of the operation (`runBulkChunk`) until none is pending, then mark it
 * completed; after `RUN_BUDGET_MS` hand the rest to a new job, enqueued in the transaction that completes this one.
 * Safe to run twice at once (a lease taken over): chunks are claimed with SKIP LOCKED, each case once.
 */
export async function runBulkOperationJob(db: Db, job: Job): Promise<JobOutcome> {
  const operationId = String(job.payload.operationId ?? "");
  const [op] = await db.select().from(bulkOperations).where(and(eq(bulkOperations.id, operationId), projectFilter(bulkOperations.projectId, job.projectId)));
  if (!op || op.status === "completed" || op.status === "canceled") return DONE;
  const act = await itemActionFor(db, op);
  const until = Date.now() + RUN_BUDGET_MS;
  while ((await runBulkChunk(db, op, act)) > 0) {
    if (Date.now() < until) continue;
    await inTransaction(db, async (tx) => {
      await enqueueJobs(tx, [bulkOperationJob(op)]);
      await tx.execute(jobCompletion(job));
    });
    return DONE_AND_RECORDED;
  }
  await completeIfDone(db, op.id);
  return DONE;
}
