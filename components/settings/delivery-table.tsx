"use client";

import Link from "next/link";
import { Time } from "@/components/ui/time";
import type { DeliveryView } from "@/lib/webhooks/deliveries";
import { FormProblem } from "./form-problem";
import { sendJson } from "@/components/ui/api-client";
import { useSettingsAction } from "./use-settings-action";

const TONE: Record<string, string> = { succeeded: "badge-ok", failed: "badge-danger", pending: "badge-info" };

/** Recent system webhook deliveries: status, attempts, last response, next attempt, and Redeliver. */
export function DeliveryTable({ deliveries }: { deliveries: DeliveryView[] }) {
  const redeliver = useSettingsAction((id: string) => sendJson("POST", `/api/backoffice/webhooks/deliveries/${id}/redeliver`));
  return (
    <>
      <div className="table-wrap">
        <table className="list" data-testid="delivery-table">
          <caption className="sr-only">Recent webhook deliveries, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">Case</th>
              <th scope="col" className="fill">Receiver</th>
              <th scope="col">Status</th>
              <th scope="col">Attempts</th>
              <th scope="col">Last response</th>
              <th scope="col">Next attempt</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {deliveries.map((d) => (
              <tr key={d.id} data-testid="delivery-row">
                <th scope="row" className="mono" title={`${d.eventName} (event ${d.eventId}), created ${d.createdAt}`}>
                  {d.eventName}
                </th>
                <td>{d.workflowRuntimeId ? <Link href={`/cases/${d.workflowRuntimeId}`}>{d.workflowRuntimeId.slice(0, 8)}</Link> : "–"}</td>
                <td className="mono fill" title={d.url}>
                  {d.url}
                </td>
                <td>
                  <span className={`badge ${TONE[d.status] ?? ""}`}>{d.status}</span>
                </td>
                <td>{d.attempts}</td>
                <td title={d.lastError ?? undefined}>{d.lastResponseCode ?? (d.lastError ? "error" : "–")}</td>
                <td>{d.status === "pending" ? <Time iso={d.nextAttemptAt} /> : <span className="muted">–</span>}</td>
                <td>
                  <button
                    type="button"
                    className="btn btn-small btn-secondary"
                    aria-label={`Redeliver ${d.eventName} to ${d.url}`}
                    disabled={redeliver.isPending && redeliver.variables === d.id}
                    onClick={() => redeliver.mutate(d.id)}
                  >
                    {redeliver.isPending && redeliver.variables === d.id ? "Queuing…" : "Redeliver"}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p role="status" className="hint">
        {redeliver.isSuccess ? "Redelivery queued: the worker sends it within seconds." : ""}
      </p>
      <FormProblem problem={redeliver.error} />
    </>
  );
}
