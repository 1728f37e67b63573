import { Time } from "@/components/ui/time";
import type { RuntimeView } from "@/lib/runtime/runtime-view";

/**
 * Why the case needs a person, in plain sight: the manual review reason while the case is open; the outcome
 * (and the reviewer's reason, from `context.review`) once it is completed; a note while the vendor is checked.
 */
export function ReviewBanner({ view, reviewerName }: { view: RuntimeView; reviewerName: (id: string) => string }) {
  const review = view.context.review as { decision?: string; reason?: string | null; reviewerId?: string; approverIds?: unknown; at?: string } | undefined;
  // A four-eyes approval names every approver (oldest vote first); otherwise the one reviewer who decided.
  const approvers = Array.isArray(review?.approverIds) ? review.approverIds.filter((id): id is string => typeof id === "string") : [];
  const deciders = approvers.length > 1 ? approvers.map(reviewerName).join(" and ") : review?.reviewerId ? reviewerName(review.reviewerId) : "a reviewer";
  if (view.status !== "active") {
    const approved = view.workflowFinalState === "approved" || view.workflowFinalState === "auto_approved";
    return (
      <section className={`banner ${approved ? "banner-ok" : "banner-danger"}`} aria-label="Outcome" data-testid="outcome-banner">
        <strong>
          Case {view.status}: {view.workflowFinalState ?? view.state}
        </strong>
        {review?.decision && (
          <span>
            Decision “{review.decision}” by {deciders} on <Time iso={review.at} />
            {review.reason ? ` — ${review.reason}` : ""}
          </span>
        )}
      </section>
    );
  }
  if (review?.decision === "revision" && view.tags.includes("revision")) {
    return (
      <section className="banner banner-review" aria-label="Revision requested">
        <strong>Revision requested</strong>
        {review.reason}
      </section>
    );
  }
  if (view.manualReviewReason) {
    return (
      <section className="banner banner-review" aria-label="Manual review reason" data-testid="review-reason">
        <strong>Why this case needs review</strong>
        {view.manualReviewReason}
      </section>
    );
  }
  if (view.nextEvents.length === 0) {
    return (
      <section className="banner banner-info" aria-label="Waiting" role="status">
        <strong>Waiting for a third party</strong>
        The case is in “{view.state}” and waits for a plugin (e.g. the vendor check); this page updates when it moves.
      </section>
    );
  }
  return null;
}
