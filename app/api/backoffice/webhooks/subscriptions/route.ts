import { readJsonBody } from "@/lib/api/http/read-json";
import { withSession } from "@/lib/auth/with-session";
import { getDb } from "@/lib/db/client";
import { createSubscriptionFor, createSubscriptionRequestSchema, listProjectSubscriptionsFor } from "@/lib/settings/webhook-settings";

export const dynamic = "force-dynamic";

// GET /api/backoffice/webhooks/subscriptions – project-level subscriptions, newest first
export const GET = withSession(async (_req, { user }) => Response.json({ data: await listProjectSubscriptionsFor(await getDb(), user) }), { adminOnly: true });

// POST /api/backoffice/webhooks/subscriptions – subscribe a URL to events of every workflow of the project
export const POST = withSession(
  async (req, { user }) => {
    const body = await readJsonBody(req, createSubscriptionRequestSchema, { maxBytes: 20_000 });
    return Response.json(await createSubscriptionFor(await getDb(), user, body), { status: 201 });
  },
  { adminOnly: true },
);
