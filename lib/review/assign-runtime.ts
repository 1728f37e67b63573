import { and, eq, ne } from "drizzle-orm";
import { projectFilter } from "../db/raw-sql";
import { AppError, validationFailed, type FieldError } from "../errors";
import type { SessionUser } from "../auth/session";
import type { Db } from "../db/client";
import { unchanged } from "../engine";
import { users, type WorkflowRuntime } from "../db/schema";
import { step } from "../runtime/step";
import { assertActive, assertFreshVersion, assertNotAuditor, cleanReason } from "./review-guards";
import { needsReassignReason } from "./reassign-rule";
import { auditedRuntimeAction, runtimeAuditEntry } from "../audit/audited-runtime-action";
import { recordAudits } from "../audit/record-audit";
import { inTransaction } from "../db/transaction";
import type { Outcome } from "../runtime/outcome";
import type { Decision, LockedRuntime } from "../runtime/step";
import { stepMany } from "../runtime/step-many";

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
  const { actor, assignable, reason } = await assignmentRules(db, input);
  const ref = { projectId: input.user.projectId, runtimeId: input.runtimeId };
  const { runtime } = await auditedRuntimeAction(db, ref, actor, "case.assignment", assignmentSummary(input.assigneeId, reason), (tx: Db) =>
    step(tx, ref, decideAssignment(input, actor, assignable, reason)),
  );
  return runtime;
}

/**
 * `assignRuntime` on many cases of the project in one transaction (a bulk assignment's chunk), without a version
 * check: each case is decided on its locked row by the same rules, through `stepMany`, and each case assigned (or
 * left as it was) gets the single action's history and audit rows. Outcomes in the order of `runtimeIds`; a
 * refused case (403, 409, 422) stores nothing. Throws what refuses every case (an auditor assigning).
 */
export async function assignRuntimes(db: Db, input: Omit<AssignRuntimeInput, "runtimeId" | "expectedVersion"> & { runtimeIds: string[] }): Promise<Outcome<WorkflowRuntime>[]> {
  const { actor, assignable, reason } = await assignmentRules(db, input);
  const { projectId } = input.user;
  const summary = assignmentSummary(input.assigneeId, reason);
  return inTransaction(db, async (tx) => {
    const outcomes = await stepMany(tx, projectId, input.runtimeIds.map((runtimeId) => ({ runtimeId, decide: decideAssignment(input, actor, assignable, reason) })));
    await recordAudits(
      tx,
      outcomes.flatMap((o, k) => (o.ok ? [runtimeAuditEntry({ projectId, runtimeId: input.runtimeIds[k] }, actor, "case.assignment", summary(o.value))] : [])),
    );
    return outcomes.map((o) => (o.ok ? { ok: true, value: o.value.runtime } : o));
  });
}

type Assigner = Pick<AssignRuntimeInput, "user" | "assigneeId" | "reason">;

/** Who acts, whether the assignee may be given cases (looked up before any lock: it does not depend on the case), the reason. */
async function assignmentRules(db: Db, input: Assigner) {
  const { user } = input;
  const actor = "apiKeyId" in user ? ({ type: "api_key", id: user.apiKeyId } as const) : ({ type: "reviewer", id: user.id } as const);
  if (!("apiKeyId" in user)) assertNotAuditor(user);
  const assignable = input.assigneeId === null || (await isAssignable(db, user.projectId, input.assigneeId));
  return { actor, assignable, reason: cleanReason(input.reason) };
}

function assignmentSummary(assigneeId: string | null, reason: string | null | undefined) {
  return ({ value }: { value?: { from: string | null } }) => ({
    assigneeId,
    ...(value?.from ? { previousAssigneeId: value.from } : {}),
    ...(reason ? { reason } : {}),
  });
}

/** The pure decide of an assignment on the locked case (refused in the order of the checks); null when nothing changes. */
function decideAssignment(input: Assigner & { expectedVersion?: number }, actor: { type: "api_key" | "reviewer"; id: string }, assignable: boolean, reason: string | null | undefined) {
  return ({ runtime: row, snapshot }: LockedRuntime): Decision<{ from: string | null }> | null => {
    if (input.expectedVersion !== undefined) assertFreshVersion(row, input.expectedVersion);
    assertActive(row);
    if (row.assigneeId === input.assigneeId) return null;
    assertMayAssign(row, input.user, input.assigneeId);
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
  };
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
    .where(and(eq(users.id, userId), projectFilter(users.projectId, projectId), eq(users.active, true), ne(users.role, "auditor")));
  return Boolean(found);
}
