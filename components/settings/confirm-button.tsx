"use client";

import { useEffect, useRef, useState } from "react";
import type { BoundAction } from "./use-settings-action";

interface Props {
  /** The button's text, e.g. "Revoke". */
  label: string;
  /** The question asked before acting, e.g. "Revoke the key “CI”? Calls using it will fail." */
  question: string;
  /** Text of the confirming button; default "Yes, <label in lower case>", e.g. "Yes, revoke". */
  confirmLabel?: string;
  /** Accessible name of the first button when `label` alone is ambiguous in a table ("Revoke CI"). */
  ariaLabel?: string;
  /** What the confirming button runs, and whether it is running (see `useSettingsAction`'s `on`). */
  action: BoundAction;
}

/**
 * A destructive action asked twice, inline (no modal): the first press shows the question with a confirming
 * and a cancel button, focus moves to the confirming one, Escape cancels.
 */
export function ConfirmButton({ label, question, confirmLabel = `Yes, ${label.toLowerCase()}`, ariaLabel, action }: Props) {
  const [asking, setAsking] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const openRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) confirmRef.current?.focus();
  }, [asking]);
  const cancel = () => {
    setAsking(false);
    setTimeout(() => openRef.current?.focus(), 0);
  };
  if (!asking) {
    return (
      <button ref={openRef} type="button" className="btn btn-small btn-secondary" aria-label={ariaLabel} disabled={action.pending} onClick={() => setAsking(true)}>
        {action.pending ? "Working…" : label}
      </button>
    );
  }
  return (
    <span className="confirm" role="group" aria-label={question} onKeyDown={(e) => e.key === "Escape" && cancel()}>
      <span>{question}</span>
      <button
        ref={confirmRef}
        type="button"
        className="btn btn-small btn-danger"
        onClick={() => {
          setAsking(false);
          action.run();
        }}
      >
        {confirmLabel}
      </button>
      <button type="button" className="btn btn-small btn-secondary" onClick={cancel}>
        Cancel
      </button>
    </span>
  );
}
