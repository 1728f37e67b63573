import { sql, type SQL } from "drizzle-orm";

/**
 * Contract: a scalar subquery, the number of the runtime's current visit of `state`: how many times its history
 * entered it (the `created` row of a runtime that starts there, a transition from another state, a forced move
 * into it, which re-enters it). Constant while the runtime stays in the state, one more after each return, so it
 * tells the votes of this visit from those of an earlier one (`review_votes.state_entered_version`).
 */
export function stateVisit(projectId: string, runtimeId: SQL | string, state: SQL | string): SQL {
  return sql`(select count(*)::int from runtime_history h
    where h.project_id = ${projectId}::text and h.runtime_id = ${runtimeId}::uuid and h.to_state = ${state}::text
      and (h.kind = 'created' or (h.kind = 'transition' and (h.from_state is distinct from h.to_state or h.payload->>'forced' = 'true'))))`;
}
