import { and, eq, ne } from "drizzle-orm";
import { AppError, validationFailed, type FieldError } from "../errors";
import type { SessionUser } from "../auth/session";
import type { Db } from "../db/client";
import { unchanged } from "../engine";
import { users, type WorkflowRuntime } from "../db/schema";
import { step } from "../runtime/step";
import { assertActive, assertFreshVersion, assertNotAuditor, cleanReason } from "./review-guards";
import { needsReassignReason } from "./reassign-rule";
import { auditedRuntimeAction } from "../audit/audited-runtime-action";

/** An API key assigning (a bulk assignment through the API): it acts as its project's admin. */
export interface AssigningApiKey {
  apiKeyId: string;
  projectId: string;
}

export interface AssignRuntimeInput {
  /** Who assigns: a backoffice user (the rules below apply), or an API key. */
  user: SessionUser | AssigningApiKey;
  runtimeId: string;
  /** The new assignee (an active user of the project), or null to unassign. */
  assigneeId: string | null;
  /** The case version the reviewer saw (412 `version_conflict` when it moved on). */
  expectedVersion: number;
  /** Why the case changes hands: required when it leaves the person holding it (`needsReassignReason`). */
  reason?: string | null;
}

/**
 * Assign or unassign a case through the one step path: sets `assigneeId`/`assignedAt`, bumps `version` and
 * appends an `assignment` history row `{ from, to, reason? }` (actor: the reviewer, or the API key of a bulk
 * assignment). Rules: admins (and API keys) may assign
 * anyone or no one; reviewers may take an unassigned case, release their own, and hand their own case over to
 * someone else. Taking a case from the person who holds it (handing over, or an admin taking it away) needs a
 * reason, kept in the history row and the audit summary; claiming and releasing need none.
 * 403 `forbidden` otherwise; 422 when the assignee is not an active user of the project (`/assigneeId`) or the
 * reason is missing (`/reason`).
 *
 * @example
 * await assignRuntime(db, { user, runtimeId, assigneeId: user.id, expectedVersion: 4 }) // → row at version 5
 * await assignRuntime(db, { user, runtimeId, assigneeId: samId, reason: "Sam speaks German", expectedVersion: 5 })
 */
export async function assignRuntime(db: Db, input: AssignRuntimeInput): Promise<WorkflowRuntime> {
  const { user } = input;
  const actor = "apiKeyId" in user ? ({ type: "api_key", id: user.apiKeyId } as const) : ({ type: "reviewer", id: user.id } as const);
  if (!("apiKeyId" in user)) assertNotAuditor(user);
  // Looked up before the lock (it does not depend on the case), refused in the order of the checks below.
  const assignable = input.assigneeId === null || (await isAssignable(db, user.projectId, input.assigneeId));
  const reason = cleanReason(input.reason);
  const ref = { projectId: user.projectId, runtimeId: input.runtimeId };
  const summary = ({ value }: { value?: { from: string | null } }) => ({
    assigneeId: input.assigneeId,
    ...(value?.from ? { previousAssigneeId: value.from } : {}),
    ...(reason ? { reason } : {}),
  });
  const { runtime } = await auditedRuntimeAction(db, ref, actor, "case.assignment", summary, (tx: Db) => step(tx, ref, ({ runtime: row, snapshot }) => {
    assertFreshVersion(row, input.expectedVersion);
    assertActive(row);
    if (row.assigneeId === input.assigneeId) return null;
    assertMayAssign(row, user, input.assigneeId);
    const problems: FieldError[] = [];
    if (!assignable) problems.push({ path: "/assigneeId", message: "choose an active user of the project" });
    const reassigns = needsReassignReason(row, actor.id, input.assigneeId);
    if (reassigns && !reason) problems.push({ path: "/reason", message: "say why the case changes hands" });
    if (problems.length) throw validationFailed(assignmentProblem(assignable), problems);
    const eventName = input.assigneeId ? "assign" : "unassign";
    return {
      result: unchanged(snapshot),
      value: { from: row.assigneeId },
      cause: {
        eventName,
        actor,
        assignment: { assigneeId: input.assigneeId },
        recordTransition: false,
        history: [
          {
            kind: "assignment",
            eventName,
            payload: { from: row.assigneeId, to: input.assigneeId, ...(reassigns ? { reason } : {}) },
            fromState: row.state,
            toState: row.state,
            actorType: actor.type,
            actorId: actor.id,
          },
        ],
      },
    };
  }));
  return runtime;
}

function assignmentProblem(assignable: boolean): string {
  return assignable
    ? "This case is assigned to someone: reassigning it needs a reason, kept in the case's history."
    : "The assignee is not an active user of this project.";
}

function assertMayAssign(row: WorkflowRuntime, user: SessionUser | AssigningApiKey, to: string | null): void {
  if ("apiKeyId" in user || user.role === "admin") return;
  const takingFree = row.assigneeId === null && to === user.id;
  const handingOwn = row.assigneeId === user.id;
  if (takingFree || handingOwn) return;
  throw new AppError("forbidden", row.assigneeId === null
      ? "Reviewers can assign an unassigned case only to themselves; ask an admin to assign it to someone else."
      : "This case is assigned to another reviewer; only they or an admin can reassign it.");
}

/** Whether `userId` may be given cases: an active admin or reviewer of the project. */
export async function isAssignable(db: Db, projectId: string, userId: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(userId)) return false;
  const [found] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.projectId, projectId), eq(users.active, true), ne(users.role, "auditor")));
  return Boolean(found);
}
