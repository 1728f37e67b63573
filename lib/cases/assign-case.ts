import { and, eq, sql } from "drizzle-orm";
import { AppError, validationFailed } from "../api/errors";
import type { SessionUser } from "../auth/session";
import type { Db } from "../db/client";
import { runtimeHistory, users, workflowRuntimes, type WorkflowRuntime } from "../db/schema";
import { withLockedRuntime } from "../runtime/locked-runtime";
import { assertActive, assertFreshVersion } from "./case-guards";

export interface AssignCaseInput {
  user: SessionUser;
  runtimeId: string;
  /** The new assignee (an active user of the project), or null to unassign. */
  assigneeId: string | null;
  /** The case version the reviewer saw (412 `version_conflict` when it moved on). */
  expectedVersion: number;
}

/**
 * Assign or unassign a case under the runtime's row lock: sets `assigneeId`/`assignedAt`, bumps `version` and
 * appends an `assignment` history row (actor: the reviewer). Rules: admins may assign anyone or no one;
 * reviewers may take an unassigned case, release their own, and hand their own case over to someone else.
 * 403 `forbidden` otherwise; 422 when the assignee is not an active user of the project.
 *
 * @example
 * await assignCase(db, { user, runtimeId, assigneeId: user.id, expectedVersion: 4 }) // → row at version 5
 */
export async function assignCase(db: Db, input: AssignCaseInput): Promise<WorkflowRuntime> {
  const { user } = input;
  return withLockedRuntime(db, user.projectId, input.runtimeId, async (tx, row) => {
    assertFreshVersion(row, input.expectedVersion);
    assertActive(row);
    if (row.assigneeId === input.assigneeId) return row;
    assertMayAssign(row, user, input.assigneeId);
    if (input.assigneeId !== null) await assertAssignable(tx, user.projectId, input.assigneeId);
    const now = new Date();
    const [updated] = await tx
      .update(workflowRuntimes)
      .set({
        assigneeId: input.assigneeId,
        assignedAt: input.assigneeId ? now : null,
        version: sql`${workflowRuntimes.version} + 1`,
        updatedAt: now,
      })
      .where(eq(workflowRuntimes.id, row.id))
      .returning();
    await tx.insert(runtimeHistory).values({
      projectId: row.projectId,
      runtimeId: row.id,
      kind: "assignment",
      eventName: input.assigneeId ? "assign" : "unassign",
      payload: { from: row.assigneeId, to: input.assigneeId },
      fromState: row.state,
      toState: row.state,
      actorType: "reviewer",
      actorId: user.id,
    });
    return updated;
  });
}

function assertMayAssign(row: WorkflowRuntime, user: SessionUser, to: string | null): void {
  if (user.role === "admin") return;
  const takingFree = row.assigneeId === null && to === user.id;
  const handingOwn = row.assigneeId === user.id;
  if (takingFree || handingOwn) return;
  throw new AppError(
    "forbidden",
    403,
    row.assigneeId === null
      ? "Reviewers can assign an unassigned case only to themselves; ask an admin to assign it to someone else."
      : "This case is assigned to another reviewer; only they or an admin can reassign it.",
  );
}

async function assertAssignable(tx: Db, projectId: string, userId: string): Promise<void> {
  const invalid = () => validationFailed("The assignee is not an active user of this project.", [{ path: "/assigneeId", message: "choose an active user of the project" }]);
  if (!/^[0-9a-f-]{36}$/i.test(userId)) throw invalid();
  const [found] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.projectId, projectId), eq(users.active, true)));
  if (!found) throw invalid();
}
