import type { RuntimeSnapshot } from "../engine";
import type { WorkflowRuntime } from "../db/schema";

/** The engine's view of a stored runtime. */
export function snapshotOf(row: WorkflowRuntime): RuntimeSnapshot {
  return {
    state: row.state,
    context: row.context,
    status: row.status,
    tags: row.tags,
    manualReviewReason: row.manualReviewReason,
    workflowFinalState: row.workflowFinalState,
  };
}
