"use client";

import { Time } from "@/components/ui/time";
import type { SubscriptionView } from "@/lib/webhooks/subscriptions";
import { ConfirmButton } from "./confirm-button";
import { FormProblem } from "./form-problem";
import { sendJson } from "@/components/ui/api-client";
import { useSettingsAction } from "./use-settings-action";

/** Project-level subscriptions: receiver, events, status; pause/enable and delete (asked twice). */
export function SubscriptionTable({ subscriptions }: { subscriptions: SubscriptionView[] }) {
  const toggle = useSettingsAction((v: { id: string; active: boolean }) => sendJson("PATCH", `/api/backoffice/webhooks/subscriptions/${v.id}`, { active: v.active }));
  const remove = useSettingsAction((id: string) => sendJson("DELETE", `/api/backoffice/webhooks/subscriptions/${id}`));
  return (
    <>
      <div className="table-wrap">
        <table className="list" data-testid="subscription-table">
          <caption className="sr-only">Webhook subscriptions</caption>
          <thead>
            <tr>
              <th scope="col" className="fill">Receiver</th>
              <th scope="col">Events</th>
              <th scope="col">Status</th>
              <th scope="col">Created</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {subscriptions.map((s) => (
              <tr key={s.id} className={s.active ? undefined : "inactive"} data-testid="subscription-row">
                <th scope="row" className="mono fill" title={s.url}>
                  {s.url}
                </th>
                <td className="wrap mono">{s.events.join(", ")}</td>
                <td>
                  {s.active ? (
                    <span className="badge badge-ok">active</span>
                  ) : (
                    <span className="badge badge-review" title={s.disabledReason ?? undefined}>
                      paused
                    </span>
                  )}
                </td>
                <td>
                  <Time iso={s.createdAt} />
                </td>
                <td>
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
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <FormProblem problem={toggle.error ?? remove.error} />
    </>
  );
}
