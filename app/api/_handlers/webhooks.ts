import type { CallerHandler } from "@/lib/callers";
import { getDb } from "@/lib/db/client";
import { redeliverFor } from "@/lib/webhooks/deliveries";
import { getWebhookSecretStatusFor, rotateWebhookSecretFor } from "@/lib/webhooks/rotate-secret";
import { deleteSubscriptionFor } from "@/lib/webhooks/subscriptions";
import { deleteHandler } from "./resource";

const NO_STORE = { headers: { "Cache-Control": "no-store" } };

/**
 * Webhook routes both surfaces serve alike: `/api/v1/external/webhook-*` binds these handlers in `withApiKey`,
 * `/api/backoffice/webhooks/*` in `withSession` (admins only). The caller decides the project and what it may do.
 */
export const webhookHandlers = {
  // GET …/webhook-secret – whether a signing secret exists, with fingerprints; never the value
  secretStatus: (async (_req, { caller }) => Response.json(await getWebhookSecretStatusFor(await getDb(), caller), NO_STORE)) satisfies CallerHandler,

  // POST …/webhook-secret/rotate – a new signing secret, shown once; the old one also signs for 24 h
  rotateSecret: (async (_req, { caller }) => Response.json(await rotateWebhookSecretFor(await getDb(), caller), NO_STORE)) satisfies CallerHandler,

  // DELETE …/webhook-subscriptions/{subscriptionId} – delete a project-level subscription (204)
  deleteSubscription: deleteHandler("subscriptionId", deleteSubscriptionFor),

  // POST …/webhook-deliveries/{deliveryId}/redeliver – send the event again with the same webhook-id (202)
  redeliver: (async (_req, { caller, params }) =>
    Response.json(await redeliverFor(await getDb(), caller, params.deliveryId), { status: 202 })) satisfies CallerHandler<{ deliveryId: string }>,
};
