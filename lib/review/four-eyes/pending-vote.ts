import { unchanged, type RuntimeSnapshot, type VoteKind } from "../../engine";
import type { WorkflowRuntime } from "../../db/schema";
import type { Decision } from "../../runtime/step";
import type { Actor } from "../../runtime/types";
import type { Ballot, FourEyes } from "./ballot";

/** The vote part of a decision's history payload: the vote, the counts of this visit with it, and what is required. */
export function voteSummary(f: FourEyes, ballot: Ballot): Record<string, unknown> {
  return { vote: ballot.kind, approvals: ballot.approvals, rejections: ballot.rejections, required: { approvals: f.rule.approvals, rejections: f.rule.rejections } };
}

/**
 * The step of a vote that does not decide yet: the workflow stays where it is, the vote is stored with the step
 * (`cause.vote`, which moves the version: the runtime view's `review` changed) and the history gets a `decision`
 * row with `applied: false` and the counts, so the timeline shows "1 of 2 approvals".
 */
export function pendingVote(
  row: WorkflowRuntime,
  snapshot: RuntimeSnapshot,
  f: FourEyes,
  ballot: Ballot,
  input: { event: string; kind: VoteKind; reason: string | null; actor: Required<Actor> },
): Decision<{ moved: boolean; ballot: Ballot }> {
  const { event, kind, reason, actor } = input;
  return {
    result: unchanged(snapshot),
    value: { moved: false, ballot },
    cause: {
      eventName: event,
      payload: { reason },
      actor,
      recordTransition: false,
      vote: { userId: actor.id, state: f.state, visit: f.visit, vote: kind, reason },
      history: [
        {
          kind: "decision",
          eventName: event,
          payload: { decision: event, reason, override: false, applied: false, ...voteSummary(f, ballot) },
          fromState: row.state,
          toState: row.state,
          actorType: actor.type,
          actorId: actor.id,
        },
      ],
    },
  };
}
