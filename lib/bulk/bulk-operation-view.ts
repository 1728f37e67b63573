import { and, eq } from "drizzle-orm";
import { projectFilter } from "../db/raw-sql";
import type { Db } from "../db/client";
import { isUuid } from "../db/ids";
import { bulkOperations, type BulkOperation, type BulkOperationStatus } from "../db/schema";
import { notFound } from "../errors";
import { actionOf, type BulkAction } from "./bulk-action";
import type { ItemProblem } from "./item-problem";

/** A bulk operation as the API and the backoffice show it. */
export interface BulkOperationView {
  id: string;
  status: BulkOperationStatus;
  action: BulkAction;
  /** The filter (queue) whose matching cases it covers; null for a selection of cases. */
  filterId: string | null;
  /** Cases it covers, fixed when it was created. */
  total: number;
  succeeded: number;
  failed: number;
  /** Cases not acted on because it was canceled first. */
  skipped: number;
  /** Cases still to do (0 once completed or canceled). */
  pending: number;
  /** The first 100 failed cases, in the order they failed, each with the problem its action answered. */
  failures: { runtimeId: string; problem: ItemProblem }[];
  createdBy: { type: "user" | "api_key"; id: string | null };
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
}

export function toBulkOperationView(row: BulkOperation): BulkOperationView {
  const open = row.total - row.succeeded - row.failed;
  const finished = row.status === "completed" || row.status === "canceled";
  return {
    id: row.id,
    status: row.status,
    action: actionOf(row),
    filterId: row.filterId,
    total: row.total,
    succeeded: row.succeeded,
    failed: row.failed,
    skipped: row.status === "canceled" ? open : 0,
    pending: finished ? 0 : open,
    failures: row.failures as BulkOperationView["failures"],
    createdBy: { type: row.actorType === "api_key" ? "api_key" : "user", id: row.actorId },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** The project's bulk operation `id` (its row); 404 `not_found` when absent, in another project, or not a UUID. */
export async function getBulkOperationRowOrThrow(db: Db, projectId: string, id: string): Promise<BulkOperation> {
  const [row] = isUuid(id) ? await db.select().from(bulkOperations).where(and(eq(bulkOperations.id, id), projectFilter(bulkOperations.projectId, projectId))) : [];
  if (!row) throw notFound("Bulk operation", id);
  return row;
}

/** `GET /bulk-operations/{id}`: the operation's progress and its first failures. */
export async function getBulkOperation(db: Db, projectId: string, id: string): Promise<BulkOperationView> {
  return toBulkOperationView(await getBulkOperationRowOrThrow(db, projectId, id));
}
