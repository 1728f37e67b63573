import { deleteHandler } from "@/app/api/_handlers/resource";
import { revokeApiKeyFor } from "@/lib/api-keys";
import { withSession } from "@/lib/auth/with-session";

export const dynamic = "force-dynamic";

// DELETE /api/backoffice/api-keys/{keyId} – revoke a key (204; 404 when unknown or already revoked)
export const DELETE = withSession(deleteHandler("keyId", revokeApiKeyFor), { adminOnly: true });
