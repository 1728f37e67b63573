"use client";

import { useState } from "react";
import { sendJson } from "@/components/ui/api-client";
import { Field } from "./field";
import { SettingsForm } from "./settings-form";
import { useFields } from "./use-fields";
import { useSettingsAction } from "./use-settings-action";

const NAME_HINT = (
  <>
    Upper-case letters, digits and “_”, e.g. REGISTRY_API_KEY. Plugins reference it as <code className="mono">{"{secret.NAME}"}</code>.
  </>
);

/**
 * Set a secret: a name and a value (a password input, cleared after saving). The value goes to the server
 * once and is never shown again; setting an existing name replaces its value.
 */
export function SecretForm() {
  const fields = useFields({ name: "", value: "" });
  const [saved, setSaved] = useState<string | null>(null);
  const set = useSettingsAction(
    (body: { name: string; value: string }) => sendJson("PUT", `/api/backoffice/secrets/${encodeURIComponent(body.name)}`, { value: body.value }),
    (_r, body) => {
      setSaved(body.name);
      fields.reset();
    },
  );
  const name = fields.props("name", set.error, (typed) => typed.toUpperCase());
  return (
    <SettingsForm
      title="Set a secret"
      submit={{ label: "Save secret", pending: "Saving…" }}
      action={set}
      shown={["/name", "/value"]}
      status={{ text: saved ? `Secret ${saved} saved.` : "", testId: "secret-status" }}
      autoComplete="off"
      onSubmit={() => {
        setSaved(null);
        set.mutate({ name: fields.values.name.trim(), value: fields.values.value });
      }}
    >
      <Field
        label="Name"
        type="text"
        className="mono"
        maxLength={64}
        autoCapitalize="characters"
        spellCheck={false}
        {...name}
        error={name.error ?? (set.error && !name.value.trim() ? "enter a name" : undefined)}
        hint={NAME_HINT}
      />
      <Field
        label="Value"
        type="password"
        autoComplete="new-password"
        {...fields.props("value", set.error)}
        hint="Stored encrypted; it is never shown again, here or through the API. Setting an existing name replaces its value."
      />
    </SettingsForm>
  );
}
