import { and, asc, count, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { teamMembers, users, workflowRuntimes } from "../db/schema";
import type { QueueMember } from "./choose-assignee";

/**
 * Who a queue assigns cases to: the project's active reviewers and admins who belong to one of the queue's teams,
 * or all of them when the queue has no teams; never auditors or deactivated users. In e-mail order.
 */
export function queueMembers(db: Db, projectId: string, teamIds: readonly string[]): Promise<QueueMember[]> {
  const inTeams = teamIds.length
    ? inArray(users.id, db.select({ id: teamMembers.userId }).from(teamMembers).where(and(eq(teamMembers.projectId, projectId), inArray(teamMembers.teamId, [...teamIds]))))
    : undefined;
  return db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.projectId, projectId), eq(users.active, true), inArray(users.role, ["admin", "reviewer"]), inTeams))
    .orderBy(asc(users.email));
}

/** Open (active) cases assigned to each of `userIds`; users without any are absent. */
export async function openCaseCounts(db: Db, projectId: string, userIds: string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: workflowRuntimes.assigneeId, n: count() })
    .from(workflowRuntimes)
    .where(and(eq(workflowRuntimes.projectId, projectId), eq(workflowRuntimes.status, "active"), inArray(workflowRuntimes.assigneeId, userIds)))
    .groupBy(workflowRuntimes.assigneeId);
  return new Map(rows.map((r) => [r.id!, Number(r.n)]));
}
