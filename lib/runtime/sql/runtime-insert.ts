import { sql, type SQL } from "drizzle-orm";
import type { JsonObject, RuntimeSnapshot, TimerPlan } from "../../engine";
import { workflowRuntimes } from "../../db/schema";
import { deadlineColumns } from "./deadline-columns";

export interface RuntimeInsert {
  id: string;
  projectId: string;
  definitionId: string;
  definitionVersion: number;
  /** Pinned runs never yield to a newer version; otherwise nothing is inserted when one exists. */
  pinned: boolean;
  entityType: "business" | "individual";
  snapshot: RuntimeSnapshot;
  config: JsonObject;
  completed: boolean;
  eventCount: number;
  /** The initial state's timers: its deadline sets `due_at` and `due_warn_at`. */
  timers?: TimerPlan;
}

/**
 * Contract: `insert into workflow_runtimes … returning *` of a new runtime for the entity the CTE `entity`
 * upserted, in the snapshot's initial state, with `event_seq` at the number of its first events. Inserts no
 * row when the run is not pinned and a newer version of the definition exists (another process stored it
 * after this one cached the latest version): the caller then retries on the version it reads afresh.
 * A CTE body of the step's statement, after `entity as (…)`.
 */
export function runtimeInsert(r: RuntimeInsert): SQL {
  const { snapshot } = r;
  const due = deadlineColumns(r.timers, { dueAt: sql`null::timestamptz`, dueWarnAt: sql`null::timestamptz` });
  const entityColumn = sql.raw(r.entityType === "business" ? "business_id" : "end_user_id");
  const newerVersion = r.pinned
    ? sql`false`
    : sql`exists (select 1 from workflow_definitions d where d.project_id = ${r.projectId}::text and d.id = ${r.definitionId}::text and d.version > ${r.definitionVersion}::int)`;
  return sql`insert into workflow_runtimes (id, project_id, workflow_definition_id, workflow_definition_version, ${entityColumn},
      state, status, tags, context, config, manual_review_reason, workflow_final_state, event_seq, resolved_at, due_at, due_warn_at)
    select ${r.id}::uuid, ${r.projectId}::text, ${r.definitionId}::text, ${r.definitionVersion}::int, entity.id,
      ${snapshot.state}::text, ${snapshot.status}::text, ${workflowRuntimes.tags.mapToDriverValue(snapshot.tags)}::text[],
      ${JSON.stringify(snapshot.context)}::jsonb, ${JSON.stringify(r.config)}::jsonb,
      ${snapshot.manualReviewReason}::text, ${snapshot.workflowFinalState}::text, ${r.eventCount}::int,
      case when ${r.completed}::boolean then now() end, ${due.dueAt}, ${due.dueWarnAt}
    from entity
    where not ${newerVersion}
    returning *`;
}
