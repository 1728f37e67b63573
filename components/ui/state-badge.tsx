/** A case's state as a colour-coded badge: review (amber), approved (green), rejected/failed (red), else grey. */
export function StateBadge({ state, tags = [], status, finalState }: { state: string; tags?: string[]; status?: string; finalState?: string | null }) {
  const tone =
    status === "failed" || finalState === "rejected" || finalState === "auto_rejected" || tags.includes("rejected")
      ? "badge-danger"
      : finalState === "approved" || finalState === "auto_approved" || tags.includes("approved")
        ? "badge-ok"
        : tags.includes("manual_review") || tags.includes("revision")
          ? "badge-review"
          : "badge-info";
  return (
    <span className={`badge ${tone}`} title={state} data-testid="state-badge">
      {state}
    </span>
  );
}

/** Runtime status (active, completed, failed). */
export function StatusBadge({ status }: { status: string }) {
  const tone = status === "failed" ? "badge-danger" : status === "completed" ? "badge-ok" : "";
  return <span className={`badge ${tone}`}>{status}</span>;
}
