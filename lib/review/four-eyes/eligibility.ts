import { voteKindOf } from "../../engine/state-review";
import { voteRefusal, type FourEyes } from "./ballot";

/** What one person may do on a four-eyes state: each a refusal naming the rule, or null when they may. */
export interface Eligibility {
  /** Any decision (a team the person is not in). */
  decide: string | null;
  approve: string | null;
  reject: string | null;
  /** Whether their approval would be the deciding one (the others needed are in). */
  approvalDecides: boolean;
}

/** The case page's view of `voteRefusal` for the signed-in person. */
export function eligibilityOf(f: FourEyes, user: { id: string }): Eligibility {
  const approvals = f.votes.filter((v) => v.vote === "approve").length;
  return {
    decide: voteRefusal(f, user, null),
    approve: voteRefusal(f, user, "approve"),
    reject: voteRefusal(f, user, "reject"),
    approvalDecides: approvals + 1 >= f.rule.approvals,
  };
}

/** The refusal of each of `events` that is a vote (by its kind), for the decision buttons. */
export function eventRefusals(events: string[], eligibility: Eligibility): Record<string, string> {
  const out: Record<string, string> = {};
  for (const event of events) {
    const kind = voteKindOf(event);
    const refusal = kind ? eligibility[kind] : null;
    if (refusal) out[event] = refusal;
  }
  return out;
}
