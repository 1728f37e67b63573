"use client";

import Link from "next/link";
import { sendJson } from "@/components/ui/api-client";
import { Time } from "@/components/ui/time";
import type { JobView } from "@/lib/jobs/failed-jobs";
import { RowButton } from "./row-button";
import { SettingsTable, type TableSpec } from "./settings-table";
import { useSettingsAction } from "./use-settings-action";

const KIND: Record<string, string> = { api_plugin: "Plugin call", webhook_plugin: "Webhook plugin", webhook_delivery: "System webhook", auto_assign: "Automatic assignment" };

const SPEC: TableSpec<JobView> = {
  caption: "Jobs that exhausted their attempts, newest first",
  testId: "failed-job-table",
  rowKey: (j) => String(j.id),
  columns: [
    { header: "Job", className: "mono", cell: (j) => j.id },
    { header: "Kind", title: (j) => j.kind, cell: (j) => `${KIND[j.kind] ?? j.kind}${j.pluginName ? `: ${j.pluginName}` : ""}` },
    { header: "Case", cell: (j) => (j.workflowRuntimeId ? <Link href={`/cases/${j.workflowRuntimeId}`}>{j.workflowRuntimeId.slice(0, 8)}</Link> : "–") },
    { header: "Last error", fill: true, title: (j) => j.lastError ?? undefined, cell: (j) => j.lastError ?? "–" },
    { header: "Attempts", cell: (j) => `${j.attempts}/${j.maxAttempts}` },
    { header: "Failed", cell: (j) => <Time iso={j.finishedAt} /> },
  ],
};

/** Failed jobs (plugin calls, webhook plugins, system webhooks) with Retry: the job runs again at once. */
export function FailedJobTable({ jobs }: { jobs: JobView[] }) {
  const retry = useSettingsAction((id: number) => sendJson("POST", `/api/backoffice/jobs/${id}/retry`));
  return (
    <SettingsTable spec={SPEC} rows={jobs} problem={retry.error} footer={<p role="status" className="hint">{retry.isSuccess ? "Retry queued: a worker runs the job within seconds." : ""}</p>}>
      {(j) => <RowButton label="Retry" pendingLabel="Queuing…" ariaLabel={`Retry job ${j.id} (${KIND[j.kind] ?? j.kind})`} action={retry.on(j.id)} />}
    </SettingsTable>
  );
}
