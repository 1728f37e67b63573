import { bulkOperationHandlers } from "@/app/api/_handlers/bulk-operations";
import { otherMethods } from "@/lib/api/http/method-not-allowed";
import { withApiKey } from "@/lib/api/with-api-key";

export const dynamic = "force-dynamic";

// GET /api/v1/external/bulk-operations/{bulkOperationId} – a bulk operation's progress and its first 100 failures
export const GET = withApiKey<{ bulkOperationId: string }>({ scope: "runtimes:read" }, bulkOperationHandlers.get);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["GET"]);
