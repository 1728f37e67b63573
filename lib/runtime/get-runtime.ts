import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { workflowRuntimes, type WorkflowRuntime } from "../db/schema";
import { notFound } from "../errors";
import { isUuid } from "../db/ids";

/** The project's runtime `id`, or null (also for ids that are not UUIDs). */
export async function findRuntime(db: Db, projectId: string, id: string): Promise<WorkflowRuntime | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(workflowRuntimes)
    .where(and(eq(workflowRuntimes.id, id), eq(workflowRuntimes.projectId, projectId)));
  return row ?? null;
}

/** The project's runtime `id`; 404 `not_found` otherwise. */
export async function getRuntimeOrThrow(db: Db, projectId: string, id: string): Promise<WorkflowRuntime> {
  const row = await findRuntime(db, projectId, id);
  if (!row) throw notFound("Workflow runtime", id);
  return row;
}
