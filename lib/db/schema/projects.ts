import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** A tenant. Every other row belongs to exactly one project; every query is scoped by it. */
export const projects = pgTable("projects", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  /** Standard Webhooks signing secret (`whsec_...`), encrypted with the master key. */
  webhookSecret: text("webhook_secret"),
  /** The secret being rotated out; still signs deliveries until `webhookSecretPreviousUntil`. */
  webhookSecretPrevious: text("webhook_secret_previous"),
  webhookSecretPreviousUntil: timestamp("webhook_secret_previous_until", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
});

export type Project = typeof projects.$inferSelect;
export type NewProject = typeof projects.$inferInsert;
