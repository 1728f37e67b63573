import { voteKindOf, type ReviewRule, type VoteKind } from "../../engine";
import { AppError } from "../../errors";
import type { CastVote } from "../../runtime/state-votes";
import type { VoterFacts } from "./voter-facts";

/** A four-eyes state as one person finds it: its rule, the votes of this visit, and what is known about them. */
export interface FourEyes {
  state: string;
  rule: ReviewRule;
  /** The visit of the state the votes belong to (see `stateVisit`). */
  visit: number;
  votes: CastVote[];
  voter: VoterFacts;
}

/** What a person's event does on a four-eyes state. */
export interface Ballot {
  /** The vote it casts; null for an event that is no vote (a revision request), which decides at once. */
  kind: VoteKind | null;
  /** It reaches the required number of votes of its kind: the event is applied. */
  deciding: boolean;
  /** Approvals and rejections of this visit, this vote included. */
  approvals: number;
  rejections: number;
  /** The approvers of a deciding approval (this vote included), oldest first. */
  approvers: { id: string; name: string }[];
}

const quoted = (names: string[]) => names.map((n) => `'${n}'`).join(" or ");

/**
 * Why `user` may not cast `kind` (an approval, a rejection, or with null any other decision) on the four-eyes
 * state, each message naming the rule; null when they may. Admins are held to the same rules.
 *
 * @example
 * voteRefusal(fourEyes, { id: creatorId }, "approve")
 * // "You created this case, so your approval cannot count … (four-eyes rule: meta.review.allowSelfApproval is false) …"
 */
export function voteRefusal(f: FourEyes, user: { id: string }, kind: VoteKind | null): string | null {
  const { rule, state } = f;
  if (!f.voter.member) {
    return `Only members of the team${rule.teams.length === 1 ? "" : "s"} ${quoted(rule.teams)} may decide cases in state '${state}' (four-eyes rule: meta.review.teams); ask an admin to add you to one of them.`;
  }
  if (kind === null) return null;
  const own = f.votes.find((v) => v.userId === user.id);
  if (own) {
    return `You already ${own.vote === "approve" ? "approved" : "rejected"} this case in state '${state}'; each person votes once until the case leaves the state (four-eyes rule), so another reviewer must cast the next vote.`;
  }
  if (kind === "approve" && f.voter.authored && !rule.allowSelfApproval) {
    const what = f.voter.authored === "created" ? "created this case" : "changed this case's data";
    return `You ${what}, so your approval cannot count (four-eyes rule: meta.review.allowSelfApproval is false); other reviewers must approve it.`;
  }
  return null;
}

/**
 * Count `event` (by `user`) into the state's votes: 403 `four_eyes_required` when a rule refuses it (see
 * `voteRefusal`), else the ballot, deciding when its kind reaches `approvals` (or `rejections`).
 *
 * @example
 * castBallot(fourEyes, { id: "u2", name: "Bo" }, "approve") // { kind: "approve", deciding: true, approvals: 2, … }
 */
export function castBallot(f: FourEyes, user: { id: string; name: string }, event: string): Ballot {
  const kind = voteKindOf(event);
  const refusal = voteRefusal(f, user, kind);
  if (refusal) throw new AppError("four_eyes_required", refusal);
  const mine = kind ? [{ userId: user.id, name: user.name, vote: kind }] : [];
  const votes = [...f.votes, ...mine];
  const approvals = votes.filter((v) => v.vote === "approve").length;
  const rejections = votes.filter((v) => v.vote === "reject").length;
  const deciding = kind === null || (kind === "approve" ? approvals >= f.rule.approvals : rejections >= f.rule.rejections);
  const approvers = deciding && kind === "approve" ? votes.filter((v) => v.vote === "approve").map((v) => ({ id: v.userId, name: v.name })) : [];
  return { kind, deciding, approvals, rejections, approvers };
}
