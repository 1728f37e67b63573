"use client";

import { useState } from "react";
import { sendJson } from "@/components/ui/api-client";
import { API_SCOPE_DESCRIPTIONS, API_SCOPES, DEFAULT_KEY_SCOPES, type ApiScope } from "@/lib/api-contract/scopes";
import { Field } from "./field";
import { SettingsForm } from "./settings-form";
import { ShownOnce } from "./shown-once";
import { useFields } from "./use-fields";
import { useSettingsAction } from "./use-settings-action";

const NAME_HINT = (
  <>
    Who or what will use it, e.g. “CRM integration”. Calls authenticate with <code className="mono">Authorization: Bearer &lt;key&gt;</code>.
  </>
);

interface Created {
  id: string;
  key: string;
  prefix: string;
  name: string;
}

interface CreateBody {
  name: string;
  scopes: ApiScope[];
  expiresAt: string | null;
}

/** The end of the chosen day in the browser's time zone, as the API takes it; empty: no expiry. */
const endOfDay = (date: string) => (date ? new Date(`${date}T23:59:59.999`).toISOString() : null);

/**
 * Create an API key: a name, the scopes it holds (running cases by default; configuration only when ticked) and
 * an optional last day. The new key is shown once, with a copy button, until dismissed.
 */
export function ApiKeyForm() {
  const fields = useFields({ name: "", expires: "" });
  const [scopes, setScopes] = useState<ApiScope[]>(DEFAULT_KEY_SCOPES);
  const [created, setCreated] = useState<Created | null>(null);
  const create = useSettingsAction((body: CreateBody) => sendJson<Created>("POST", "/api/backoffice/api-keys", body), (result) => {
    setCreated(result);
    fields.reset();
    setScopes(DEFAULT_KEY_SCOPES);
  });
  const expires = fields.props("expires", create.error);
  const expiresError = create.error?.errors.find((e) => e.path === "/expiresAt")?.message;
  const scopesError = create.error?.errors.find((e) => e.path.startsWith("/scopes"))?.message;
  const toggle = (scope: ApiScope, on: boolean) => setScopes((s) => (on ? [...s, scope] : s.filter((x) => x !== scope)));
  return (
    <SettingsForm
      title="Create an API key"
      submit={{ label: "Create key", pending: "Creating…" }}
      action={create}
      shown={create.error?.errors.map((e) => e.path).filter((p) => p === "/name" || p === "/expiresAt" || p.startsWith("/scopes")) ?? []}
      replacement={created && <ShownOnce label={`New API key “${created.name}”`} value={created.key} onDismiss={() => setCreated(null)} />}
      onSubmit={() => create.mutate({ name: fields.values.name, scopes: API_SCOPES.filter((s) => scopes.includes(s)), expiresAt: endOfDay(fields.values.expires) })}
    >
      <Field label="Name" type="text" maxLength={100} {...fields.props("name", create.error)} hint={NAME_HINT} />
      <fieldset aria-describedby={`${expires.id}-scopes-hint${scopesError ? ` ${expires.id}-scopes-error` : ""}`}>
        <legend>Scopes</legend>
        {API_SCOPES.map((scope) => (
          <label key={scope} className="check">
            <input type="checkbox" checked={scopes.includes(scope)} onChange={(e) => toggle(scope, e.target.checked)} />
            <span>
              <span className="mono">{scope}</span> <span className="hint">– {API_SCOPE_DESCRIPTIONS[scope]}</span>
            </span>
          </label>
        ))}
        <span id={`${expires.id}-scopes-hint`} className="hint">
          Grant only what the system using the key needs; a call outside its scopes is refused with 403.
        </span>
        {scopesError && (
          <span id={`${expires.id}-scopes-error`} className="field-error">
            {scopes.length === 0 ? "Choose at least one scope." : scopesError}
          </span>
        )}
      </fieldset>
      <Field label="Expires after (optional)" type="date" {...expires} error={expiresError} hint="The key stops working at the end of this day; leave empty for a key that does not expire." />
    </SettingsForm>
  );
}
