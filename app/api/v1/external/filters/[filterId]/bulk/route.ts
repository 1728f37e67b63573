import { otherMethods } from "@/lib/api/http/method-not-allowed";
import { bulkActionRequestSchema } from "@/lib/api/schemas/bulk-operations";
import { withApiKey } from "@/lib/api/with-api-key";
import { createBulkOperation, type BulkOperationView } from "@/lib/bulk";
import { apiKeyCaller } from "@/lib/callers";

export const dynamic = "force-dynamic";

// POST /api/v1/external/filters/{filterId}/bulk – one action on every case the filter matches now, done in the background (202)
export const POST = withApiKey<{ filterId: string }, typeof bulkActionRequestSchema>(
  {
    scope: "runtimes:write",
    body: bulkActionRequestSchema,
    idempotencyScope: (params) => `POST /filters/${params.filterId}/bulk`,
    headers: (body) => ({ Location: `/api/v1/external/bulk-operations/${(body as BulkOperationView).id}` }),
  },
  async ({ db, auth, params, body }) => ({
    status: 202,
    body: await createBulkOperation(db, apiKeyCaller(auth), { source: { filterId: params.filterId }, action: body }),
  }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["POST"]);
