import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { rowsOf } from "../db/rows";
import type { CompiledFilter } from "./compile-filter-query";
import { entityJoin } from "./run-filter-query";

/**
 * The project's cases a compiled filter matches (narrowed by `extraWhere` over `r` and the entity's alias, as in
 * `runFilterQuery`), as a row source `(seq, id)` numbered 1, 2, … in the queue's default order (newest first): the
 * SELECT of an INSERT … SELECT, so a queue of any size is copied in one statement without reaching the app.
 *
 * @example
 * sql`insert into bulk_operation_items (operation_id, seq, runtime_id) select ${opId}::uuid, m.seq, m.id from (${matchingRuntimes(projectId, compiled)}) m`
 */
export function matchingRuntimes(projectId: string, compiled: CompiledFilter, extraWhere?: SQL): SQL {
  return sql`select row_number() over (order by r.created_at desc, r.id desc)::int as seq, r.id ${matching(projectId, compiled, extraWhere)}`;
}

/** How many cases `matchingRuntimes` would give (the backoffice's "all N matching"). */
export async function countMatchingRuntimes(db: Db, projectId: string, compiled: CompiledFilter, extraWhere?: SQL): Promise<number> {
  const [row] = rowsOf<{ n: number | string }>(await db.execute(sql`select count(*) as n ${matching(projectId, compiled, extraWhere)}`));
  return Number(row?.n ?? 0);
}

function matching(projectId: string, compiled: CompiledFilter, extraWhere: SQL | undefined): SQL {
  const entityScope = compiled.entity === "businesses" ? sql`r.business_id is not null` : sql`r.end_user_id is not null`;
  const conditions = [entityScope, sql`r.project_id = ${projectId}`];
  if (compiled.where) conditions.push(compiled.where);
  if (extraWhere) conditions.push(sql`(${extraWhere})`);
  const join = compiled.whereUses.size > 0 || extraWhere ? entityJoin(compiled.entity) : sql``;
  return sql`from workflow_runtimes r ${join} where ${sql.join(conditions, sql` and `)}`;
}
