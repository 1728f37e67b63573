"use client";

import { sendJson } from "@/components/ui/api-client";
import { Time } from "@/components/ui/time";
import type { SubscriptionView } from "@/lib/webhooks/subscriptions";
import { ConfirmButton } from "./confirm-button";
import { SettingsTable, type Column } from "./settings-table";
import { useSettingsAction } from "./use-settings-action";

const COLUMNS: Column<SubscriptionView>[] = [
  { header: "Receiver", fill: true, className: "mono", title: (s) => s.url, cell: (s) => s.url },
  { header: "Events", className: "wrap mono", cell: (s) => s.events.join(", ") },
  {
    header: "Status",
    cell: (s) =>
      s.active ? (
        <span className="badge badge-ok">active</span>
      ) : (
        <span className="badge badge-review" title={s.disabledReason ?? undefined}>
          paused
        </span>
      ),
  },
  { header: "Created", cell: (s) => <Time iso={s.createdAt} /> },
];

/** Project-level subscriptions: receiver, events, status; pause/enable and delete (asked twice). */
export function SubscriptionTable({ subscriptions }: { subscriptions: SubscriptionView[] }) {
  const toggle = useSettingsAction((v: { id: string; active: boolean }) => sendJson("PATCH", `/api/backoffice/webhooks/subscriptions/${v.id}`, { active: v.active }));
  const remove = useSettingsAction((id: string) => sendJson("DELETE", `/api/backoffice/webhooks/subscriptions/${id}`));
  return (
    <SettingsTable
      caption="Webhook subscriptions"
      testId="subscription-table"
      columns={COLUMNS}
      rows={subscriptions}
      rowKey={(s) => s.id}
      inactive={(s) => !s.active}
      problem={toggle.error ?? remove.error}
      actions={(s) => (
        <div className="actions">
          <button
            type="button"
            className="btn btn-small btn-secondary"
            aria-label={`${s.active ? "Pause" : "Enable"} ${s.url}`}
            disabled={toggle.isPending && toggle.variables?.id === s.id}
            onClick={() => toggle.mutate({ id: s.id, active: !s.active })}
          >
            {s.active ? "Pause" : "Enable"}
          </button>
          <ConfirmButton
            label="Delete"
            ariaLabel={`Delete ${s.url}`}
            question="Delete this subscription? Pending deliveries to it are not sent."
            confirmLabel="Yes, delete"
            pending={remove.isPending && remove.variables === s.id}
            onConfirm={() => remove.mutate(s.id)}
          />
        </div>
      )}
    />
  );
}
