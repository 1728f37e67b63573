import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { projects } from "./projects";

/** API keys: only a SHA-256 hash of the key is stored; `prefix` is the short visible part shown in lists. */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: text("project_id").notNull().references(() => projects.id),
    name: text("name").notNull(),
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** What the key may do; a key created before scopes existed holds all of them. */
    scopes: text("scopes")
      .array()
      .notNull()
      .default(sql`'{runtimes:write,runtimes:read,definitions:write,secrets:write,webhooks:admin,audit:read}'::text[]`),
    /** After this instant the key answers 401 like a revoked one; null never expires. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("api_keys_key_hash_key").on(t.keyHash), index("api_keys_project_idx").on(t.projectId)],
);

export type ApiKey = typeof apiKeys.$inferSelect;
export type NewApiKey = typeof apiKeys.$inferInsert;
