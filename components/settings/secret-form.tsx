"use client";

import { useState } from "react";
import { sendJson } from "@/components/ui/api-client";
import { Field } from "./field";
import { hostListError, parseHostList } from "./host-list";
import { SettingsForm } from "./settings-form";
import { useFields } from "./use-fields";
import { useSettingsAction } from "./use-settings-action";

const NAME_HINT = (
  <>
    Upper-case letters, digits and “_”, e.g. REGISTRY_API_KEY. Plugins reference it as <code className="mono">{"{secret.NAME}"}</code>.
  </>
);

const HOSTS_HINT = "The only hosts plugins may send it to, e.g. api.vendor.example, *.vendor.example:8443. Leave empty to keep an existing secret's hosts (a new one is then sent wherever a plugin calls).";

/**
 * Set a secret: a name, a value (a password input, cleared after saving) and optionally the hosts it may be sent
 * to. The value goes to the server once and is never shown again; setting an existing name replaces its value.
 */
export function SecretForm() {
  const fields = useFields({ name: "", value: "", hosts: "" });
  const [saved, setSaved] = useState<string | null>(null);
  const set = useSettingsAction(
    (body: { name: string; value: string; hosts: string }) => {
      const allowedHosts = parseHostList(body.hosts);
      return sendJson("PUT", `/api/backoffice/secrets/${encodeURIComponent(body.name)}`, { value: body.value, ...(allowedHosts ? { allowedHosts } : {}) });
    },
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
      shown={["/name", "/value", ...(set.error?.errors.map((e) => e.path).filter((p) => p.startsWith("/allowedHosts")) ?? [])]}
      status={{ text: saved ? `Secret ${saved} saved.` : "", testId: "secret-status" }}
      autoComplete="off"
      onSubmit={() => {
        setSaved(null);
        set.mutate({ name: fields.values.name.trim(), value: fields.values.value, hosts: fields.values.hosts });
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
      <Field label="Sent only to (optional)" type="text" className="mono" spellCheck={false} {...fields.props("hosts", set.error)} error={hostListError(set.error)} hint={HOSTS_HINT} />
    </SettingsForm>
  );
}
