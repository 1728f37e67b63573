import { getTableColumns, sql, type SQL, type Table } from "drizzle-orm";
import type { Column } from "drizzle-orm";

/**
 * Map a row of hand-written SQL (`returning *`, or a `json_agg` of rows) to the table's Drizzle type, with
 * Drizzle's own per-column conversions, so raw statements hand back exactly what the query builder would.
 * Accepts both drivers' shapes (postgres.js gives timestamps as text through Drizzle's parsers, PGlite as Date).
 */
export function fromRow<T extends Table>(table: T, raw: Record<string, unknown>): T["$inferSelect"] {
  const out: Record<string, unknown> = {};
  for (const [key, column] of columnsOf(table)) {
    const value = raw[column.name];
    out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return out as T["$inferSelect"];
}

/**
 * `ids` as one `uuid[]` parameter, for `col = any(…)` beside a join on a JSON row source. The planner guesses 100
 * rows for any `jsonb_array_elements` and, on a table of a few thousand rows, then scans the whole table for a
 * step of one runtime (measured: 8 ms for a timer step's void over 3,000 jobs); an array parameter's length it
 * knows, so the index is used. Every id must be a UUID (the cast refuses anything else).
 *
 * @example
 * sql`… where w.id = (u.v->>'id')::uuid and w.id = any(${uuidArray(ids)})`
 */
export function uuidArray(ids: readonly string[]): SQL {
  return sql`${`{${ids.join(",")}}`}::uuid[]`;
}

/**
 * `column = projectId` as a filter only, never an index condition, for rows a statement picks by their primary key
 * (an id, or `uuidArray` ids). With statistics older than a bulk import (until autovacuum analyzes the table, a
 * minute or so after it; never where autovacuum is off), the planner believes the project holds a handful of rows
 * and may read a row by scanning the project's whole part of an index that starts with `project_id`:
 * - locking 9 runtimes of a 6,000-case project read 7,179 index entries (3 ms; 0.14 ms by the primary key);
 * - a webhook event's entity lookup read 35,600 rows of `businesses_project_company_name_idx` (5–17 ms and about
 *   27,000 buffers each, once per event, for a one-row read by the primary key).
 *
 * @example
 * sql`… where w.id = any(${uuidArray(ids)}) and ${projectFilter(sql`w.project_id`, projectId)}`
 * db.select().from(users).where(and(eq(users.id, userId), projectFilter(users.projectId, projectId)))
 */
export function projectFilter(column: SQL | Column, projectId: string): SQL {
  return sql`(${column} = ${projectId}::text) is true`;
}

/**
 * `where <runtimeId> in (select id from <cte>)`, to put after a row source in a CTE body: a row is written only
 * if the CTE `onlyWith` (e.g. the inserted runtimes) holds its runtime. Empty when `onlyWith` is not given.
 */
export function onlyWithRuntimeIn(onlyWith: string | undefined, runtimeId: SQL): SQL {
  return onlyWith ? sql`where ${runtimeId} in (select id from ${sql.raw(onlyWith)})` : sql``;
}

const cache = new WeakMap<Table, [string, Column][]>();
function columnsOf(table: Table): [string, Column][] {
  let cols = cache.get(table);
  if (!cols) {
    cols = Object.entries(getTableColumns(table)) as [string, Column][];
    cache.set(table, cols);
  }
  return cols;
}
