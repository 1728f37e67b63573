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
 * `(col, …)` and `(value::type, …)` for an insert of one row, using each column's own serialisation and SQL
 * type; keys missing from `values` are left to their defaults. Values that are `SQL` (e.g. `sql\`now()\``) are
 * inlined as written. The text depends only on which keys are present, so it prepares once.
 */
export function insertValues<T extends Table>(table: T, values: Partial<Record<keyof T["$inferInsert"], unknown>>): { columns: SQL; values: SQL; names: string[] } {
  const names: string[] = [];
  const parts: SQL[] = [];
  for (const [key, column] of columnsOf(table)) {
    if (!(key in values)) continue;
    const value = (values as Record<string, unknown>)[key];
    names.push(column.name);
    if (value instanceof Object && "getSQL" in value) parts.push(value as SQL);
    // Always a parameter, also for null: the statement text must not vary with the values (prepared statements).
    else parts.push(sql`${value === null || value === undefined ? null : column.mapToDriverValue(value)}::${sql.raw(column.getSQLType())}`);
  }
  return { columns: sql.raw(names.map((n) => `"${n}"`).join(", ")), values: sql.join(parts, sql`, `), names };
}

/**
 * `cte cross join`, to put before a row source in a CTE body: rows are written only if the CTE `onlyWith`
 * (e.g. the inserted runtime) has a row. Empty when `onlyWith` is not given.
 */
export function onlyWithRowOf(onlyWith: string | undefined): SQL {
  return onlyWith ? sql.raw(`${onlyWith} cross join`) : sql``;
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
