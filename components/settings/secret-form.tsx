"use client";

import { useId, useState } from "react";
import { fieldError, sendJson } from "@/components/ui/api-client";
import { Field } from "./field";
import { SettingsForm } from "./settings-form";
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
        set.mutate({ name: name.trim(), value });
      }}
    >
      <Field
        id={`${id}-name`}
        label="Name"
        type="text"
        className="mono"
        value={name}
        maxLength={64}
        autoCapitalize="characters"
        spellCheck={false}
        onChange={(e) => setName(e.target.value.toUpperCase())}
        error={fieldError(set.error, "/name") ?? (set.error && !name.trim() ? "enter a name" : undefined)}
        hint={
          <>
            Upper-case letters, digits and “_”, e.g. REGISTRY_API_KEY. Plugins reference it as <code className="mono">{"{secret.NAME}"}</code>.
          </>
        }
      />
      <Field
        id={`${id}-value`}
        label="Value"
        type="password"
        value={value}
        autoComplete="new-password"
        onChange={(e) => setValue(e.target.value)}
        error={fieldError(set.error, "/value")}
        hint="Stored encrypted; it is never shown again, here or through the API. Setting an existing name replaces its value."
      />
    </SettingsForm>
  );
}
