"use client";

import type { UserSummary } from "@/lib/users/list-users";
import { ActionProblem } from "./action-problem";
import { ReassignForm } from "./reassign-form";
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
 * Who works on the case: claim it (assign to me), release it, assign a free case to someone (admins), or
 * reassign a held case with a reason. The controls offered follow the rules the server enforces (reviewers take
 * unassigned cases and hand over or release their own; admins do all; taking a case from its holder needs a reason).
 */
export function AssignmentPanel({ runtimeId, version, me, assignee, users }: Props) {
  const action = useCaseAction<{ assigneeId: string | null; reason?: string | null; version: number }>(`/api/backoffice/cases/${runtimeId}/assignment`);
  const admin = me.role === "admin";
  const mine = assignee?.id === me.id;
  const canClaim = !assignee;
  const canHandOver = admin || mine;
  const assign = (assigneeId: string | null, reason: string | null = null) => action.mutate({ assigneeId, reason, version });

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
        {canClaim && (
          <button type="button" className="btn btn-small" disabled={action.isPending} onClick={() => assign(me.id)}>
            Assign to me
          </button>
        )}
        {mine && (
          <button type="button" className="btn btn-small btn-secondary" disabled={action.isPending} onClick={() => assign(null)}>
            Unassign
          </button>
        )}
      </div>
      {canHandOver && (
        <ReassignForm
          key={`${assignee?.id ?? "none"}-${version}`}
          users={users.filter((u) => u.id !== assignee?.id && u.role !== "auditor")}
          offerNobody={Boolean(assignee) && !mine}
          withReason={Boolean(assignee)}
          pending={action.isPending}
          onSubmit={assign}
        />
      )}
      {!canClaim && !canHandOver && <p className="hint">Only the assignee{assignee ? ` (${assignee.name})` : ""} or an admin can reassign this case.</p>}
      <ActionProblem problem={action.error} />
    </div>
  );
}
