import { webhookHandlers } from "@/app/api/_handlers/webhooks";
import { withSession } from "@/lib/auth/with-session";

export const dynamic = "force-dynamic";

// POST /api/backoffice/webhooks/secret/rotate – a new signing secret, shown once; the old one also signs for 24 h
export const POST = withSession(webhookHandlers.rotateSecret, { adminOnly: true });
