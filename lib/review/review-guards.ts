import { AppError, forbidden } from "../errors";
import type { SessionUser } from "../auth/session";
import type { WorkflowRuntime } from "../db/schema";

/**
 * 412 `version_conflict` unless the case is still at the version the reviewer saw: a decision made on a stale
 * page is refused, never applied over what changed meanwhile.
 */
export function assertFreshVersion(row: WorkflowRuntime, seenVersion: number): void {
  if (row.version === seenVersion) return;
  throw new AppError("version_conflict", `This case changed since you opened it (you saw version ${seenVersion}; it is now at version ${row.version}, state '${row.state}'). Reload the page to see what changed, then decide again.`);
}

/** 409 `case_completed` when the case has finished: nothing about it can be decided or reassigned any more. */
export function assertActive(row: WorkflowRuntime): void {
  if (row.status === "active") return;
  throw new AppError("case_completed", `This case is ${row.status} (state '${row.state}'); it can no longer be changed.`);
}

/**
 * Deciding (events and document decisions) requires being the assignee; admins may override. Returns whether
 * the decision is an admin override, which is recorded in the history. 403 `not_assignee` otherwise.
 */
export function assertMayDecide(row: WorkflowRuntime, user: SessionUser): { override: boolean } {
  assertNotAuditor(user);
  if (row.assigneeId === user.id) return { override: false };
  if (user.role === "admin") return { override: true };
  throw new AppError("not_assignee", row.assigneeId
      ? "This case is assigned to another reviewer; only the assignee (or an admin) can decide it. Ask an admin to reassign it to you."
      : "Assign this case to yourself before deciding it.");
}

/** Auditors read cases and the audit trail and change nothing: 403 `forbidden` for any decision, edit or assignment. */
export function assertNotAuditor(user: { role: string }): void {
  if (user.role === "auditor") throw forbidden("Auditors have read-only access; they decide, assign and edit nothing.");
}

/** Events whose decision needs a written reason (rejections and revision requests). */
export function reasonRequired(event: string): boolean {
  return /reject|revision|revise/i.test(event);
}

/** A trimmed reason (at most 2000 characters), or null when blank. */
export function cleanReason(reason: string | null | undefined): string | null {
  const trimmed = (reason ?? "").trim();
  return trimmed ? trimmed.slice(0, 2000) : null;
}
