import { secretHandlers } from "@/app/api/_handlers/secrets";
import { withSession } from "@/lib/auth/with-session";

export const dynamic = "force-dynamic";

// PUT /api/backoffice/secrets/{name} – create or replace a secret; answers its name and dates, never the value
export const PUT = withSession<{ name: string }>(secretHandlers.put, { adminOnly: true });

// PATCH /api/backoffice/secrets/{name} – bind the secret to hosts (null unbinds); the value is not touched
export const PATCH = withSession<{ name: string }>(secretHandlers.bind, { adminOnly: true });

// DELETE /api/backoffice/secrets/{name} – delete a secret (204; 404 when absent)
export const DELETE = withSession<{ name: string }>(secretHandlers.delete, { adminOnly: true });
