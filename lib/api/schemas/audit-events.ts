import { z } from "zod";
import { nextCursor, timestamp } from "../../api-contract/shapes";
import { cursorParam } from "./common";

const isoTime = z.iso.datetime({ offset: true }).describe("ISO 8601 date-time with offset, e.g. `2026-11-25T10:00:00Z`.");

/** Query of `GET /audit-events` and of the backoffice's Audit page and export. */
export const listAuditEventsQuerySchema = z.strictObject({
  actor: z.string().min(1).max(320).optional().describe("Only rows of this actor: a user's or API key's id, or a user's e-mail."),
  action: z.string().min(1).max(100).optional().describe("Only this action, e.g. `case.decision`; a prefix ending in `.` (`case.`) takes every action under it."),
  targetType: z.string().min(1).max(100).optional().describe("Only targets of this type: `runtime`, `user`, `api_key`, `secret`, `webhook_subscription`, `workflow_definition`, `job`, `project`."),
  target: z.string().min(1).max(500).optional().describe("Only rows whose target has this id (a runtime id, a secret's name, …)."),
  from: isoTime.optional().describe("Only rows at or after this time."),
  to: isoTime.optional().describe("Only rows before this time."),
  limit: z.coerce.number().int().min(1).max(500).default(50).describe("Page size, 1 to 500 (default 50)."),
  cursor: cursorParam,
});

export const auditEventSchema = z.object({
  id: z.int().describe("Increases with time within the installation; the chain of a project follows it."),
  at: timestamp,
  actor: z.object({
    type: z.enum(["user", "api_key", "system"]),
    id: z.string().nullable().describe("The user's or API key's id (null for a failed sign-in: who tried is not known)."),
    name: z.string().nullable().describe("A user's e-mail, when recorded."),
  }),
  action: z.string().describe("e.g. `auth.signed_in`, `case.decision`, `api_key.created`, `secret.deleted`."),
  target: z.object({ type: z.string(), id: z.string().nullable() }).nullable(),
  requestId: z.string().nullable().describe("The `X-Request-Id` of the request that made the change."),
  summary: z.record(z.string(), z.unknown()).describe("What changed: names, ids, states and JSON pointers, never a secret or context value."),
  prevHash: z.string().describe("The hash of the project's previous row (empty for the first)."),
  hash: z.string().describe("sha256 hex of `prevHash` + the canonical JSON of the row's other fields (see docs/audit.md)."),
});

export const auditEventPageSchema = z.object({ data: z.array(auditEventSchema).describe("Newest first."), nextCursor });

export type ListAuditEventsQuery = z.output<typeof listAuditEventsQuerySchema>;

