import type { SQL } from "drizzle-orm";

/** What a filter lists: cases (runtimes) with a business, or cases with an end user. */
export type FilterEntity = "businesses" | "individuals";
export const FILTER_ENTITIES: readonly FilterEntity[] = ["businesses", "individuals"];

/** How a queue assigns cases entering its review states (the `filters.assignment` column). */
export type QueueAssignment = "manual" | "round_robin" | "least_loaded";

/** A stored filter query: `where` conditions and the `select` shape of each returned case. */
export interface FilterQuery {
  where?: Record<string, unknown>;
  select?: Record<string, unknown>;
}

/** How a column is compared and which operators it accepts. */
export type FieldKind = "uuid" | "text" | "timestamp" | "int" | "textArray";

/** A filterable column: a fixed SQL fragment (never built from input) and its kind. */
export interface WhereField {
  sql: SQL;
  kind: FieldKind;
}

/** Table aliases used in compiled queries (and available to `extraWhere`). */
export type Alias = "r" | "b" | "e" | "u" | "d";
