import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { rowsOf } from "../db/rows";
import { compileFilterQuery, type FilterResponse } from "../filters";

/**
 * The number of open cases past their review deadline (`due_at <= now()`) in each queue, in one statement: the
 * project's overdue cases (read through the partial index on `due_at`) counted once per queue with the queue's
 * `where` as an aggregate `filter`. A queue whose filter no longer compiles counts as null.
 *
 * @example
 * await overdueCounts(db, "default", filters) // { "<filter id>": 3, "<other id>": 0 }
 */
export async function overdueCounts(db: Db, projectId: string, filters: FilterResponse[]): Promise<Record<string, number | null>> {
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
  const columns = counted.map((c, i) => sql`count(*) filter (where ${c.predicate})::int as ${sql.raw(`"q${i}"`)}`);
  const [row] = rowsOf<Record<string, number | string>>(
    await db.execute(sql`
      select ${sql.join(columns, sql`, `)}
      from workflow_runtimes r
      left join businesses b on b.id = r.business_id and b.project_id = r.project_id
      left join end_users e on e.id = r.end_user_id and e.project_id = r.project_id
      where r.project_id = ${projectId} and r.due_at is not null and r.due_at <= now() and r.status = 'active'`),
  );
  counted.forEach((c, i) => (counts[c.id] = Number(row?.[`q${i}`] ?? 0)));
  return counts;
}
