import { sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { businesses, endUsers } from "../db/schema";
import { aliasedColumns } from "./table-columns";
import type { Alias, FilterEntity, WhereField } from "./types";

/*
 * The whole filter vocabulary: field name -> fixed SQL fragment. Identifiers reach SQL only from here, taken from
 * the Drizzle schema (`aliasedColumns`) or written below; values
 * are always bound parameters. Aliases: r = workflow_runtimes, b = businesses, e = end_users, u = users
 * (assignee), d = workflow_definitions (pinned version).
 */

const f = (fragment: SQL, kind: WhereField["kind"]): WhereField => ({ sql: fragment, kind });

/** ISO 8601 UTC text with milliseconds, identical on PGlite and PostgreSQL (`2024-05-01T10:00:00.000Z`). */
export const iso = (column: SQL): SQL => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The filterable (non-JSON) columns of a table under its alias. */
function whereFields(table: PgTable, alias: Alias, omit: readonly string[]): Record<string, WhereField> {
  const fields: Record<string, WhereField> = {};
  for (const c of aliasedColumns(table, alias, omit)) if (c.kind) fields[c.key] = f(c.sql, c.kind);
  return fields;
}

/** Case (runtime) columns, in the order error messages list them (the most used first). */
export const RUNTIME_WHERE: Record<string, WhereField> = {
  id: f(sql`r.id`, "uuid"),
  state: f(sql`r.state`, "text"),
  status: f(sql`r.status`, "text"),
  tags: f(sql`r.tags`, "textArray"),
  assigneeId: f(sql`r.assignee_id`, "uuid"),
  businessId: f(sql`r.business_id`, "uuid"),
  endUserId: f(sql`r.end_user_id`, "uuid"),
  parentRuntimeId: f(sql`r.parent_runtime_id`, "uuid"),
  workflowDefinitionId: f(sql`r.workflow_definition_id`, "text"),
  workflowDefinitionVersion: f(sql`r.workflow_definition_version`, "int"),
  createdAt: f(sql`r.created_at`, "timestamp"),
  updatedAt: f(sql`r.updated_at`, "timestamp"),
  resolvedAt: f(sql`r.resolved_at`, "timestamp"),
  assignedAt: f(sql`r.assigned_at`, "timestamp"),
  dueAt: f(sql`r.due_at`, "timestamp"),
  manualReviewReason: f(sql`r.manual_review_reason`, "text"),
  workflowFinalState: f(sql`r.workflow_final_state`, "text"),
};

export const BUSINESS_WHERE = whereFields(businesses, "b", ["projectId"]);

export const END_USER_WHERE = whereFields(endUsers, "e", ["projectId"]);

/** The entity's own relation: `business` for businesses, `endUser` for individuals. */
export function entityRelation(entity: FilterEntity): { name: "business" | "endUser"; fields: Record<string, WhereField> } {
  return entity === "businesses" ? { name: "business", fields: BUSINESS_WHERE } : { name: "endUser", fields: END_USER_WHERE };
}

/** Where-field names accepted for an entity, for "use one of" messages. */
export function whereFieldNames(entity: FilterEntity): string[] {
  const relation = entityRelation(entity);
  return [...Object.keys(RUNTIME_WHERE), `${relation.name}.<${Object.keys(relation.fields).join("|")}>`, "context.<json path>", "AND", "OR", "NOT"];
}
