"use client";

import Link from "next/link";
import { sendJson } from "@/components/ui/api-client";
import { Time } from "@/components/ui/time";
import type { DeliveryView } from "@/lib/webhooks/deliveries";
import { SettingsTable, type Column } from "./settings-table";
import { useSettingsAction } from "./use-settings-action";

const TONE: Record<string, string> = { succeeded: "badge-ok", failed: "badge-danger", pending: "badge-info" };

const COLUMNS: Column<DeliveryView>[] = [
  { header: "Event", className: "mono", title: (d) => `${d.eventName} (event ${d.eventId}), created ${d.createdAt}`, cell: (d) => d.eventName },
  { header: "Case", cell: (d) => (d.workflowRuntimeId ? <Link href={`/cases/${d.workflowRuntimeId}`}>{d.workflowRuntimeId.slice(0, 8)}</Link> : "–") },
  { header: "Receiver", fill: true, className: "mono", title: (d) => d.url, cell: (d) => d.url },
  { header: "Status", cell: (d) => <span className={`badge ${TONE[d.status] ?? ""}`}>{d.status}</span> },
  { header: "Attempts", cell: (d) => d.attempts },
  { header: "Last response", title: (d) => d.lastError ?? undefined, cell: (d) => d.lastResponseCode ?? (d.lastError ? "error" : "–") },
  { header: "Next attempt", cell: (d) => (d.status === "pending" ? <Time iso={d.nextAttemptAt} /> : <span className="muted">–</span>) },
];

/** Recent system webhook deliveries: status, attempts, last response, next attempt, and Redeliver. */
export function DeliveryTable({ deliveries }: { deliveries: DeliveryView[] }) {
  const redeliver = useSettingsAction((id: string) => sendJson("POST", `/api/backoffice/webhooks/deliveries/${id}/redeliver`));
  const queuing = (id: string) => redeliver.isPending && redeliver.variables === id;
  return (
    <SettingsTable
      caption="Recent webhook deliveries, newest first"
      testId="delivery-table"
      columns={COLUMNS}
      rows={deliveries}
      rowKey={(d) => d.id}
      problem={redeliver.error}
      actions={(d) => (
        <button type="button" className="btn btn-small btn-secondary" aria-label={`Redeliver ${d.eventName} to ${d.url}`} disabled={queuing(d.id)} onClick={() => redeliver.mutate(d.id)}>
          {queuing(d.id) ? "Queuing…" : "Redeliver"}
        </button>
      )}
    >
      <p role="status" className="hint">
        {redeliver.isSuccess ? "Redelivery queued: the worker sends it within seconds." : ""}
      </p>
    </SettingsTable>
  );
}
