"use client";

import { useId, useState } from "react";
import { FormProblem } from "./form-problem";
import { fieldError, sendJson } from "@/components/ui/api-client";
import { useSettingsAction } from "./use-settings-action";

const DESCRIPTIONS: Record<string, string> = {
  "workflow.state.changed": "a case moves to another state",
  "workflow.context.changed": "a case's context changes",
  "workflow.completed": "a case reaches its final state (with workflowFinalState and document decisions)",
  "workflow.context.document.changed": "documents are updated or a case is approved or rejected",
};

/** Subscribe a receiver URL to events of every workflow of the project (customer level). */
export function SubscriptionForm({ events }: { events: string[] }) {
  const id = useId();
  const [url, setUrl] = useState("");
  const [chosen, setChosen] = useState<string[]>(["workflow.completed"]);
  const create = useSettingsAction((body: { url: string; events: string[] }) => sendJson("POST", "/api/backoffice/webhooks/subscriptions", body), () => setUrl(""));
  const urlError = fieldError(create.error, "/url");
  const eventsError = create.error?.errors.find((e) => e.path.startsWith("/events"))?.message;
  const toggle = (name: string, on: boolean) => setChosen((c) => (on ? [...c, name] : c.filter((n) => n !== name)));
  return (
    <section className="panel" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Add a subscription</h2>
      <form
        className="settings-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate({ url: url.trim(), events: chosen });
        }}
      >
        <div className="form-row">
          <label htmlFor={`${id}-url`}>Receiver URL</label>
          <input
            id={`${id}-url`}
            type="url"
            inputMode="url"
            placeholder="https://example.com/webhooks/kyc"
            value={url}
            maxLength={2000}
            onChange={(e) => setUrl(e.target.value)}
            aria-invalid={urlError ? true : undefined}
            aria-describedby={`${id}-url-hint${urlError ? ` ${id}-url-error` : ""}`}
          />
          <span id={`${id}-url-hint`} className="hint">
            Deliveries are signed with the project&apos;s signing secret. Use HTTPS.
          </span>
          {urlError && (
            <span id={`${id}-url-error`} className="field-error">
              {urlError}
            </span>
          )}
        </div>
        <fieldset aria-describedby={eventsError ? `${id}-events-error` : undefined}>
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
            <span id={`${id}-events-error`} className="field-error">
              {chosen.length === 0 ? "Choose at least one event." : eventsError}
            </span>
          )}
        </fieldset>
        <div className="actions">
          <button type="submit" className="btn" disabled={create.isPending}>
            {create.isPending ? "Adding…" : "Add subscription"}
          </button>
        </div>
        <FormProblem problem={create.error} shown={create.error?.errors.map((e) => e.path).filter((p) => p === "/url" || p.startsWith("/events")) ?? []} />
      </form>
    </section>
  );
}
