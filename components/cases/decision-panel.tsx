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
  /** Events this user may not send although others may (a four-eyes vote they cannot cast), each with why. */
  refusals?: Record<string, string>;
  /** The case's documents (id, or `#<index>`, and label): a revision request may send some back, each with a reason. */
  documents?: { id: string; label: string }[];
}

const isRevision = (event: string) => /revision|revise/i.test(event);

/**
 * Approve, reject or request a revision — one button per event the current state accepts. Rejecting and
 * requesting a revision need a reason; every decision carries the version the reviewer saw.
 */
export function DecisionPanel({ runtimeId, version, nextEvents, blocked, refusals = {}, documents = [] }: Props) {
  const id = useId();
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState("");
  const [missingFor, setMissingFor] = useState<string | null>(null);
  /** Documents to send back with a revision request: id → its reason (present = ticked). */
  const [sendBack, setSendBack] = useState<Record<string, string>>({});
  const [docMissing, setDocMissing] = useState(false);
  const action = useCaseAction<{ event: string; reason: string | null; documents?: { documentId: string; reason: string }[]; version: number }>(`/api/backoffice/cases/${runtimeId}/decision`, () => {
    setReason("");
    setSendBack({});
  });
  const revisable = documents.length > 0 && nextEvents.some(isRevision);

  function decide(event: string) {
    if (needsReason(event) && !reason.trim()) {
      setMissingFor(event);
      reasonRef.current?.focus();
      return;
    }
    setMissingFor(null);
    const chosen = isRevision(event) ? Object.entries(sendBack).map(([documentId, why]) => ({ documentId, reason: why.trim() })) : [];
    setDocMissing(chosen.some((d) => !d.reason));
    if (chosen.some((d) => !d.reason)) return;
    action.mutate({ event, reason: reason.trim() || null, ...(chosen.length ? { documents: chosen } : {}), version });
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
      {revisable && (
        <fieldset className="send-back" disabled={!!blocked} data-testid="send-back">
          <legend>Documents to send back with a revision request</legend>
          {documents.map((doc) => {
            const ticked = doc.id in sendBack;
            return (
              <div key={doc.id} className="send-back-row">
                <label>
                  <input
                    type="checkbox"
                    checked={ticked}
                    onChange={(e) =>
                      setSendBack((now) => {
                        const next = { ...now };
                        if (e.target.checked) next[doc.id] = "";
                        else delete next[doc.id];
                        return next;
                      })
                    }
                  />{" "}
                  {doc.label}
                </label>
                {ticked && (
                  <input
                    type="text"
                    aria-label={`What to correct in ${doc.label}`}
                    placeholder="What to correct"
                    value={sendBack[doc.id]}
                    maxLength={2000}
                    aria-invalid={(docMissing && !sendBack[doc.id].trim()) || undefined}
                    onChange={(e) => setSendBack((now) => ({ ...now, [doc.id]: e.target.value }))}
                  />
                )}
              </div>
            );
          })}
          {docMissing && (
            <span className="error" role="alert">
              Write what to correct in each document you send back.
            </span>
          )}
        </fieldset>
      )}
      <div className="actions">
        {nextEvents.map((event) => (
          <button key={event} type="button" className={tone(event)} disabled={!!blocked || event in refusals || action.isPending} title={refusals[event]} onClick={() => decide(event)}>
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
