import { bulkOperationHandlers } from "@/app/api/_handlers/bulk-operations";
import { withSession } from "@/lib/auth/with-session";

export const dynamic = "force-dynamic";

// GET /api/backoffice/bulk-operations/{bulkOperationId} – progress of a bulk operation, for the queue page's progress bar
export const GET = withSession<{ bulkOperationId: string }>(bulkOperationHandlers.get);
