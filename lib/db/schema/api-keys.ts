import { sql } from "drizzle-orm";
import { index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, projectRow, timestamptz } from "./columns";

/** API keys: only a SHA-256 hash of the key is stored; `prefix` is the short visible part shown in lists. */
export const apiKeys = pgTable(
  "api_keys",
  {
    ...projectRow(),
    name: text("name").notNull(),
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamptz("last_used_at"),
    revokedAt: timestamptz("revoked_at"),
    /** What the key may do; a key created before scopes existed holds all of them. */
    scopes: text("scopes")
      .array()
      .notNull()
      .default(sql`'{runtimes:write,runtimes:read,definitions:write,secrets:write,webhooks:admin,audit:read}'::text[]`),
    /** After this instant the key answers 401 like a revoked one; null never expires. */
    expiresAt: timestamptz("expires_at"),
  },
  (t) => [uniqueIndex("api_keys_key_hash_key").on(t.keyHash), index("api_keys_project_idx").on(t.projectId)],
);

export type ApiKey = typeof apiKeys.$inferSelect;
export type NewApiKey = typeof apiKeys.$inferInsert;
