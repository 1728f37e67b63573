import { createHandler } from "@/app/api/_handlers/resource";
import { otherMethods } from "@/lib/api/http/method-not-allowed";
import { readQuery } from "@/lib/api/http/read-query";
import { withApiKey } from "@/lib/api/with-api-key";
import { getDb } from "@/lib/db/client";
import { createSubscriptionRequestSchema, listSubscriptionsQuerySchema } from "@/lib/webhooks/api-schemas";
import { createSubscriptionFor, listSubscriptionsFor } from "@/lib/webhooks/subscriptions";

export const dynamic = "force-dynamic";

// GET /api/v1/external/webhook-subscriptions – the project's subscriptions of one level (default: project level)
export const GET = withApiKey({ scope: "webhooks:admin" }, async (req, { caller }) => {
  const query = readQuery(req, listSubscriptionsQuerySchema);
  return Response.json({ data: await listSubscriptionsFor(await getDb(), caller, query) });
});

// POST /api/v1/external/webhook-subscriptions – subscribe a URL to events of every workflow of the project
export const POST = withApiKey({ scope: "webhooks:admin" }, createHandler(createSubscriptionRequestSchema, createSubscriptionFor, { location: (s) => `/api/v1/external/webhook-subscriptions/${s.id}` }));

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(["GET", "POST"]);
