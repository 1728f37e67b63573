"use client";

import { useId, useState } from "react";
import { FormProblem } from "./form-problem";
import { fieldError, sendJson } from "@/components/ui/api-client";
import { ShownOnce } from "./shown-once";
import { useSettingsAction } from "./use-settings-action";

interface Created {
  id: string;
  key: string;
  prefix: string;
  name: string;
}

/** Create an API key; the new key is shown once, with a copy button, until dismissed. */
export function ApiKeyForm() {
  const id = useId();
  const [name, setName] = useState("");
  const [created, setCreated] = useState<Created | null>(null);
  const create = useSettingsAction((body: { name: string }) => sendJson<Created>("POST", "/api/backoffice/api-keys", body), (result) => {
    setCreated(result);
    setName("");
  });
  const nameError = fieldError(create.error, "/name");
  return (
    <section className="panel" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Create an API key</h2>
      {created ? (
        <ShownOnce label={`New API key “${created.name}”`} value={created.key} onDismiss={() => setCreated(null)} />
      ) : (
        <form
          className="settings-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate({ name });
          }}
        >
          <div className="form-row">
            <label htmlFor={`${id}-name`}>Name</label>
            <input
              id={`${id}-name`}
              type="text"
              value={name}
              maxLength={100}
              onChange={(e) => setName(e.target.value)}
              aria-invalid={nameError ? true : undefined}
              aria-describedby={`${id}-name-hint${nameError ? ` ${id}-name-error` : ""}`}
            />
            <span id={`${id}-name-hint`} className="hint">
              Who or what will use it, e.g. “CRM integration”. Calls authenticate with <code className="mono">Authorization: Bearer &lt;key&gt;</code>.
            </span>
            {nameError && (
              <span id={`${id}-name-error`} className="field-error">
                {nameError}
              </span>
            )}
          </div>
          <div className="actions">
            <button type="submit" className="btn" disabled={create.isPending}>
              {create.isPending ? "Creating…" : "Create key"}
            </button>
          </div>
          <FormProblem problem={create.error} shown={["/name"]} />
        </form>
      )}
    </section>
  );
}
