import { webhookHandlers } from "@/app/api/_handlers/webhooks";
import { withSession } from "@/lib/auth/with-session";

export const dynamic = "force-dynamic";

// GET /api/backoffice/webhooks/secret – whether a signing secret exists, with fingerprints; never the value
export const GET = withSession(webhookHandlers.secretStatus, { adminOnly: true });
