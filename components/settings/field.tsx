"use client";

import type { InputHTMLAttributes, ReactNode } from "react";

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "aria-invalid" | "aria-describedby"> {
  id: string;
  label: string;
  /** Shown under the input and announced with it. */
  hint?: ReactNode;
  /** The server's message for this field; marks the input invalid. */
  error?: string;
}

/**
 * A labelled input of a settings form with its hint and the server's error for it, wired for screen readers
 * (`aria-describedby` names the hint and the error, `aria-invalid` while there is one).
 *
 * @example <Field id={`${id}-name`} label="Name" type="text" value={name} onChange={…} hint="Who will use it" error={fieldError(problem, "/name")} />
 */
export function Field({ id, label, hint, error, ...input }: Props) {
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className="form-row">
      <label htmlFor={id}>{label}</label>
      <input id={id} {...input} aria-invalid={error ? true : undefined} aria-describedby={describedBy} />
      {hint && (
        <span id={`${id}-hint`} className="hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className="field-error">
          {error}
        </span>
      )}
    </div>
  );
}
