import { sql } from "drizzle-orm";
import type { ReviewRule, VoteKind } from "../engine";
import type { Db } from "../db/client";
import { rowsOf } from "../db/rows";
import { stateVisit } from "./sql/state-visit";

/** One vote of the current visit of a four-eyes state, with its voter's display name (as `displayName` of lib/users). */
export interface CastVote {
  userId: string;
  name: string;
  vote: VoteKind;
  reason: string | null;
  at: string;
}

/** The votes cast so far in the runtime's current visit of `state`, oldest first, and that visit's number. */
export interface StateVotes {
  /** 1 for the first visit of the state; stored with each vote as `review_votes.state_entered_version`. */
  visit: number;
  votes: CastVote[];
}

type Raw = { visit: number; user_id: string | null; vote: VoteKind | null; reason: string | null; at_ms: number | string | null; name: string | null };

/**
 * The votes of the runtime's current visit of `state` (see `stateVisit`); votes of earlier visits never count.
 * Inside a step, call it after the row lock (`stepReading`) so no vote can be cast between the read and the step.
 *
 * @example
 * const { visit, votes } = await currentStateVotes(tx, projectId, runtimeId, "manual_review");
 */
export async function currentStateVotes(db: Db, projectId: string, runtimeId: string, state: string): Promise<StateVotes> {
  const rows = rowsOf<Raw>(
    await db.execute(sql`with visit as (select ${stateVisit(projectId, runtimeId, state)} as n)
      select visit.n as visit, v.user_id, v.vote, v.reason, (extract(epoch from v.created_at) * 1000)::float8 as at_ms,
        coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email) as name
      from visit
      left join review_votes v on v.project_id = ${projectId}::text and v.runtime_id = ${runtimeId}::uuid and v.state = ${state}::text and v.state_entered_version = visit.n
      left join users u on u.id = v.user_id and u.project_id = ${projectId}::text
      order by v.created_at, v.id`),
  );
  const votes = rows.flatMap((r) =>
    r.user_id && r.vote
      ? [{ userId: r.user_id, name: r.name ?? r.user_id, vote: r.vote, reason: r.reason, at: new Date(Number(r.at_ms)).toISOString() }]
      : [],
  );
  return { visit: Number(rows[0]?.visit ?? 0), votes };
}

/** A four-eyes state's rule and the votes of its current visit, as the runtime view and the case page show them. */
export interface StateReview {
  state: string;
  required: { approvals: number; rejections: number };
  /** Teams whose members may vote; empty: any reviewer or admin. */
  teams: string[];
  allowSelfApproval: boolean;
  approvals: Omit<CastVote, "vote">[];
  rejections: Omit<CastVote, "vote">[];
}

/** `StateReview` of a rule and the votes of the current visit. */
export function stateReviewOf(state: string, rule: ReviewRule, votes: CastVote[]): StateReview {
  const of = (kind: VoteKind) => votes.filter((v) => v.vote === kind).map(({ userId, name, reason, at }) => ({ userId, name, reason, at }));
  return {
    state,
    required: { approvals: rule.approvals, rejections: rule.rejections },
    teams: rule.teams,
    allowSelfApproval: rule.allowSelfApproval,
    approvals: of("approve"),
    rejections: of("reject"),
  };
}

/**
 * The approvals cast in the current visit of each runtime's state (one statement for a queue page), by runtime id;
 * a runtime without votes is missing. `refs` name states that have a four-eyes rule.
 */
export async function currentApprovalCounts(db: Db, projectId: string, refs: { runtimeId: string; state: string }[]): Promise<Map<string, number>> {
  if (refs.length === 0) return new Map();
  const json = JSON.stringify(refs.map((r) => ({ id: r.runtimeId, state: r.state })));
  const rows = rowsOf<{ id: string; approvals: number | string }>(
    await db.execute(sql`select v.runtime_id as id, count(*) as approvals
      from jsonb_array_elements(${json}::jsonb) as r(x)
      join review_votes v on v.project_id = ${projectId}::text and v.runtime_id = (r.x->>'id')::uuid and v.state = r.x->>'state' and v.vote = 'approve'
        and v.state_entered_version = ${stateVisit(projectId, sql`(r.x->>'id')`, sql`(r.x->>'state')`)}
      group by v.runtime_id`),
  );
  return new Map(rows.map((r) => [r.id, Number(r.approvals)]));
}
