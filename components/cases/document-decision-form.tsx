"use client";

import { useId, useState, type FormEvent } from "react";
import { useMounted } from "@/components/ui/use-clock";
import { useEarlyValue } from "@/components/ui/use-early-value";
import { ActionProblem } from "./action-problem";
import { useCaseAction } from "./use-case-action";

type Status = "approved" | "rejected" | "revision";

/** Approve, reject (with reason) or ask for a revision (with reason) of one document. */
export function DocumentDecisionForm({ runtimeId, version, documentId, label }: { runtimeId: string; version: number; documentId: string; label: string }) {
  const id = useId();
  const hydrated = useMounted();
  const [status, setStatus] = useState<Status>("approved");
  const [reason, setReason] = useState("");
  const [missing, setMissing] = useState(false);
  const statusRef = useEarlyValue<HTMLSelectElement>(status, (value) => setStatus(value as Status));
  const reasonRef = useEarlyValue<HTMLInputElement>(reason, setReason);
  const action = useCaseAction<{ documentId: string; status: Status; reason: string | null; version: number }>(
    `/api/backoffice/cases/${runtimeId}/document-decision`,
    () => setReason(""),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    if (status !== "approved" && !reason.trim()) {
      setMissing(true);
      document.getElementById(`${id}-reason`)?.focus();
      return;
    }
    setMissing(false);
    action.mutate({ documentId, status, reason: reason.trim() || null, version });
  }

  return (
    <form onSubmit={submit} aria-label={`Decision for document ${label}`} noValidate>
      <div className="actions" style={{ alignItems: "flex-end" }}>
        <div className="form-row">
          <label htmlFor={`${id}-status`}>Document decision</label>
          <select id={`${id}-status`} ref={statusRef} value={status} onChange={(e) => setStatus(e.target.value as Status)}>
            <option value="approved">Approve</option>
            <option value="rejected">Reject</option>
            <option value="revision">Request revision</option>
          </select>
        </div>
        <div className="form-row" style={{ flex: 1, minWidth: "12rem" }}>
          <label htmlFor={`${id}-reason`}>Document reason{status === "approved" ? " (optional)" : ""}</label>
          <input
            id={`${id}-reason`}
            ref={reasonRef}
            type="text"
            value={reason}
            maxLength={2000}
            onChange={(e) => setReason(e.target.value)}
            aria-invalid={missing || undefined}
            aria-describedby={missing ? `${id}-missing` : undefined}
          />
        </div>
        <button className="btn btn-small" type="submit" disabled={!hydrated || action.isPending} style={{ marginBottom: "0.6rem" }}>
          {action.isPending ? "Saving…" : "Save document decision"}
        </button>
      </div>
      {missing && (
        <p id={`${id}-missing`} className="error" role="alert">
          Write a reason to reject the document or request its revision.
        </p>
      )}
      <ActionProblem problem={action.error} />
    </form>
  );
}
