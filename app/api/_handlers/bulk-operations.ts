import { cancelBulkOperation, getBulkOperation } from "@/lib/bulk";
import type { CallerHandler } from "@/lib/callers";
import { getDb } from "@/lib/db/client";

type Path = { bulkOperationId: string };

/**
 * Bulk operation routes both surfaces serve alike: `/api/v1/external/bulk-operations/*` binds these handlers in
 * `withApiKey`, `/api/backoffice/bulk-operations/*` in `withSession`. The caller decides the project and what it may do.
 */
export const bulkOperationHandlers = {
  // GET …/bulk-operations/{bulkOperationId} – progress, counters and the first 100 failures with their problems
  get: (async (_req, { caller, params }) => Response.json(await getBulkOperation(await getDb(), caller.projectId, params.bulkOperationId))) satisfies CallerHandler<Path>,

  // POST …/bulk-operations/{bulkOperationId}/cancel – skip the cases not done yet (409 when it already ended)
  cancel: (async (_req, { caller, params }) => Response.json(await cancelBulkOperation(await getDb(), caller, params.bulkOperationId))) satisfies CallerHandler<Path>,
};
