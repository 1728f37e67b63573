"use client";

import { useId, type ReactNode } from "react";
import type { ApiProblem } from "@/components/ui/api-client";
import { useMounted } from "@/components/ui/use-clock";
import { FormProblem } from "./form-problem";

interface Props {
  title: string;
  /** The submit button's text, and its text while the request runs. */
  submit: { label: string; pending: string };
  /** The change the form submits (`useSettingsAction`): the button waits while it runs, its problem is shown. */
  action: { isPending: boolean; error: ApiProblem | null };
  /** Field pointers the form shows beside their inputs; the problem lists the others. */
  shown?: string[];
  /** A status line after the button (e.g. "Secret X saved."), announced politely. */
  status?: { text: string; testId?: string };
  /** Shown instead of the form, e.g. a new key shown once. */
  replacement?: ReactNode;
  autoComplete?: "off";
  onSubmit: () => void;
  /** The fields. */
  children: ReactNode;
}

/**
 * A settings panel with a form that creates or sets one thing: its heading, the fields, the submit button, an
 * optional status line and the server's refusal. The browser's own validation is off: the server's messages
 * are shown instead, beside their fields.
 */
export function SettingsForm({ title, submit, action, shown, status, replacement, autoComplete, onSubmit, children }: Props) {
  const id = useId();
  // Until hydrated, a click would submit the plain HTML form (a reload that loses what was typed).
  const hydrated = useMounted();
  return (
    <section className="panel" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{title}</h2>
      {replacement ?? (
        <form
          className="settings-form"
          noValidate
          autoComplete={autoComplete}
          onSubmit={(e) => {
            e.preventDefault();
            onSubmit();
          }}
        >
          {children}
          <div className="actions">
            <button type="submit" className="btn" disabled={!hydrated || action.isPending}>
              {action.isPending ? submit.pending : submit.label}
            </button>
          </div>
          {status && (
            <p role="status" className="hint" data-testid={status.testId}>
              {status.text}
            </p>
          )}
          <FormProblem problem={action.error} shown={shown} />
        </form>
      )}
    </section>
  );
}
