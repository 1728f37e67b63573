import { createHandler, listHandler } from "@/app/api/_handlers/resource";
import { withSession } from "@/lib/auth/with-session";
import { createSubscriptionRequestSchema } from "@/lib/webhooks/api-schemas";
import { createSubscriptionFor, listSubscriptionsFor } from "@/lib/webhooks/subscriptions";

export const dynamic = "force-dynamic";

// GET /api/backoffice/webhooks/subscriptions – project-level subscriptions, newest first
export const GET = withSession(listHandler(listSubscriptionsFor), { adminOnly: true });

// POST /api/backoffice/webhooks/subscriptions – subscribe a URL to events of every workflow of the project
export const POST = withSession(createHandler(createSubscriptionRequestSchema, createSubscriptionFor, { maxBytes: 20_000 }), { adminOnly: true });
