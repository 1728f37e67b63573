import { sql, type SQL } from "drizzle-orm";
import type { JsonObject, RuntimeSnapshot, TimerPlan } from "../../engine";
import { deadlineColumns, deadlineValue } from "./deadline-columns";
import { runtimeReturning } from "./runtime-returning";

export interface RuntimeInsert {
  id: string;
  definitionId: string;
  definitionVersion: number;
  /** The case's subject: a row of the CTE `entity` (see `entitiesUpsert`), found by type and the caller's id. */
  entity: { type: "business" | "individual"; correlationId: string };
  snapshot: RuntimeSnapshot;
  config: JsonObject;
  completed: boolean;
  eventCount: number;
  /** The initial state's timers: its deadline sets `due_at` and `due_warn_at`. */
  timers?: TimerPlan;
}

/**
 * Contract: `insert into workflow_runtimes … returning` new runtimes (without `context`: `runtimeReturning`), in order, each for the entity the CTE
 * `entity` upserted, in its snapshot's initial state, with `event_seq` at the number of its first events, nothing
 * when the statement's `gate` is closed (`runsGate`: a newer version of an unpinned run's definition exists, or a
 * subscriber; the caller then computes the runs again on the versions it reads afresh).
 * The runs travel as one JSON parameter (fixed text, whatever their number). A CTE body of the step's statement,
 * after `entity as (…)`.
 */
export function runtimeInsert(projectId: string, runs: RuntimeInsert[], gate: SQL): SQL {
  const json = JSON.stringify(
    runs.map((r) => ({
      id: r.id,
      def: r.definitionId,
      ver: r.definitionVersion,
      type: r.entity.type,
      cid: r.entity.correlationId,
      state: r.snapshot.state,
      status: r.snapshot.status,
      tags: r.snapshot.tags,
      context: r.snapshot.context,
      config: r.config,
      reason: r.snapshot.manualReviewReason,
      outcome: r.snapshot.workflowFinalState,
      events: r.eventCount,
      completed: r.completed,
      deadline: deadlineValue(r.timers),
    })),
  );
  const due = deadlineColumns(sql`r.v->'deadline'`, { dueAt: sql`null::timestamptz`, dueWarnAt: sql`null::timestamptz` });
  return sql`insert into workflow_runtimes (id, project_id, workflow_definition_id, workflow_definition_version, business_id, end_user_id,
      state, status, tags, context, config, manual_review_reason, workflow_final_state, event_seq, resolved_at, due_at, due_warn_at)
    select (r.v->>'id')::uuid, ${projectId}::text, r.v->>'def', (r.v->>'ver')::int,
      case when r.v->>'type' = 'business' then entity.id end, case when r.v->>'type' = 'individual' then entity.id end,
      r.v->>'state', r.v->>'status', array(select jsonb_array_elements_text(r.v->'tags')), r.v->'context', r.v->'config',
      r.v->>'reason', r.v->>'outcome', (r.v->>'events')::int,
      case when (r.v->>'completed')::boolean then now() end, ${due.dueAt}, ${due.dueWarnAt}
    from jsonb_array_elements(${json}::jsonb) with ordinality as r(v, n)
    join entity on entity.entity_type = r.v->>'type' and entity.correlation_id = r.v->>'cid'
    where ${gate}
    order by r.n
    returning ${runtimeReturning()}`;
}
