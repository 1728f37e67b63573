"use client";

import { useEffect, useRef, useState } from "react";

interface Props {
  /** What the value is, e.g. "API key “CI pipeline”". */
  label: string;
  value: string;
  onDismiss: () => void;
}

/**
 * A secret the server returns exactly once (a new API key, a rotated signing secret): the value, a copy
 * button, and a warning that it cannot be shown again. Focus moves here so screen readers announce it.
 */
export function ShownOnce({ label, value, onDismiss }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const codeRef = useRef<HTMLElement>(null);
  const [copied, setCopied] = useState<"yes" | "select" | null>(null);
  useEffect(() => ref.current?.focus(), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied("yes");
    } catch {
      // No clipboard access (an insecure origin, a denied permission): select the text for Ctrl+C instead.
      const range = document.createRange();
      if (codeRef.current) range.selectNodeContents(codeRef.current);
      window.getSelection()?.removeAllRanges();
      window.getSelection()?.addRange(range);
      setCopied("select");
    }
  }

  return (
    <div ref={ref} tabIndex={-1} className="once" role="alert" data-testid="shown-once">
      <strong>{label}</strong>
      <span>Copy it now: it is shown only this once and cannot be displayed again. Store it in your secret manager.</span>
      <code ref={codeRef} data-testid="shown-once-value">
        {value}
      </code>
      <div className="actions">
        <button type="button" className="btn btn-small" onClick={copy}>
          Copy
        </button>
        <button type="button" className="btn btn-small btn-secondary" onClick={onDismiss}>
          I have stored it
        </button>
        <span role="status" className="hint">
          {copied === "yes" ? "Copied to the clipboard." : copied === "select" ? "Selected: press Ctrl+C (⌘C) to copy." : ""}
        </span>
      </div>
    </div>
  );
}
