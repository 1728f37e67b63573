import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { loginThrottle } from "../db/schema";

const FREE_FAILURES = 5;
const BASE_LOCK_MS = 30_000;
const MAX_LOCK_MS = 15 * 60_000;

/** Whether sign-in for `key` (an e-mail) is currently locked after repeated failures. */
export async function isLoginLocked(db: Db, key: string, now = new Date()): Promise<boolean> {
  const [row] = await db.select().from(loginThrottle).where(eq(loginThrottle.key, key));
  return !!row?.lockedUntil && row.lockedUntil > now;
}

/**
 * Count a failed sign-in. After five failures each further one locks the key for 30 s, doubling up to
 * 15 minutes; the lock applies whether or not the account exists, so it reveals nothing.
 */
export async function recordLoginFailure(db: Db, key: string, now = new Date()): Promise<void> {
  const [row] = await db
    .insert(loginThrottle)
    .values({ key, failures: 1, updatedAt: now })
    .onConflictDoUpdate({ target: loginThrottle.key, set: { failures: sql`${loginThrottle.failures} + 1`, updatedAt: now } })
    .returning();
  const over = (row?.failures ?? 0) - FREE_FAILURES;
  if (over >= 0) {
    const lockMs = Math.min(BASE_LOCK_MS * 2 ** over, MAX_LOCK_MS);
    await db.update(loginThrottle).set({ lockedUntil: new Date(now.getTime() + lockMs) }).where(eq(loginThrottle.key, key));
  }
}

export async function clearLoginFailures(db: Db, key: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}
