import type { Db } from "../db/client";
import { getCompiledDefinition } from "../runtime/definition-cache";
import { currentApprovalCounts } from "../runtime/state-votes";

/** A queue row's four-eyes progress: approvals cast in this visit of its state and how many decide it. */
export interface ApprovalProgress {
  approvals: number;
  required: number;
}

type Row = { id: string; state: string; status: string; workflow: { id: string; version: number } };

/**
 * The four-eyes progress of the open cases of a queue page whose state has `meta.review`, by runtime id ("1 of 2
 * approvals"): each definition version is compiled once (cached), the votes are counted in one statement.
 */
export async function queueApprovals(db: Db, projectId: string, rows: Row[]): Promise<Map<string, ApprovalProgress>> {
  const required = new Map<string, number>();
  for (const row of rows) {
    if (row.status !== "active") continue;
    const { compiled } = await getCompiledDefinition(db, projectId, row.workflow.id, row.workflow.version);
    const rule = compiled.states.get(row.state)?.review;
    if (rule) required.set(row.id, rule.approvals);
  }
  const counts = await currentApprovalCounts(db, projectId, rows.filter((r) => required.has(r.id)).map((r) => ({ runtimeId: r.id, state: r.state })));
  return new Map([...required].map(([id, n]) => [id, { approvals: counts.get(id) ?? 0, required: n }]));
}
