import { Time } from "@/components/ui/time";
import type { Eligibility } from "@/lib/review/four-eyes/eligibility";
import type { StateReview } from "@/lib/runtime/state-votes";

const ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"];

/** "Waiting for a second approval", or how many are still needed. */
export function waitingFor(review: Pick<StateReview, "required" | "approvals">): string {
  const have = review.approvals.length;
  const missing = review.required.approvals - have;
  if (missing <= 0) return "The approvals are in.";
  if (have === 0) return review.required.approvals === 1 ? "Waiting for an approval." : `Waiting for ${review.required.approvals} approvals from different people.`;
  return missing === 1 ? `Waiting for a ${ORDINALS[have] ?? `${have + 1}th`} approval.` : `Waiting for ${missing} more approvals.`;
}

/** What the signed-in person's approval would do, or why they cannot approve. */
function yourApproval(eligibility: Eligibility): string {
  if (eligibility.decide) return eligibility.decide;
  if (eligibility.approve) return eligibility.approve;
  return eligibility.approvalDecides ? "Your approval decides this case." : "Your approval counts towards this case; another reviewer's completes it.";
}

/**
 * A four-eyes state (`meta.review`): the votes of this visit, what is still needed, and what the signed-in person
 * may do. Any eligible reviewer may vote, whoever holds the case; the server enforces every rule shown here.
 */
export function FourEyesPanel({ review, eligibility }: { review: StateReview; eligibility: Eligibility | null }) {
  const votes = [...review.approvals.map((v) => ({ ...v, kind: "Approved" })), ...review.rejections.map((v) => ({ ...v, kind: "Rejected" }))].sort((a, b) => a.at.localeCompare(b.at));
  const teams = review.teams.length ? ` by members of ${review.teams.join(" or ")}` : "";
  return (
    <div data-testid="four-eyes">
      <h3>Four-eyes review</h3>
      <p className="hint">
        {review.required.approvals} approval{review.required.approvals === 1 ? "" : "s"} from different people{teams} decide this case
        {review.required.rejections > 1 ? `; ${review.required.rejections} rejections reject it` : "; one rejection rejects it"}. Any eligible reviewer may vote, assigned or not.
      </p>
      <p>
        <span className="badge badge-review" data-testid="approval-count">
          {review.approvals.length} of {review.required.approvals} approvals
        </span>{" "}
        <strong role="status">{waitingFor(review)}</strong>
      </p>
      {votes.length > 0 && (
        <ul className="votes" aria-label="Votes so far">
          {votes.map((v) => (
            <li key={`${v.userId}-${v.kind}`}>
              {v.kind} by {v.name} <Time iso={v.at} />
              {v.reason ? ` — ${v.reason}` : ""}
            </li>
          ))}
        </ul>
      )}
      {eligibility && (
        <p className="hint" data-testid="your-vote">
          {yourApproval(eligibility)}
        </p>
      )}
    </div>
  );
}
