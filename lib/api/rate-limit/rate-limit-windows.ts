import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rateLimitWindows } from "../../db/schema";

/**
 * Add `count` requests to an API key's shared window and return the window's total over every process, in one
 * statement (an upsert that returns the summed count).
 *
 * @example
 * await addToRateLimitWindow(db, apiKeyId, new Date("2026-01-01T12:00:00Z"), 25); // 1210
 */
export async function addToRateLimitWindow(db: Db, apiKeyId: string, windowStart: Date, count: number): Promise<number> {
  const [row] = await db
    .insert(rateLimitWindows)
    .values({ apiKeyId, windowStart, count })
    .onConflictDoUpdate({ target: [rateLimitWindows.apiKeyId, rateLimitWindows.windowStart], set: { count: sql`${rateLimitWindows.count} + excluded.count` } })
    .returning({ count: rateLimitWindows.count });
  return row.count;
}
