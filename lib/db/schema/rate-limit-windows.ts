import { integer, pgTable, primaryKey, uuid } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns";

/**
 * Requests admitted per API key in one fixed minute, summed over every app process (`lib/api/rate-limiter.ts`).
 * Unlogged (migration 0006): a count lost in a server crash only forgets part of a minute's budget, and skipping
 * the WAL keeps the frequent upserts cheap. No foreign key, so a sync never touches `api_keys`; the worker's
 * maintenance deletes windows that have ended.
 */
export const rateLimitWindows = pgTable(
  "rate_limit_windows",
  {
    apiKeyId: uuid("api_key_id").notNull(),
    windowStart: timestamptz("window_start").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ name: "rate_limit_windows_pkey", columns: [t.apiKeyId, t.windowStart] })],
);
