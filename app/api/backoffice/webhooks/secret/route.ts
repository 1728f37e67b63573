import { withSession } from "@/lib/auth/with-session";
import { getDb } from "@/lib/db/client";
import { webhookSecretStatusFor } from "@/lib/settings/webhook-settings";

export const dynamic = "force-dynamic";

// GET /api/backoffice/webhooks/secret – whether a signing secret exists, with fingerprints; never the value
export const GET = withSession(async (_req, { user }) => Response.json(await webhookSecretStatusFor(await getDb(), user)), { adminOnly: true });
