"use client";

import { useId, useState } from "react";
import { useMounted } from "@/components/ui/use-clock";
import { useEarlyValue } from "@/components/ui/use-early-value";
import type { UserSummary } from "@/lib/users/list-users";

const NOBODY = "__nobody__";

interface Props {
  /** Users the case can go to (the current assignee already left out). */
  users: Pick<UserSummary, "id" | "name" | "role">[];
  /** Offer "Nobody (unassign)": an admin taking a case away from its assignee. */
  offerNobody: boolean;
  /** A reason is asked for (the case leaves the person who holds it). */
  withReason: boolean;
  pending: boolean;
  onSubmit: (assigneeId: string | null, reason: string | null) => void;
}

/**
 * Assign a free case to someone (admins), or reassign a held one with a reason (the assignee handing over, or an
 * admin): the reason goes into the case's history and the audit trail. The server enforces the same rules.
 */
export function ReassignForm({ users, offerNobody, withReason, pending, onSubmit }: Props) {
  const id = useId();
  const hydrated = useMounted();
  const [target, setTarget] = useState("");
  const [reason, setReason] = useState("");
  const [missing, setMissing] = useState(false);
  const verb = withReason ? "Reassign" : "Assign";
  const toRef = useEarlyValue<HTMLSelectElement>(target, setTarget);
  const reasonRef = useEarlyValue<HTMLInputElement>(reason, setReason);

  return (
    <form
      style={{ marginTop: "0.5rem" }}
      data-testid="reassign-form"
      onSubmit={(e) => {
        e.preventDefault();
        const text = reason.trim();
        if (!target) return;
        if (withReason && !text) {
          setMissing(true);
          document.getElementById(`${id}-reason`)?.focus();
          return;
        }
        setMissing(false);
        onSubmit(target === NOBODY ? null : target, withReason ? text : null);
      }}
    >
      <div className="form-row" style={{ margin: 0 }}>
        <label htmlFor={`${id}-to`}>{verb} to</label>
        <select id={`${id}-to`} ref={toRef} value={target} onChange={(e) => setTarget(e.target.value)}>
          <option value="">Choose a user…</option>
          {offerNobody && <option value={NOBODY}>Nobody (unassign)</option>}
          {users.map((u) => (
            <option key={u.id} value={u.id}>
              {u.name} ({u.role})
            </option>
          ))}
        </select>
      </div>
      {withReason && (
        <div className="form-row">
          <label htmlFor={`${id}-reason`}>Reason for reassigning</label>
          <input id={`${id}-reason`} ref={reasonRef} type="text" value={reason} maxLength={2000} onChange={(e) => setReason(e.target.value)} aria-invalid={missing || undefined} />
          {missing && (
            <span className="error" role="alert">
              Write why the case changes hands; the reason is recorded in the case history.
            </span>
          )}
        </div>
      )}
      <div className="actions">
        <button type="submit" className="btn btn-small btn-secondary" disabled={!hydrated || !target || pending}>
          {verb}
        </button>
      </div>
    </form>
  );
}
