"use client";

import { useId, useState } from "react";
import type { UserSummary } from "@/lib/users/list-users";
import { ActionProblem } from "./action-problem";
import { useCaseAction } from "./use-case-action";

interface Props {
  runtimeId: string;
  version: number;
  me: { id: string; role: "admin" | "reviewer" };
  assignee: Pick<UserSummary, "id" | "name"> | null;
  /** Active users of the project (the assignment picker). */
  users: Pick<UserSummary, "id" | "name" | "role">[];
}

/**
 * Who works on the case: assign to me, to another user, or unassign. The buttons offered follow the rules
 * the server enforces (reviewers take unassigned cases and hand over or release their own; admins do all).
 */
export function AssignmentPanel({ runtimeId, version, me, assignee, users }: Props) {
  const id = useId();
  const [target, setTarget] = useState("");
  const action = useCaseAction<{ assigneeId: string | null; version: number }>(`/api/backoffice/cases/${runtimeId}/assignment`, () => setTarget(""));
  const admin = me.role === "admin";
  const mine = assignee?.id === me.id;
  const canTake = !mine && (admin || !assignee);
  const canHandOver = admin || mine;
  const assign = (assigneeId: string | null) => action.mutate({ assigneeId, version });

  return (
    <div data-testid="assignment-panel">
      <h3>Assignment</h3>
      <p data-testid="assignee">
        {assignee ? (
          <>
            Assigned to <strong title={assignee.name}>{mine ? `you (${assignee.name})` : assignee.name}</strong>
          </>
        ) : (
          "Unassigned"
        )}
      </p>
      <div className="actions">
        {canTake && (
          <button type="button" className="btn btn-small" disabled={action.isPending} onClick={() => assign(me.id)}>
            Assign to me
          </button>
        )}
        {assignee && canHandOver && (
          <button type="button" className="btn btn-small btn-secondary" disabled={action.isPending} onClick={() => assign(null)}>
            Unassign
          </button>
        )}
      </div>
      {canHandOver && (
        <form
          className="actions"
          style={{ alignItems: "flex-end", marginTop: "0.5rem" }}
          onSubmit={(e) => {
            e.preventDefault();
            if (target) assign(target);
          }}
        >
          <div className="form-row" style={{ margin: 0 }}>
            <label htmlFor={`${id}-to`}>Assign to</label>
            <select id={`${id}-to`} value={target} onChange={(e) => setTarget(e.target.value)}>
              <option value="">Choose a user…</option>
              {users
                .filter((u) => u.id !== assignee?.id)
                .map((u) => (
                  <option key={u.id} value={u.id}>
                    {u.name} ({u.role})
                  </option>
                ))}
            </select>
          </div>
          <button type="submit" className="btn btn-small btn-secondary" disabled={!target || action.isPending}>
            Assign
          </button>
        </form>
      )}
      {!canTake && !canHandOver && <p className="hint">Only the assignee{assignee ? ` (${assignee.name})` : ""} or an admin can reassign this case.</p>}
      <ActionProblem problem={action.error} />
    </div>
  );
}
