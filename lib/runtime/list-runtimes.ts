import { and, desc, eq, exists, lt, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { businesses, endUsers, workflowRuntimes, type WorkflowRuntime } from "../db/schema";
import type { ListWorkflowsQuery } from "../api/schemas";
import { validationFailed } from "../errors";
import { isUuid } from "../db/ids";

/** Opaque keyset cursor over (createdAt desc, id desc). */
function encodeCursor(row: WorkflowRuntime): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString("base64url");
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const createdAt = new Date(at ?? "");
  if (!id || !isUuid(id) || Number.isNaN(createdAt.getTime())) {
    throw validationFailed("The cursor is invalid.", [{ path: "/cursor", message: "pass the nextCursor of the previous page unchanged" }]);
  }
  return { createdAt, id };
}

/**
 * One page of the project's runtimes, newest first, filtered by definition, state, status, tags (any of)
 * and entity (the caller's entity id or our serviceEntityId). Keyset pagination: `nextCursor` is null on the
 * last page.
 */
export async function listRuntimes(db: Db, projectId: string, q: ListWorkflowsQuery): Promise<{ rows: WorkflowRuntime[]; nextCursor: string | null }> {
  const r = workflowRuntimes;
  const conditions: SQL[] = [eq(r.projectId, projectId)];
  if (q.workflowDefinitionId) conditions.push(eq(r.workflowDefinitionId, q.workflowDefinitionId));
  if (q.state) conditions.push(eq(r.state, q.state));
  if (q.status) conditions.push(eq(r.status, q.status));
  if (q.tag?.length) conditions.push(sql`${r.tags} && ${sql.param(q.tag)}::text[]`);
  if (q.entityId) {
    const byCorrelation = or(
      exists(db.select({ one: sql`1` }).from(businesses).where(and(eq(businesses.id, r.businessId), eq(businesses.projectId, projectId), eq(businesses.correlationId, q.entityId)))),
      exists(db.select({ one: sql`1` }).from(endUsers).where(and(eq(endUsers.id, r.endUserId), eq(endUsers.projectId, projectId), eq(endUsers.correlationId, q.entityId)))),
    )!;
    conditions.push(isUuid(q.entityId) ? or(eq(r.businessId, q.entityId), eq(r.endUserId, q.entityId), byCorrelation)! : byCorrelation);
  }
  if (q.cursor) {
    const c = decodeCursor(q.cursor);
    conditions.push(or(lt(r.createdAt, c.createdAt), and(eq(r.createdAt, c.createdAt), lt(r.id, c.id)))!);
  }
  const rows = await db
    .select()
    .from(r)
    .where(and(...conditions))
    .orderBy(desc(r.createdAt), desc(r.id))
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  return { rows: page, nextCursor: rows.length > q.limit ? encodeCursor(page[page.length - 1]) : null };
}
