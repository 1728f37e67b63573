import { bigint, index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns";

/**
 * The audit trail: one row per human or admin action, append-only (a trigger refuses UPDATE and DELETE, see
 * drizzle/0010). `hash` chains each row to the previous row of its project:
 * `sha256(prevHash + canonical JSON of the row's other fields)`, so an altered or removed row breaks the chain
 * (`npm run audit:verify`). `summary` says what changed, never a secret value.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    projectId: text("project_id").notNull(),
    at: timestamptz("at").defaultNow().notNull(),
    actorType: text("actor_type").$type<"user" | "api_key" | "system">().notNull(),
    actorId: text("actor_id"),
    actorName: text("actor_name"),
    action: text("action").notNull(),
    targetType: text("target_type"),
    targetId: text("target_id"),
    requestId: text("request_id"),
    summary: jsonb("summary").$type<Record<string, unknown>>().notNull().default({}),
    prevHash: text("prev_hash").notNull(),
    hash: text("hash").notNull(),
  },
  (t) => [
    index("audit_events_project_idx").on(t.projectId, t.id.desc()),
    index("audit_events_target_idx").on(t.projectId, t.targetType, t.targetId),
  ],
);

export type AuditEvent = typeof auditEvents.$inferSelect;
