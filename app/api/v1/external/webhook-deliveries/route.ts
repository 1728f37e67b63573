import { otherMethods } from "@/lib/api/http/method-not-allowed";
import { readQuery } from "@/lib/api/http/read-query";
import { withApiKey } from "@/lib/api/with-api-key";
import { getDb } from "@/lib/db/client";
import { listDeliveriesQuerySchema } from "@/lib/webhooks/api-schemas";
import { listDeliveriesFor } from "@/lib/webhooks/deliveries";

export const dynamic = "force-dynamic";

// GET /api/v1/external/webhook-deliveries?workflowRuntimeId= – a runtime's deliveries: status, attempts, last response, next attempt
export const GET = withApiKey({ scope: "webhooks:admin" }, async (req, { caller }) => {
  const query = readQuery(req, listDeliveriesQuerySchema);
  return Response.json({ data: await listDeliveriesFor(await getDb(), caller, query) });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["GET"]);
