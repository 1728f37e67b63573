import { bulkOperationHandlers } from "@/app/api/_handlers/bulk-operations";
import { withSession } from "@/lib/auth/with-session";

export const dynamic = "force-dynamic";

// POST /api/backoffice/bulk-operations/{bulkOperationId}/cancel – stop a bulk operation (admins, or the reviewer who started it)
export const POST = withSession<{ bulkOperationId: string }>(bulkOperationHandlers.cancel);
