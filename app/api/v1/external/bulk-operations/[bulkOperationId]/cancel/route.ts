import { bulkOperationHandlers } from "@/app/api/_handlers/bulk-operations";
import { otherMethods } from "@/lib/api/http/method-not-allowed";
import { withApiKey } from "@/lib/api/with-api-key";

export const dynamic = "force-dynamic";

// POST /api/v1/external/bulk-operations/{bulkOperationId}/cancel – skip the cases not done yet (409 bulk_operation_finished once it ended)
export const POST = withApiKey<{ bulkOperationId: string }>({ scope: "runtimes:write" }, bulkOperationHandlers.cancel);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["POST"]);
