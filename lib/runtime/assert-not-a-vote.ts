import { voteKindOf, type CompiledWorkflow, type RuntimeSnapshot } from "../engine";
import { AppError } from "../errors";

/**
 * 403 `four_eyes_required` for an approval or rejection sent as a plain event (API, bulk operation) to an active
 * runtime whose state has a four-eyes rule (`meta.review`): there they are reviewers' votes, cast one person at a
 * time through the backoffice decision (`decideRuntime`), or the rule would be bypassed. Other events pass.
 *
 * @example
 * assertNotAVote(compiled, { ...snapshot, state: "manual_review" }, "approve") // throws four_eyes_required
 */
export function assertNotAVote(compiled: CompiledWorkflow, snapshot: RuntimeSnapshot, event: string): void {
  const rule = snapshot.status === "active" ? compiled.states.get(snapshot.state)?.review : null;
  if (!rule || !voteKindOf(event)) return;
  throw new AppError(
    "four_eyes_required",
    `State '${snapshot.state}' is decided by reviewers' votes (four-eyes rule, meta.review: ${rule.approvals} approval${rule.approvals === 1 ? "" : "s"}, ${rule.rejections} rejection${rule.rejections === 1 ? "" : "s"}); '${event}' cannot be sent as an event. Reviewers decide it on the case page.`,
  );
}
