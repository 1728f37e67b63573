import { sql, type SQL } from "drizzle-orm";
import type { VoteKind } from "../../engine";

/** A four-eyes vote a step casts: who, on which visit of which state (see `stateVisit`), and why. */
export interface ReviewVoteInput {
  userId: string;
  state: string;
  /** The visit of `state` the vote counts for; stored as `state_entered_version`. */
  visit: number;
  vote: VoteKind;
  reason: string | null;
}

/** A vote and the runtime it is cast on. */
export type RuntimeReviewVote = ReviewVoteInput & { runtimeId: string };

/**
 * Contract: inserts `rows` into `review_votes` as a data-modifying CTE body of a step's statement. The step checked
 * under the runtime's row lock that the voter has not voted in this visit; the unique key
 * (runtime, state, visit, user) refuses a second vote anyway. One JSON parameter, fixed text.
 */
export function reviewVotesInsert(projectId: string, rows: RuntimeReviewVote[]): SQL {
  const json = JSON.stringify(rows.map((r) => ({ r: r.runtimeId, s: r.state, n: r.visit, u: r.userId, v: r.vote, why: r.reason })));
  return sql`insert into review_votes (project_id, runtime_id, state, state_entered_version, user_id, vote, reason)
    select ${projectId}::text, (r.v->>'r')::uuid, r.v->>'s', (r.v->>'n')::int, (r.v->>'u')::uuid, r.v->>'v', r.v->>'why'
    from jsonb_array_elements(${json}::jsonb) as r(v)`;
}
