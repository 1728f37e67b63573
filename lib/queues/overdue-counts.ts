import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { rowsOf } from "../db/rows";
import { compileFilterQuery, type FilterResponse } from "../filters";

/**
 * Open and past the review deadline (a state's deadline is cleared when the case leaves it), over the runtime
 * alias `r`. Said twice on purpose: `due_at <= now()` implies a deadline, which lets the planner read the overdue
 * cases newest first from `workflow_runtimes_deadline_created_idx` (only cases with a deadline), and the same bound
 * on the due sort's key lets it stop `workflow_runtimes_due_order_idx` at now (migration 0013).
 */
export const overdue = sql`r.due_at <= now() and coalesce(r.due_at, 'infinity'::timestamptz) <= now() and r.status = 'active'`;

/**
 * The number of open cases past their review deadline (`due_at <= now()`) in each queue, counted up to `upTo`
 * (the sidebar shows "99+" beyond its cap), in one statement: one subquery per queue that stops at `upTo`
 * matches, so a backlog of 100,000 overdue cases costs about as much as a hundred. A queue whose filter no longer compiles
 * counts as null. `visible` (`visibleCases` of lib/queues/queue-access.ts) leaves out the cases hidden from the viewer.
 *
 * @example
 * await overdueCounts(db, "default", filters, 100) // { "<filter id>": 3, "<other id>": 0 }
 */
export async function overdueCounts(db: Db, projectId: string, filters: FilterResponse[], upTo: number, visible?: SQL): Promise<Record<string, number | null>> {
  const counted: { id: string; predicate: SQL }[] = [];
  const counts: Record<string, number | null> = {};
  for (const f of filters) {
    try {
      const compiled = compileFilterQuery(f.entity, { where: f.query.where });
      const scope = compiled.entity === "businesses" ? sql`r.business_id is not null` : sql`r.end_user_id is not null`;
      counted.push({ id: f.id, predicate: compiled.where ? sql`${scope} and (${compiled.where})` : scope });
    } catch {
      counts[f.id] = null;
    }
  }
  if (counted.length === 0) return counts;
  const columns = counted.map(
    (c, i) => sql`(select count(*)::int from (
        select 1 from workflow_runtimes r
        left join businesses b on b.id = r.business_id and b.project_id = r.project_id
        left join end_users e on e.id = r.end_user_id and e.project_id = r.project_id
        where r.project_id = ${projectId} and ${overdue} and ${c.predicate} ${visible ? sql`and ${visible}` : sql``}
        limit ${upTo}) o) as ${sql.raw(`"q${i}"`)}`,
  );
  const [row] = rowsOf<Record<string, number | string>>(await db.execute(sql`select ${sql.join(columns, sql`, `)}`));
  counted.forEach((c, i) => (counts[c.id] = Number(row?.[`q${i}`] ?? 0)));
  return counts;
}
