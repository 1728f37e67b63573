import { pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { projects } from "./projects";

/** Plugin secrets, referenced from definitions as `secret.NAME`; `ciphertext` is AES-256-GCM under the master key. */
export const secrets = pgTable(
  "secrets",
  {
    projectId: text("project_id").notNull().references(() => projects.id),
    name: text("name").notNull(),
    ciphertext: text("ciphertext").notNull(),
    /** Hosts the secret may be sent to (exact host names, or `*.example.com`); null: not bound, sent anywhere allowed. */
    allowedHosts: text("allowed_hosts").array(),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [primaryKey({ name: "secrets_pkey", columns: [t.projectId, t.name] })],
);

export type Secret = typeof secrets.$inferSelect;
