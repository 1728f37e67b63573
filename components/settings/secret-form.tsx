"use client";

import { useId, useState } from "react";
import { FormProblem } from "./form-problem";
import { fieldError, sendJson } from "@/components/ui/api-client";
import { useSettingsAction } from "./use-settings-action";

/**
 * Set a secret: a name and a value (a password input, cleared after saving). The value goes to the server
 * once and is never shown again; setting an existing name replaces its value.
 */
export function SecretForm() {
  const id = useId();
  const [name, setName] = useState("");
  const [value, setValue] = useState("");
  const [saved, setSaved] = useState<string | null>(null);
  const set = useSettingsAction(
    (body: { name: string; value: string }) => sendJson("PUT", `/api/backoffice/secrets/${encodeURIComponent(body.name)}`, { value: body.value }),
    (_r, body) => {
      setSaved(body.name);
      setName("");
      setValue("");
    },
  );
  const nameError = fieldError(set.error, "/name") ?? (set.error && !name.trim() ? "enter a name" : undefined);
  const valueError = fieldError(set.error, "/value");
  return (
    <section className="panel" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Set a secret</h2>
      <form
        className="settings-form"
        noValidate
        autoComplete="off"
        onSubmit={(e) => {
          e.preventDefault();
          setSaved(null);
          set.mutate({ name: name.trim(), value });
        }}
      >
        <div className="form-row">
          <label htmlFor={`${id}-name`}>Name</label>
          <input
            id={`${id}-name`}
            type="text"
            className="mono"
            value={name}
            maxLength={64}
            autoCapitalize="characters"
            spellCheck={false}
            onChange={(e) => setName(e.target.value.toUpperCase())}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={`${id}-name-hint${nameError ? ` ${id}-name-error` : ""}`}
          />
          <span id={`${id}-name-hint`} className="hint">
            Upper-case letters, digits and “_”, e.g. REGISTRY_API_KEY. Plugins reference it as <code className="mono">{"{secret.NAME}"}</code>.
          </span>
          {nameError && (
            <span id={`${id}-name-error`} className="field-error">
              {nameError}
            </span>
          )}
        </div>
        <div className="form-row">
          <label htmlFor={`${id}-value`}>Value</label>
          <input
            id={`${id}-value`}
            type="password"
            value={value}
            autoComplete="new-password"
            onChange={(e) => setValue(e.target.value)}
            aria-invalid={valueError ? true : undefined}
            aria-describedby={`${id}-value-hint${valueError ? ` ${id}-value-error` : ""}`}
          />
          <span id={`${id}-value-hint`} className="hint">
            Stored encrypted; it is never shown again, here or through the API. Setting an existing name replaces its value.
          </span>
          {valueError && (
            <span id={`${id}-value-error`} className="field-error">
              {valueError}
            </span>
          )}
        </div>
        <div className="actions">
          <button type="submit" className="btn" disabled={set.isPending}>
            {set.isPending ? "Saving…" : "Save secret"}
          </button>
        </div>
        <p role="status" className="hint" data-testid="secret-status">
          {saved ? `Secret ${saved} saved.` : ""}
        </p>
        <FormProblem problem={set.error} shown={["/name", "/value"]} />
      </form>
    </section>
  );
}
