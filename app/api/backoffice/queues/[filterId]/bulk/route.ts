import { readJsonBody } from "@/lib/api/http/read-json";
import { backofficeBulkRequestSchema } from "@/lib/api/schemas/bulk-operations";
import { withSession } from "@/lib/auth/with-session";
import { createBulkOperation } from "@/lib/bulk";
import { getDb } from "@/lib/db/client";
import { queueSelection } from "@/lib/queues/queue-selection";

export const dynamic = "force-dynamic";

// POST /api/backoffice/queues/{filterId}/bulk – one action on the selected cases of the queue, or on all it shows (202)
export const POST = withSession<{ filterId: string }>(async (req, { caller, user, params }) => {
  const { runtimeIds, matching, ...action } = await readJsonBody(req, backofficeBulkRequestSchema, { maxBytes: 100_000 });
  const db = await getDb();
  const { filter, narrow } = await queueSelection(db, user, params.filterId, runtimeIds ? { runtimeIds } : { view: matching ?? {} });
  const created = await createBulkOperation(db, caller, { source: { filterId: filter.id }, action, narrow });
  return Response.json(created, { status: 202, headers: { Location: `/api/backoffice/bulk-operations/${created.id}` } });
});
