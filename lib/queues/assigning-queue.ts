import { and, asc, eq, ne, sql } from "drizzle-orm";
import { projectFilter } from "../db/raw-sql";
import type { Db } from "../db/client";
import { filters, users, type WorkflowRuntime } from "../db/schema";
import { AppError } from "../errors";
import { runFilterQuery } from "../filters";
import { logger } from "../observability/logger";
import { chooseAssignee, type AutoAssignmentMode, type QueueMember } from "./choose-assignee";
import { openCaseCounts, queueMembers } from "./queue-members";

/** The member a queue with automatic assignment gives a case to, and why. */
export interface QueuePick {
  filterId: string;
  queueName: string;
  mode: AutoAssignmentMode;
  assignee: QueueMember;
}

/**
 * Inside the transaction that holds `runtime`'s row lock: the first queue with automatic assignment (oldest
 * first) whose filter shows the case as stored now, and the member it goes to (`chooseAssignee`). The choice is
 * made under the queue's row lock (`for update`), and the queue's `last_assignee_id` moves to the member in the
 * same transaction, so concurrent cases entering the queue take turns and never read the same position.
 * Null when no such queue shows the case, or the queue that does has no eligible member (logged).
 */
export async function pickQueueAssignee(tx: Db, runtime: WorkflowRuntime): Promise<QueuePick | null> {
  const queues = await tx
    .select({ id: filters.id, entity: filters.entity, query: filters.query })
    .from(filters)
    .where(and(eq(filters.projectId, runtime.projectId), ne(filters.assignment, "manual")))
    .orderBy(asc(filters.createdAt), asc(filters.id));
  for (const queue of queues) {
    if (await shows(tx, runtime, queue)) return pickFrom(tx, runtime.projectId, queue.id);
  }
  return null;
}

/** Whether the queue's filter selects the case; a stored filter that no longer compiles shows nothing. */
async function shows(tx: Db, runtime: WorkflowRuntime, queue: Pick<typeof filters.$inferSelect, "entity" | "query">): Promise<boolean> {
  try {
    const query = { where: queue.query.where, select: { id: true } };
    const page = await runFilterQuery(tx, runtime.projectId, { entity: queue.entity, query }, { limit: 1, extraWhere: sql`r.id = ${runtime.id}::uuid` });
    return page.data.length > 0;
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
}

async function pickFrom(tx: Db, projectId: string, filterId: string): Promise<QueuePick | null> {
  const [queue] = await tx.select().from(filters).where(and(eq(filters.id, filterId), projectFilter(filters.projectId, projectId))).for("update");
  if (!queue || queue.assignment === "manual") return null;
  const members = await queueMembers(tx, projectId, queue.teamIds);
  const loads = queue.assignment === "least_loaded" ? await openCaseCounts(tx, projectId, members.map((m) => m.id)) : undefined;
  const assignee = chooseAssignee(members, await emailOf(tx, projectId, queue.lastAssigneeId, members), queue.assignment, loads);
  if (!assignee) {
    logger().warn({ filterId, teamIds: queue.teamIds }, "automatic assignment: the queue has no active reviewer or admin to assign to");
    return null;
  }
  await tx.update(filters).set({ lastAssigneeId: assignee.id }).where(eq(filters.id, queue.id));
  return { filterId, queueName: queue.name, mode: queue.assignment, assignee };
}

/** The e-mail of the member assigned last (round robin's position), also when they are no longer a member. */
async function emailOf(tx: Db, projectId: string, userId: string | null, members: QueueMember[]): Promise<string | null> {
  if (!userId) return null;
  const member = members.find((m) => m.id === userId);
  if (member) return member.email;
  const [row] = await tx.select({ email: users.email }).from(users).where(and(eq(users.id, userId), projectFilter(users.projectId, projectId)));
  return row?.email ?? null;
}
