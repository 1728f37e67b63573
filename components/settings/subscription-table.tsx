"use client";

import { sendJson } from "@/components/ui/api-client";
import { Time } from "@/components/ui/time";
import type { SubscriptionView } from "@/lib/webhooks/subscriptions";
import { ConfirmButton } from "./confirm-button";
import { RowButton } from "./row-button";
import { SettingsTable, type TableSpec } from "./settings-table";
import { useSettingsAction } from "./use-settings-action";

const SPEC: TableSpec<SubscriptionView> = {
  caption: "Webhook subscriptions",
  testId: "subscription-table",
  inactive: (s) => !s.active,
  columns: [
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
  ],
};

/** Project-level subscriptions: receiver, events, status; pause/enable and delete (asked twice). */
export function SubscriptionTable({ subscriptions }: { subscriptions: SubscriptionView[] }) {
  const toggle = useSettingsAction(
    (v: { id: string; active: boolean }) => sendJson("PATCH", `/api/backoffice/webhooks/subscriptions/${v.id}`, { active: v.active }),
    undefined,
    (v) => v.id,
  );
  const remove = useSettingsAction((id: string) => sendJson("DELETE", `/api/backoffice/webhooks/subscriptions/${id}`));
  return (
    <SettingsTable spec={SPEC} rows={subscriptions} problem={toggle.error ?? remove.error}>
      {(s) => (
        <div className="actions">
          <RowButton label={s.active ? "Pause" : "Enable"} ariaLabel={`${s.active ? "Pause" : "Enable"} ${s.url}`} action={toggle.on({ id: s.id, active: !s.active })} />
          <ConfirmButton label="Delete" ariaLabel={`Delete ${s.url}`} question="Delete this subscription? Pending deliveries to it are not sent." action={remove.on(s.id)} />
        </div>
      )}
    </SettingsTable>
  );
}
