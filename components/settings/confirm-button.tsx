"use client";

import { useEffect, useRef, useState } from "react";

interface Props {
  /** The button's text, e.g. "Revoke". */
  label: string;
  /** The question asked before acting, e.g. "Revoke the key “CI”? Calls using it will fail." */
  question: string;
  /** Text of the confirming button, e.g. "Yes, revoke". */
  confirmLabel: string;
  /** Accessible name of the first button when `label` alone is ambiguous in a table ("Revoke CI"). */
  ariaLabel?: string;
  pending?: boolean;
  onConfirm: () => void;
}

/**
 * A destructive action asked twice, inline (no modal): the first press shows the question with a confirming
 * and a cancel button, focus moves to the confirming one, Escape cancels.
 */
export function ConfirmButton({ label, question, confirmLabel, ariaLabel, pending, onConfirm }: Props) {
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
      <button ref={openRef} type="button" className="btn btn-small btn-secondary" aria-label={ariaLabel} disabled={pending} onClick={() => setAsking(true)}>
        {pending ? "Working…" : label}
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
          onConfirm();
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
