import { otherMethods } from "@/lib/api/http/method-not-allowed";
import { bulkSelectionRequestSchema } from "@/lib/api/schemas/bulk-operations";
import { withApiKey } from "@/lib/api/with-api-key";
import { createBulkOperation, type BulkOperationView } from "@/lib/bulk";
import { apiKeyCaller } from "@/lib/callers";

export const dynamic = "force-dynamic";

// POST /api/v1/external/bulk-operations – one action on each selected case (runtimeIds), done in the background (202)
export const POST = withApiKey(
  {
    scope: "runtimes:write",
    body: bulkSelectionRequestSchema,
    idempotencyScope: () => "POST /bulk-operations",
    headers: (body) => ({ Location: `/api/v1/external/bulk-operations/${(body as BulkOperationView).id}` }),
  },
  async ({ db, auth, body }) => {
    const { runtimeIds, ...action } = body;
    return { status: 202, body: await createBulkOperation(db, apiKeyCaller(auth), { source: { runtimeIds }, action }) };
  },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["POST"]);
