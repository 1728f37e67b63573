"use client";

import { useId, useState } from "react";
import { FormProblem } from "./form-problem";
import { fieldError, sendJson } from "@/components/ui/api-client";
import { useSettingsAction } from "./use-settings-action";

const EMPTY = { firstName: "", lastName: "", email: "", role: "reviewer" as "admin" | "reviewer", password: "" };
const FIELDS = [
  { key: "firstName", label: "First name", type: "text", autoComplete: "off" },
  { key: "lastName", label: "Last name", type: "text", autoComplete: "off" },
  { key: "email", label: "E-mail", type: "email", autoComplete: "off" },
  { key: "password", label: "Initial password", type: "password", autoComplete: "new-password" },
] as const;

/** Create a backoffice user with a role and an initial password (at least 12 characters) to hand over. */
export function UserForm() {
  const id = useId();
  const [form, setForm] = useState(EMPTY);
  const [created, setCreated] = useState<string | null>(null);
  const create = useSettingsAction((body: typeof EMPTY) => sendJson<{ email: string }>("POST", "/api/backoffice/users", body), (r) => {
    setCreated(r.email);
    setForm(EMPTY);
  });
  const shown = ["/firstName", "/lastName", "/email", "/password", "/role"];
  return (
    <section className="panel" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Add a user</h2>
      <form
        className="settings-form"
        noValidate
        autoComplete="off"
        onSubmit={(e) => {
          e.preventDefault();
          setCreated(null);
          create.mutate(form);
        }}
      >
        {FIELDS.map((f) => {
          const error = fieldError(create.error, `/${f.key}`);
          return (
            <div className="form-row" key={f.key}>
              <label htmlFor={`${id}-${f.key}`}>{f.label}</label>
              <input
                id={`${id}-${f.key}`}
                type={f.type}
                value={form[f.key]}
                autoComplete={f.autoComplete}
                maxLength={f.key === "email" ? 320 : f.key === "password" ? 200 : 100}
                onChange={(e) => setForm({ ...form, [f.key]: e.target.value })}
                aria-invalid={error ? true : undefined}
                aria-describedby={[f.key === "password" ? `${id}-pw-hint` : "", error ? `${id}-${f.key}-error` : ""].filter(Boolean).join(" ") || undefined}
              />
              {f.key === "password" && (
                <span id={`${id}-pw-hint`} className="hint">
                  At least 12 characters. Hand it over safely; the user signs in with their e-mail and this password.
                </span>
              )}
              {error && (
                <span id={`${id}-${f.key}-error`} className="field-error">
                  {error}
                </span>
              )}
            </div>
          );
        })}
        <div className="form-row">
          <label htmlFor={`${id}-role`}>Role</label>
          <select id={`${id}-role`} value={form.role} onChange={(e) => setForm({ ...form, role: e.target.value as typeof form.role })}>
            <option value="reviewer">Reviewer – reviews and decides cases</option>
            <option value="admin">Admin – also edits definitions and settings</option>
          </select>
        </div>
        <div className="actions">
          <button type="submit" className="btn" disabled={create.isPending}>
            {create.isPending ? "Adding…" : "Add user"}
          </button>
        </div>
        <p role="status" className="hint">
          {created ? `User ${created} added.` : ""}
        </p>
        <FormProblem problem={create.error} shown={shown} />
      </form>
    </section>
  );
}
