import { getTableColumns, sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Alias, FieldKind } from "./types";

/** One column of a joined table as the filter vocabulary sees it. */
export interface AliasedColumn {
  /** The field name integrators use: the schema's property name (`companyName`). */
  key: string;
  /** `alias.column_name`, from the schema, never from input. */
  sql: SQL;
  /** How the column compares in `where`; `null` for JSON columns, which are selectable but not filterable. */
  kind: FieldKind | null;
  timestamp: boolean;
}

const KINDS: Record<string, FieldKind> = { PgUUID: "uuid", PgText: "text", PgTimestamp: "timestamp", PgInteger: "int", PgArray: "textArray" };

/**
 * A table's columns under a query alias, in the schema's order, minus `omit` (property names): the filter
 * vocabulary of the entity tables is derived from the Drizzle schema so a column added there is filterable and
 * selectable without a second list to keep in step.
 */
export function aliasedColumns(table: PgTable, alias: Alias, omit: readonly string[]): AliasedColumn[] {
  return Object.entries(getTableColumns(table))
    .filter(([key]) => !omit.includes(key))
    .map(([key, column]) => ({
      key,
      sql: sql.raw(`${alias}.${column.name}`),
      kind: KINDS[column.columnType] ?? null,
      timestamp: column.columnType === "PgTimestamp",
    }));
}
