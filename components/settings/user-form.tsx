"use client";

import { useState } from "react";
import { sendJson } from "@/components/ui/api-client";
import { Field } from "./field";
import { SettingsForm } from "./settings-form";
import { useFields } from "./use-fields";
import { useSettingsAction } from "./use-settings-action";

type Role = "admin" | "reviewer" | "auditor";
const EMPTY = { firstName: "", lastName: "", email: "", role: "reviewer" as Role, password: "" };
const FIELDS = [
  { key: "firstName", label: "First name", type: "text", autoComplete: "off", maxLength: 100 },
  { key: "lastName", label: "Last name", type: "text", autoComplete: "off", maxLength: 100 },
  { key: "email", label: "E-mail", type: "email", autoComplete: "off", maxLength: 320 },
  { key: "password", label: "Initial password", type: "password", autoComplete: "new-password", maxLength: 200 },
] as const;
const PASSWORD_HINT = "At least 12 characters. Hand it over safely; the user signs in with their e-mail and this password.";

/** Create a backoffice user with a role and an initial password (at least 12 characters) to hand over. */
export function UserForm() {
  const fields = useFields(EMPTY);
  const [created, setCreated] = useState<string | null>(null);
  const create = useSettingsAction((body: typeof EMPTY) => sendJson<{ email: string }>("POST", "/api/backoffice/users", body), (r) => {
    setCreated(r.email);
    fields.reset();
  });
  const role = fields.props("role", create.error);
  return (
    <SettingsForm
      title="Add a user"
      submit={{ label: "Add user", pending: "Adding…" }}
      action={create}
      shown={["/firstName", "/lastName", "/email", "/password", "/role"]}
      status={{ text: created ? `User ${created} added.` : "" }}
      autoComplete="off"
      onSubmit={() => {
        setCreated(null);
        create.mutate(fields.values);
      }}
    >
      {FIELDS.map(({ key, ...f }) => (
        <Field key={key} {...f} {...fields.props(key, create.error)} hint={key === "password" ? PASSWORD_HINT : undefined} />
      ))}
      <div className="form-row">
        <label htmlFor={role.id}>Role</label>
        <select id={role.id} value={role.value} onChange={(e) => fields.set("role", e.target.value as Role)}>
          <option value="reviewer">Reviewer – reviews and decides cases</option>
          <option value="admin">Admin – also edits definitions and settings</option>
          <option value="auditor">Auditor – reads cases and the audit trail, decides nothing</option>
        </select>
      </div>
    </SettingsForm>
  );
}
