import { withSession } from "@/lib/auth/with-session";
import { getDb } from "@/lib/db/client";
import { rotateWebhookSecretFor } from "@/lib/settings/webhook-settings";

export const dynamic = "force-dynamic";

// POST /api/backoffice/webhooks/secret/rotate – a new signing secret, shown once; the old one also signs for 24 h
export const POST = withSession(async (_req, { user }) => Response.json(await rotateWebhookSecretFor(await getDb(), user)), { adminOnly: true });
