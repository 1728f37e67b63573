"use client";

import { useState } from "react";
import { sendJson } from "@/components/ui/api-client";
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

/** Create an API key; the new key is shown once, with a copy button, until dismissed. */
export function ApiKeyForm() {
  const fields = useFields({ name: "" });
  const [created, setCreated] = useState<Created | null>(null);
  const create = useSettingsAction((body: { name: string }) => sendJson<Created>("POST", "/api/backoffice/api-keys", body), (result) => {
    setCreated(result);
    fields.reset();
  });
  return (
    <SettingsForm
      title="Create an API key"
      submit={{ label: "Create key", pending: "Creating…" }}
      action={create}
      shown={["/name"]}
      replacement={created && <ShownOnce label={`New API key “${created.name}”`} value={created.key} onDismiss={() => setCreated(null)} />}
      onSubmit={() => create.mutate(fields.values)}
    >
      <Field label="Name" type="text" maxLength={100} {...fields.props("name", create.error)} hint={NAME_HINT} />
    </SettingsForm>
  );
}
