import { index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns";
import { runtimeRecordRow } from "./runtime-record";

export type HistoryKind =
  | "created"
  | "transition"
  | "event_ignored"
  | "plugin_call"
  | "cond_error"
  | "decision"
  | "assignment"
  | "webhook"
  | "context_update"
  | "job_retried"
  | "cancel"
  | "sla_warning"
  | "sla_breached";

export type ActorType = "api_key" | "reviewer" | "system";

/** Append-only timeline of a runtime: never updated or deleted. Payloads hold no secret values. */
export const runtimeHistory = pgTable(
  "runtime_history",
  {
    ...runtimeRecordRow(),
    kind: text("kind").$type<HistoryKind>().notNull(),
    eventName: text("event_name"),
    payload: jsonb("payload"),
    fromState: text("from_state"),
    toState: text("to_state"),
    actorType: text("actor_type").$type<ActorType>().notNull(),
    actorId: text("actor_id"),
    at: timestamptz("at").defaultNow().notNull(),
  },
  (t) => [index("runtime_history_runtime_idx").on(t.runtimeId, t.id)],
);

export type RuntimeHistoryRow = typeof runtimeHistory.$inferSelect;
export type NewRuntimeHistoryRow = typeof runtimeHistory.$inferInsert;
