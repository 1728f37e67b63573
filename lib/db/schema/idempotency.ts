import { index, integer, json, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt, timestamptz } from "./columns";

/**
 * Idempotency-Key records, scoped to project + endpoint, written in the work's own transaction: inserted first
 * (`in_progress`, so concurrent requests with one key wait on the primary key) and completed with the response
 * before the commit. A committed row is therefore always `completed`; only earlier releases could leave an
 * `in_progress` one behind (see lib/api/idempotency.ts).
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    projectId: text("project_id").notNull(),
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    status: text("status").$type<"in_progress" | "completed">().notNull().default("in_progress"),
    responseStatus: integer("response_status"),
    // `json` keeps the stored response byte-for-byte in key order, so a replay is identical to the original.
    responseBody: json("response_body"),
    createdAt: createdAt(),
    expiresAt: timestamptz("expires_at").notNull(),
  },
  (t) => [
    primaryKey({ name: "idempotency_keys_pkey", columns: [t.projectId, t.scope, t.key] }),
    index("idempotency_keys_expires_idx").on(t.expiresAt),
  ],
);

export type IdempotencyKey = typeof idempotencyKeys.$inferSelect;
