import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rowsOf } from "../db/rows";

/** An open case someone holds, as the workload view lists it. */
export interface HeldCase {
  id: string;
  name: string;
  state: string;
  workflowId: string;
  assignedAt: string | null;
  dueAt: string | null;
  dueWarnAt: string | null;
}

export const HELD_CASES_LIMIT = 100;

type Raw = { id: string; name: string | null; state: string; workflow_definition_id: string; assigned_at: string | Date | null; due_at: string | Date | null; due_warn_at: string | Date | null };
const iso = (v: string | Date | null) => (v ? new Date(v).toISOString() : null);

/**
 * The open (active) cases assigned to `userId` in the project, soonest deadline first (cases without one last),
 * then longest held; at most `HELD_CASES_LIMIT`. Reads the index on `(project_id, assignee_id)`.
 */
export async function openCasesOf(db: Db, projectId: string, userId: string): Promise<HeldCase[]> {
  const rows = rowsOf<Raw>(
    await db.execute(sql`
      select r.id, coalesce(b.company_name, nullif(trim(coalesce(e.first_name, '') || ' ' || coalesce(e.last_name, '')), '')) as name,
        r.state, r.workflow_definition_id, r.assigned_at, r.due_at, r.due_warn_at
      from workflow_runtimes r
      left join businesses b on b.id = r.business_id and b.project_id = r.project_id
      left join end_users e on e.id = r.end_user_id and e.project_id = r.project_id
      where r.project_id = ${projectId} and r.assignee_id = ${userId}::uuid and r.status = 'active'
      order by r.due_at asc nulls last, r.assigned_at asc, r.id
      limit ${HELD_CASES_LIMIT}`),
  );
  return rows.map((r) => ({ id: r.id, name: r.name ?? "(no name)", state: r.state, workflowId: r.workflow_definition_id, assignedAt: iso(r.assigned_at), dueAt: iso(r.due_at), dueWarnAt: iso(r.due_warn_at) }));
}
