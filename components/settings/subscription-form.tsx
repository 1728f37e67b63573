"use client";

import { useState } from "react";
import { sendJson } from "@/components/ui/api-client";
import { Field } from "./field";
import { SettingsForm } from "./settings-form";
import { useFields } from "./use-fields";
import { useSettingsAction } from "./use-settings-action";

const DESCRIPTIONS: Record<string, string> = {
  "workflow.state.changed": "a case moves to another state",
  "workflow.context.changed": "a case's context changes",
  "workflow.completed": "a case reaches its final state (with workflowFinalState and document decisions)",
  "workflow.context.document.changed": "documents are updated or a case is approved or rejected",
};

/** Subscribe a receiver URL to events of every workflow of the project (customer level). */
export function SubscriptionForm({ events }: { events: string[] }) {
  const fields = useFields({ url: "" });
  const [chosen, setChosen] = useState<string[]>(["workflow.completed"]);
  const create = useSettingsAction((body: { url: string; events: string[] }) => sendJson("POST", "/api/backoffice/webhooks/subscriptions", body), () => fields.reset());
  const url = fields.props("url", create.error);
  const eventsError = create.error?.errors.find((e) => e.path.startsWith("/events"))?.message;
  const toggle = (name: string, on: boolean) => setChosen((c) => (on ? [...c, name] : c.filter((n) => n !== name)));
  return (
    <SettingsForm
      title="Add a subscription"
      submit={{ label: "Add subscription", pending: "Adding…" }}
      action={create}
      shown={create.error?.errors.map((e) => e.path).filter((p) => p === "/url" || p.startsWith("/events")) ?? []}
      onSubmit={() => create.mutate({ url: url.value.trim(), events: chosen })}
    >
      <Field label="Receiver URL" type="url" inputMode="url" placeholder="https://example.com/webhooks/kyc" maxLength={2000} {...url} hint="Deliveries are signed with the project's signing secret. Use HTTPS." />
      <fieldset aria-describedby={eventsError ? `${url.id}-events-error` : undefined}>
        <legend>Events</legend>
        {events.map((name) => (
          <label key={name} className="check">
            <input type="checkbox" checked={chosen.includes(name)} onChange={(e) => toggle(name, e.target.checked)} />
            <span>
              <span className="mono">{name}</span> <span className="hint">– {DESCRIPTIONS[name] ?? ""}</span>
            </span>
          </label>
        ))}
        {eventsError && (
          <span id={`${url.id}-events-error`} className="field-error">
            {chosen.length === 0 ? "Choose at least one event." : eventsError}
          </span>
        )}
      </fieldset>
    </SettingsForm>
  );
}
