import { revokeApiKeyFor } from "@/lib/api-keys";
import { withSession } from "@/lib/auth/with-session";
import { getDb } from "@/lib/db/client";

export const dynamic = "force-dynamic";

// DELETE /api/backoffice/api-keys/{keyId} – revoke a key (204; 404 when unknown or already revoked)
export const DELETE = withSession<{ keyId: string }>(
  async (_req, { caller, params }) => {
    await revokeApiKeyFor(await getDb(), caller, params.keyId);
    return new Response(null, { status: 204 });
  },
  { adminOnly: true },
);
