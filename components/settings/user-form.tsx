"use client";

import { useId, useState } from "react";
import { fieldError, sendJson } from "@/components/ui/api-client";
import { Field } from "./field";
import { SettingsForm } from "./settings-form";
import { useSettingsAction } from "./use-settings-action";

const EMPTY = { firstName: "", lastName: "", email: "", role: "reviewer" as "admin" | "reviewer", password: "" };
const FIELDS = [
  { key: "firstName", label: "First name", type: "text", autoComplete: "off", maxLength: 100 },
  { key: "lastName", label: "Last name", type: "text", autoComplete: "off", maxLength: 100 },
  { key: "email", label: "E-mail", type: "email", autoComplete: "off", maxLength: 320 },
  { key: "password", label: "Initial password", type: "password", autoComplete: "new-password", maxLength: 200 },
] as const;
const PASSWORD_HINT = "At least 12 characters. Hand it over safely; the user signs in with their e-mail and this password.";

/** Create a backoffice user with a role and an initial password (at least 12 characters) to hand over. */
export function UserForm() {
  const id = useId();
  const [form, setForm] = useState(EMPTY);
  const [created, setCreated] = useState<string | null>(null);
  const create = useSettingsAction((body: typeof EMPTY) => sendJson<{ email: string }>("POST", "/api/backoffice/users", body), (r) => {
    setCreated(r.email);
    setForm(EMPTY);
  });
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
        create.mutate(form);
      }}
    >
      {FIELDS.map(({ key, ...f }) => (
        <Field
          key={key}
          id={`${id}-${key}`}
          {...f}
          value={form[key]}
          onChange={(e) => setForm({ ...form, [key]: e.target.value })}
          error={fieldError(create.error, `/${key}`)}
          hint={key === "password" ? PASSWORD_HINT : undefined}
        />
      ))}
      <div className="form-row">
        <label htmlFor={`${id}-role`}>Role</label>
        <select id={`${id}-role`} value={form.role} onChange={(e) => setForm({ ...form, role: e.target.value as typeof form.role })}>
          <option value="reviewer">Reviewer – reviews and decides cases</option>
          <option value="admin">Admin – also edits definitions and settings</option>
        </select>
      </div>
    </SettingsForm>
  );
}
