"use client";

import { useId, useRef, useState } from "react";
import { ActionProblem } from "./action-problem";
import { useCaseAction } from "./use-case-action";

const LABELS: Record<string, string> = { approve: "Approve", reject: "Reject", revision: "Request revision" };
const needsReason = (event: string) => /reject|revision|revise/i.test(event);
const tone = (event: string) => (/reject/i.test(event) ? "btn btn-danger" : /approve/i.test(event) ? "btn" : "btn btn-secondary");

interface Props {
  runtimeId: string;
  /** The case version this page shows; sent with the decision so a stale page is refused. */
  version: number;
  /** Only the events the current state accepts. */
  nextEvents: string[];
  /** Null when the user may decide; else why not. */
  blocked: string | null;
}

/**
 * Approve, reject or request a revision — one button per event the current state accepts. Rejecting and
 * requesting a revision need a reason; every decision carries the version the reviewer saw.
 */
export function DecisionPanel({ runtimeId, version, nextEvents, blocked }: Props) {
  const id = useId();
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState("");
  const [missingFor, setMissingFor] = useState<string | null>(null);
  const action = useCaseAction<{ event: string; reason: string | null; version: number }>(`/api/backoffice/cases/${runtimeId}/decision`, () => setReason(""));

  function decide(event: string) {
    if (needsReason(event) && !reason.trim()) {
      setMissingFor(event);
      reasonRef.current?.focus();
      return;
    }
    setMissingFor(null);
    action.mutate({ event, reason: reason.trim() || null, version });
  }

  return (
    <div data-testid="decision-panel">
      <h3>Decision</h3>
      {blocked && (
        <p className="hint" data-testid="decision-blocked">
          {blocked}
        </p>
      )}
      <div className="form-row">
        <label htmlFor={`${id}-reason`}>Reason</label>
        <textarea
          id={`${id}-reason`}
          ref={reasonRef}
          value={reason}
          maxLength={2000}
          onChange={(e) => setReason(e.target.value)}
          disabled={!!blocked}
          aria-invalid={missingFor ? true : undefined}
          aria-describedby={`${id}-hint${missingFor ? ` ${id}-missing` : ""}`}
        />
        <span id={`${id}-hint`} className="hint">
          Required to reject or request a revision; recorded in the case history.
        </span>
        {missingFor && (
          <span id={`${id}-missing`} className="error" role="alert">
            Write a reason to {LABELS[missingFor]?.toLowerCase() ?? missingFor} this case.
          </span>
        )}
      </div>
      <div className="actions">
        {nextEvents.map((event) => (
          <button key={event} type="button" className={tone(event)} disabled={!!blocked || action.isPending} onClick={() => decide(event)}>
            {LABELS[event] ?? event}
          </button>
        ))}
      </div>
      {action.isPending && (
        <p className="hint" role="status">
          Saving the decision…
        </p>
      )}
      <ActionProblem problem={action.error} />
    </div>
  );
}
