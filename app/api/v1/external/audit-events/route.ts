import { otherMethods } from "@/lib/api/http/method-not-allowed";
import { readQuery } from "@/lib/api/http/read-query";
import { listAuditEventsQuerySchema } from "@/lib/api/schemas/audit-events";
import { withApiKey } from "@/lib/api/with-api-key";
import { listAuditEvents } from "@/lib/audit/list-audit-events";
import { getDb } from "@/lib/db/client";

// GET /api/v1/external/audit-events?actor=&action=&targetType=&target=&from=&to= – the project's audit trail, newest first
export const GET = withApiKey({ scope: "audit:read" }, async (req, { auth }) => {
  const q = readQuery(req, listAuditEventsQuerySchema);
  return Response.json(await listAuditEvents(await getDb(), auth.projectId, q));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["GET"]);
