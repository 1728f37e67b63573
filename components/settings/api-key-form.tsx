"use client";

import { useId, useState } from "react";
import { fieldError, sendJson } from "@/components/ui/api-client";
import { Field } from "./field";
import { SettingsForm } from "./settings-form";
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
  return (
    <SettingsForm
      title="Create an API key"
      submit={{ label: "Create key", pending: "Creating…" }}
      action={create}
      shown={["/name"]}
      replacement={created && <ShownOnce label={`New API key “${created.name}”`} value={created.key} onDismiss={() => setCreated(null)} />}
      onSubmit={() => create.mutate({ name })}
    >
      <Field
        id={`${id}-name`}
        label="Name"
        type="text"
        value={name}
        maxLength={100}
        onChange={(e) => setName(e.target.value)}
        error={fieldError(create.error, "/name")}
        hint={
          <>
            Who or what will use it, e.g. “CRM integration”. Calls authenticate with <code className="mono">Authorization: Bearer &lt;key&gt;</code>.
          </>
        }
      />
    </SettingsForm>
  );
}
