import { named, type RouteGroup } from "../../../api-contract/route-spec";
import { auditEventPageSchema, listAuditEventsQuerySchema } from "../../schemas/audit-events";

/** The audit trail (read-only). */
export const AUDIT_ROUTES: RouteGroup = {
  tag: "Audit",
  description:
    "The project's tamper-evident audit trail: one row per human or API key action (sign-ins, decisions, assignments, notes, case data and document changes, moves, cancels, definitions, API keys, secrets by name, users, webhooks, job retries), chained by hash. Rows cannot be changed or deleted; `npm run audit:verify` recomputes the chain.",
  routes: [
    {
      method: "get",
      path: "/api/v1/external/audit-events",
      scope: "audit:read",
      summary: "List audit events",
      query: listAuditEventsQuerySchema,
      success: { status: 200, description: "A page of audit events, newest first.", schema: named("AuditEventPage", auditEventPageSchema) },
      errors: ["invalid_cursor"],
    },
  ],
};
