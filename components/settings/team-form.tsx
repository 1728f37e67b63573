"use client";

import { useState } from "react";
import { sendJson } from "@/components/ui/api-client";
import { Field } from "./field";
import { SettingsForm } from "./settings-form";
import { useFields } from "./use-fields";
import { useSettingsAction } from "./use-settings-action";

const NAME_HINT = "Unique in the project regardless of case, e.g. Senior. Queues are restricted to teams through the filters API (teamIds).";

/** Create a team by name; members are added in its panel below. */
export function TeamForm() {
  const fields = useFields({ name: "" });
  const [created, setCreated] = useState<string | null>(null);
  const create = useSettingsAction((body: { name: string }) => sendJson<{ name: string }>("POST", "/api/backoffice/teams", body), (team) => {
    setCreated(team.name);
    fields.reset();
  });
  return (
    <SettingsForm
      title="Add a team"
      submit={{ label: "Add team", pending: "Adding…" }}
      action={create}
      shown={["/name"]}
      status={{ text: created ? `Team ${created} added.` : "", testId: "team-status" }}
      autoComplete="off"
      onSubmit={() => {
        setCreated(null);
        create.mutate({ name: fields.values.name });
      }}
    >
      <Field label="Team name" type="text" maxLength={100} {...fields.props("name", create.error)} hint={NAME_HINT} />
    </SettingsForm>
  );
}
