"use client";

import Link from "next/link";
import { sendJson } from "@/components/ui/api-client";
import { Time } from "@/components/ui/time";
import type { DeliveryView } from "@/lib/webhooks/deliveries";
import { RowButton } from "./row-button";
import { SettingsTable, type TableSpec } from "./settings-table";
import { useSettingsAction } from "./use-settings-action";

const TONE: Record<string, string> = { succeeded: "badge-ok", failed: "badge-danger", pending: "badge-info" };

const SPEC: TableSpec<DeliveryView> = {
  caption: "Recent webhook deliveries, newest first",
  testId: "delivery-table",
  columns: [
    { header: "Event", className: "mono", title: (d) => `${d.eventName} (event ${d.eventId}), created ${d.createdAt}`, cell: (d) => d.eventName },
    { header: "Case", cell: (d) => (d.workflowRuntimeId ? <Link href={`/cases/${d.workflowRuntimeId}`}>{d.workflowRuntimeId.slice(0, 8)}</Link> : "–") },
    { header: "Receiver", fill: true, className: "mono", title: (d) => d.url, cell: (d) => d.url },
    { header: "Status", cell: (d) => <span className={`badge ${TONE[d.status] ?? ""}`}>{d.status}</span> },
    { header: "Attempts", cell: (d) => d.attempts },
    { header: "Last response", title: (d) => d.lastError ?? undefined, cell: (d) => d.lastResponseCode ?? (d.lastError ? "error" : "–") },
    { header: "Next attempt", cell: (d) => (d.status === "pending" ? <Time iso={d.nextAttemptAt} /> : <span className="muted">–</span>) },
  ],
};

/** Recent system webhook deliveries: status, attempts, last response, next attempt, and Redeliver. */
export function DeliveryTable({ deliveries }: { deliveries: DeliveryView[] }) {
  const redeliver = useSettingsAction((id: string) => sendJson("POST", `/api/backoffice/webhooks/deliveries/${id}/redeliver`));
  return (
    <SettingsTable spec={SPEC} rows={deliveries} problem={redeliver.error} footer={<QueuedStatus shown={redeliver.isSuccess} />}>
      {(d) => <RowButton label="Redeliver" pendingLabel="Queuing…" ariaLabel={`Redeliver ${d.eventName} to ${d.url}`} action={redeliver.on(d.id)} />}
    </SettingsTable>
  );
}

/** Announced once a redelivery is queued (the line is always there, so screen readers hear the change). */
function QueuedStatus({ shown }: { shown: boolean }) {
  return (
    <p role="status" className="hint">
      {shown ? "Redelivery queued: the worker sends it within seconds." : ""}
    </p>
  );
}
