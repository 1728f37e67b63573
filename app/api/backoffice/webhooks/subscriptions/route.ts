import { readJsonBody } from "@/lib/api/http/read-json";
import { withSession } from "@/lib/auth/with-session";
import { getDb } from "@/lib/db/client";
import { createSubscriptionRequestSchema } from "@/lib/webhooks/api-schemas";
import { createSubscriptionFor, listSubscriptionsFor } from "@/lib/webhooks/subscriptions";

export const dynamic = "force-dynamic";

// GET /api/backoffice/webhooks/subscriptions – project-level subscriptions, newest first
export const GET = withSession(async (_req, { caller }) => Response.json({ data: await listSubscriptionsFor(await getDb(), caller) }), { adminOnly: true });

// POST /api/backoffice/webhooks/subscriptions – subscribe a URL to events of every workflow of the project
export const POST = withSession(
  async (req, { caller }) => {
    const body = await readJsonBody(req, createSubscriptionRequestSchema, { maxBytes: 20_000 });
    return Response.json(await createSubscriptionFor(await getDb(), caller, body), { status: 201 });
  },
  { adminOnly: true },
);
