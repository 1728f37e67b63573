import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rowsOf } from "../db/rows";
import type { UserRole } from "../db/schema";

/** One person's open cases: assigned to them and active; `overdue` those past their review deadline. */
export interface WorkloadRow {
  userId: string;
  name: string;
  email: string;
  role: UserRole;
  active: boolean;
  /** Names of the person's teams, A to Z. */
  teams: string[];
  open: number;
  overdue: number;
  /** When the longest-held open case was assigned (ISO 8601), null without open cases. */
  oldestAssignedAt: string | null;
}

export interface Workload {
  /** Every active reviewer and admin (also with no case), and anyone else who still holds open cases (a deactivated user, an auditor), most open cases first, then by e-mail. */
  people: WorkloadRow[];
  /** Open cases nobody holds. */
  unassigned: { open: number; overdue: number };
}

type Raw = { id: string; first_name: string; last_name: string; email: string; role: UserRole; active: boolean; teams: string[] | string | null; open: number | string; overdue: number | string; oldest: string | Date | null };

/**
 * Open cases per person of the project (the workload view), and the open cases nobody holds, in two statements
 * over the index on `(project_id, assignee_id)`. Overdue: open and `due_at <= now()`, as in the queues.
 *
 * @example
 * await workload(db, "default") // { people: [{ email: "rita@…", open: 7, overdue: 2, … }, …], unassigned: { open: 12, overdue: 1 } }
 */
export async function workload(db: Db, projectId: string): Promise<Workload> {
  const people = rowsOf<Raw>(
    await db.execute(sql`
      select u.id, u.first_name, u.last_name, u.email, u.role, u.active,
        (select coalesce(json_agg(t.name order by lower(t.name)), '[]'::json) from team_members m join teams t on t.id = m.team_id where m.user_id = u.id and m.project_id = u.project_id) as teams,
        count(r.id)::int as open,
        (count(r.id) filter (where r.due_at <= now()))::int as overdue,
        min(r.assigned_at) as oldest
      from users u
      left join workflow_runtimes r on r.project_id = u.project_id and r.assignee_id = u.id and r.status = 'active'
      where u.project_id = ${projectId} and ((u.active and u.role <> 'auditor') or r.id is not null)
      group by u.id
      order by count(r.id) desc, u.email`),
  );
  const [free] = rowsOf<{ open: number | string; overdue: number | string }>(
    await db.execute(sql`
      select count(*)::int as open, (count(*) filter (where due_at <= now()))::int as overdue
      from workflow_runtimes where project_id = ${projectId} and assignee_id is null and status = 'active'`),
  );
  return {
    people: people.map((r) => ({
      userId: r.id,
      name: `${r.first_name} ${r.last_name}`.trim() || r.email,
      email: r.email,
      role: r.role,
      active: r.active,
      teams: textArray(r.teams),
      open: Number(r.open),
      overdue: Number(r.overdue),
      oldestAssignedAt: r.oldest ? new Date(r.oldest).toISOString() : null,
    })),
    unassigned: { open: Number(free?.open ?? 0), overdue: Number(free?.overdue ?? 0) },
  };
}

/** A JSON array as either driver hands it back (parsed, or as text). */
function textArray(value: string[] | string | null): string[] {
  if (typeof value === "string") return JSON.parse(value) as string[];
  return value ?? [];
}
