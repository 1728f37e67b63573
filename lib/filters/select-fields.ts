import { sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { businesses, endUsers, workflowRuntimes } from "../db/schema";
import { aliasedColumns } from "./table-columns";
import type { Alias, FilterEntity } from "./types";
import { iso } from "./vocabulary";

/** A relation selectable as `{ select: {...} }`: its join alias, whether a row exists, and its fields. */
export interface SelectRelation {
  alias: Alias;
  present: SQL;
  fields: Record<string, SQL>;
}

/** Every column of a table under its alias, timestamps as ISO text. */
function selectFields(table: PgTable, alias: Alias, omit: readonly string[]): Record<string, SQL> {
  return Object.fromEntries(aliasedColumns(table, alias, omit).map((c) => [c.key, c.timestamp ? iso(c.sql) : c.sql]));
}

/** Scalar case fields (spec "Selectable case fields" plus updatedAt, manualReviewReason, workflowFinalState, ...). */
export const RUNTIME_SELECT: Record<string, SQL> = {
  ...selectFields(workflowRuntimes, "r", ["projectId", "config", "eventSeq"]),
  childWorkflowsRuntimeData: sql`(
    select coalesce(json_agg(json_build_object(
      'id', c.id, 'workflowDefinitionId', c.workflow_definition_id, 'workflowDefinitionVersion', c.workflow_definition_version,
      'state', c.state, 'status', c.status, 'tags', c.tags, 'context', c.context,
      'createdAt', ${iso(sql`c.created_at`)}, 'updatedAt', ${iso(sql`c.updated_at`)}
    ) order by c.created_at), '[]'::json)
    from workflow_runtimes c where c.project_id = r.project_id and c.parent_runtime_id = r.id)`,
};

/** Selected when a filter has no `select` (the light fields of a queue row). */
export const DEFAULT_SELECT = [
  "id",
  "state",
  "status",
  "tags",
  "assigneeId",
  "workflowDefinitionId",
  "workflowDefinitionVersion",
  "manualReviewReason",
  "workflowFinalState",
  "createdAt",
  "updatedAt",
];

const ASSIGNEE: SelectRelation = {
  alias: "u",
  present: sql`u.id is not null`,
  fields: { id: sql`u.id`, firstName: sql`u.first_name`, lastName: sql`u.last_name`, avatarUrl: sql`u.avatar_url`, email: sql`u.email` },
};

const WORKFLOW_DEFINITION: SelectRelation = {
  alias: "d",
  present: sql`d.id is not null`,
  fields: {
    id: sql`d.id`,
    name: sql`d.name`,
    version: sql`d.version`,
    definitionType: sql`d.definition_type`,
    definition: sql`d.definition`,
    config: sql`d.config`,
    contextSchema: sql`d.context_schema`,
    documentsSchema: sql`d.documents_schema`,
    createdAt: iso(sql`d.created_at`),
  },
};

const BUSINESS: SelectRelation = { alias: "b", present: sql`b.id is not null`, fields: selectFields(businesses, "b", ["projectId"]) };

const END_USER: SelectRelation = { alias: "e", present: sql`e.id is not null`, fields: selectFields(endUsers, "e", ["projectId"]) };

/** Relations selectable for an entity: the entity's own record, the assignee and the pinned definition. */
export function selectRelations(entity: FilterEntity): Record<string, SelectRelation> {
  return entity === "businesses"
    ? { assignee: ASSIGNEE, workflowDefinition: WORKFLOW_DEFINITION, business: BUSINESS }
    : { assignee: ASSIGNEE, workflowDefinition: WORKFLOW_DEFINITION, endUser: END_USER };
}
