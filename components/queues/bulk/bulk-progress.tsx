"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useState } from "react";
import { ActionProblem } from "@/components/cases/action-problem";
import { ApiProblem, getJson, postJson } from "@/components/ui/api-client";
import { describeAction, type Assignee, type BulkOperationView } from "./bulk-types";

const POLL_MS = 1_000;
const finished = (op: BulkOperationView) => op.status === "completed" || op.status === "canceled";

/**
 * A running bulk operation: a progress bar fed by polling its route every second, a Stop button while it runs,
 * and once it ended what succeeded, what was skipped, and each failed case with the reason it was refused.
 * `onFinished` is called once when it ends (the queue reloads its cases), `onClose` when the user dismisses it.
 */
export function BulkProgress({ started, assignees, onFinished, onClose }: { started: BulkOperationView; assignees: Assignee[]; onFinished(): void; onClose(): void }) {
  const [stopProblem, setStopProblem] = useState<ApiProblem | null>(null);
  const [stopping, setStopping] = useState(false);
  const polled = useQuery({
    queryKey: ["bulk-operation", started.id],
    queryFn: () => getJson<BulkOperationView>(`/api/backoffice/bulk-operations/${started.id}`),
    initialData: started,
    refetchInterval: (query) => (query.state.data && finished(query.state.data) ? false : POLL_MS),
  });
  const op = polled.data;
  const ended = finished(op);
  // Once it ends, the page behind it shows what the operation did (the panel stays open with the results).
  useEffect(() => {
    if (ended) onFinished();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once when it ends, not on every new callback
  }, [ended]);
  const done = op.succeeded + op.failed + op.skipped;
  const percent = op.total === 0 ? 100 : Math.floor((100 * done) / op.total);

  async function stop() {
    setStopping(true);
    try {
      await postJson(`/api/backoffice/bulk-operations/${op.id}/cancel`, {});
      await polled.refetch();
    } catch (error) {
      setStopProblem(error instanceof ApiProblem ? error : null);
    } finally {
      setStopping(false);
    }
  }

  return (
    <section className="panel bulk-progress" aria-labelledby="bulk-progress-title" data-testid="bulk-progress" data-status={op.status}>
      <h2 id="bulk-progress-title">
        {describeAction(op.action, assignees)}: {op.total.toLocaleString("en-US")} case{op.total === 1 ? "" : "s"}
      </h2>
      <div className="progress" role="progressbar" aria-label="Cases done" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-valuetext={`${percent}%`}>
        <div className="progress-fill" style={{ width: `${percent}%` }} />
      </div>
      <p aria-live="polite" data-testid="bulk-figures">
        <strong>{percent}%</strong> · {op.succeeded.toLocaleString("en-US")} succeeded · {op.failed.toLocaleString("en-US")} failed
        {op.skipped > 0 && ` · ${op.skipped.toLocaleString("en-US")} skipped (stopped)`}
        {!finished(op) && ` · ${op.pending.toLocaleString("en-US")} to go`}
        {finished(op) && (op.status === "canceled" ? " · stopped" : " · done")}
      </p>
      {op.failures.length > 0 && (
        <div className="table-wrap" style={{ marginBottom: "0.75rem" }}>
          <table className="cases" data-testid="bulk-failures">
            <caption className="sr-only">Cases that failed</caption>
            <thead>
              <tr>
                <th scope="col">Case</th>
                <th scope="col">Why it failed</th>
              </tr>
            </thead>
            <tbody>
              {op.failures.map((f) => (
                <tr key={f.runtimeId}>
                  <td>
                    <Link href={`/cases/${f.runtimeId}`}>{f.runtimeId.slice(0, 8)}</Link>
                  </td>
                  <td className="bulk-problem" title={f.problem.detail}>
                    <strong>{f.problem.title}</strong> {f.problem.detail}
                    {f.problem.errors?.map((e) => ` ${e.path}: ${e.message}`).join(";")}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {op.failed > op.failures.length && <p className="hint">…and {(op.failed - op.failures.length).toLocaleString("en-US")} more, not listed.</p>}
        </div>
      )}
      <div className="actions">
        {finished(op) ? (
          <button type="button" className="btn btn-small" onClick={onClose} data-testid="bulk-close">
            Done
          </button>
        ) : (
          <button type="button" className="btn btn-small btn-secondary" disabled={stopping} onClick={stop} data-testid="bulk-stop">
            {stopping ? "Stopping…" : "Stop"}
          </button>
        )}
      </div>
      <ActionProblem problem={stopProblem} />
    </section>
  );
}
