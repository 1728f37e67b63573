"use client";

import { useId, useState } from "react";
import { ActionProblem } from "./action-problem";
import { useCaseAction } from "./use-case-action";

interface Props {
  runtimeId: string;
  version: number;
  /** The definition's states (paths), for the Move picker. */
  states: string[];
  current: string;
}

/**
 * Admins' repair of a case: Move (a forced transition into any state of the definition, whose plugins run again,
 * e.g. back to the vendor check after an outage) and Cancel. Both need a reason, recorded in the history.
 */
export function RepairPanel({ runtimeId, version, states, current }: Props) {
  const id = useId();
  const [state, setState] = useState("");
  const [reason, setReason] = useState("");
  const [missing, setMissing] = useState(false);
  const move = useCaseAction<{ state: string; reason: string; version: number }>(`/api/backoffice/cases/${runtimeId}/move`, () => setReason(""));
  const cancel = useCaseAction<{ reason: string; version: number }>(`/api/backoffice/cases/${runtimeId}/cancel`, () => setReason(""));
  const pending = move.isPending || cancel.isPending;

  function withReason(run: (reason: string) => void) {
    const text = reason.trim();
    setMissing(!text);
    if (text) run(text);
    else document.getElementById(`${id}-reason`)?.focus();
  }

  return (
    <div data-testid="repair-panel">
      <h3>Repair (admins)</h3>
      <div className="form-row">
        <label htmlFor={`${id}-reason`}>Reason for moving or canceling</label>
        <input id={`${id}-reason`} type="text" value={reason} maxLength={1000} onChange={(e) => setReason(e.target.value)} aria-invalid={missing || undefined} />
        {missing && (
          <span className="error" role="alert">
            Write why; the reason is recorded in the case history.
          </span>
        )}
      </div>
      <div className="actions" style={{ alignItems: "flex-end" }}>
        <div className="form-row" style={{ margin: 0 }}>
          <label htmlFor={`${id}-state`}>Move to state</label>
          <select id={`${id}-state`} value={state} onChange={(e) => setState(e.target.value)}>
            <option value="">Choose a state…</option>
            {states.map((s) => (
              <option key={s} value={s}>
                {s}
                {s === current ? " (current: enter again)" : ""}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="btn btn-small btn-secondary" disabled={!state || pending} onClick={() => withReason((r) => move.mutate({ state, reason: r, version }))}>
          Move
        </button>
        <button
          type="button"
          className="btn btn-small btn-danger"
          disabled={pending}
          onClick={() => withReason((r) => window.confirm("Cancel this case? Its pending jobs are cancelled and it cannot be resumed.") && cancel.mutate({ reason: r, version }))}
        >
          Cancel case
        </button>
      </div>
      <ActionProblem problem={move.error ?? cancel.error} />
    </div>
  );
}
