import { DueLabel } from "@/components/ui/due-label";
import { StateBadge, StatusBadge } from "@/components/ui/state-badge";
import { Time } from "@/components/ui/time";
import { Truncate } from "@/components/ui/truncate";
import type { QueueColumn } from "@/lib/queues/queue-columns";
import type { QueueRow } from "@/lib/queues/list-queue-cases";
import type { ApprovalProgress } from "@/lib/queues/queue-approvals";

/**
 * One cell of the queue table, by column kind; `now` (ms) is when the page was rendered, for relative times;
 * `approvals` the four-eyes progress shown under the state ("1 of 2 approvals").
 */
export function CaseCell({ column, row, now, approvals }: { column: QueueColumn; row: QueueRow; now: number; approvals?: ApprovalProgress }) {
  switch (column.kind) {
    case "state":
      return (
        <>
          <StateBadge state={row.state} tags={row.tags} status={row.status} finalState={row.workflowFinalState} />
          {row.manualReviewReason && (
            <span className="reason-dot" title={`Manual review: ${row.manualReviewReason}`} aria-label="Has a manual review reason" role="img" />
          )}
          {approvals && (
            <span className="sub" data-testid="approval-progress">
              {approvals.approvals} of {approvals.required} approvals
            </span>
          )}
        </>
      );
    case "due":
      return <DueLabel dueAt={row.dueAt} dueWarnAt={row.dueWarnAt} now={now} refreshOnBreach />;
    case "status":
      return <StatusBadge status={row.status} />;
    case "tags":
      return row.tags.length ? (
        <>
          {row.tags.map((t) => (
            <span key={t} className="tag">
              {t}
            </span>
          ))}
        </>
      ) : (
        <span className="muted">–</span>
      );
    case "assignee":
      return row.assignee ? <Truncate text={row.assignee.name} /> : <span className="muted">Unassigned</span>;
    case "date":
      return <Time iso={(row as unknown as Record<string, string | null>)[column.field ?? ""] ?? null} />;
    case "outcome":
      return row.workflowFinalState ? <span>{row.workflowFinalState}</span> : <span className="muted">–</span>;
    case "workflow":
      return <Truncate text={`${row.workflow.name ?? row.workflow.id} v${row.workflow.version}`} />;
    case "reason":
      return row.manualReviewReason ? <Truncate text={row.manualReviewReason} /> : <span className="muted">–</span>;
    case "text": {
      const value = row.entity[column.field ?? ""];
      const text = value === null || value === undefined || value === "" ? null : typeof value === "object" ? JSON.stringify(value) : String(value);
      return text ? <Truncate text={text} /> : <span className="muted">–</span>;
    }
  }
}
