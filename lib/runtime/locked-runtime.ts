import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { workflowRuntimes, type WorkflowRuntime } from "../db/schema";
import { notFound } from "../errors";
import { isUuid } from "../db/ids";
import { inTransaction } from "../db/transaction";

/**
 * Run `fn` in a transaction holding the runtime's row lock (`SELECT … FOR UPDATE`), so events on one runtime
 * apply one at a time, in arrival order. A runtime of another project is reported as not found. Inside a
 * transaction already (an idempotent request's), the lock is taken in it and held until it commits.
 */
export async function withLockedRuntime<T>(
  db: Db,
  projectId: string,
  runtimeId: string,
  fn: (tx: Db, runtime: WorkflowRuntime) => Promise<T>,
): Promise<T> {
  if (!isUuid(runtimeId)) throw notFound("Workflow runtime", runtimeId);
  return inTransaction(db, async (tx) => {
    const [runtime] = await tx
      .select()
      .from(workflowRuntimes)
      .where(and(eq(workflowRuntimes.id, runtimeId), eq(workflowRuntimes.projectId, projectId)))
      .for("update");
    if (!runtime) throw notFound("Workflow runtime", runtimeId);
    return fn(tx, runtime);
  });
}
