import { and, eq, gt, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { inTransaction } from "../db/transaction";
import { loginThrottle } from "../db/schema";

/** How failures of one key turn into locks. */
export interface ThrottlePolicy {
  /** Failures that lock nothing; the one reaching this count locks for `baseLockMs`. */
  freeFailures: number;
  /** The first lock; each failure after a lock ended locks twice as long as the one before... */
  baseLockMs: number;
  /** ...up to this. */
  maxLockMs: number;
  /** A key whose last failure is this old (and that is not locked) starts counting afresh. */
  forgetAfterMs: number;
}

/** The throttle keys of one sign-in attempt: per e-mail and per client address, never confusable with each other. */
export function throttleKeys(email: string, address: string | null): { account: string; address: string | null } {
  return { account: `email:${email}`, address: address === null ? null : `ip:${address}` };
}

/**
 * The locks running at `now` among `keys`: each locked key with the time it is free again.
 *
 * @example
 * await activeLoginLocks(db, ["email:ada@example.com", "ip:198.51.100.7"]) // Map { "ip:198.51.100.7" => 2030-01-01T00:00:30.000Z }
 */
export async function activeLoginLocks(db: Db, keys: readonly string[], now = new Date()): Promise<Map<string, Date>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({ key: loginThrottle.key, lockedUntil: loginThrottle.lockedUntil })
    .from(loginThrottle)
    .where(and(inArray(loginThrottle.key, [...keys]), gt(loginThrottle.lockedUntil, now)));
  return new Map(rows.map((r) => [r.key, r.lockedUntil!]));
}

/**
 * Count a failed sign-in against `key`, in one statement. The failure that reaches `freeFailures` locks the key
 * for `baseLockMs`; each failure after that lock ended locks it again for twice as long as the last, up to
 * `maxLockMs`. Failures while the key is locked are counted but never move the lock's end, which is fixed when
 * the lock starts. Keys of unknown e-mails lock alike, so a lock reveals nothing.
 */
export async function recordLoginFailure(db: Db, key: string, policy: ThrottlePolicy, now = new Date()): Promise<void> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const { failures, lockedUntil, updatedAt } = loginThrottle;
  const locked = sql`${lockedUntil} > ${at}`;
  // Counting afresh: the last failure is old and no lock is running.
  const forgotten = sql`(not coalesce(${locked}, false) and ${updatedAt} < ${at} - ${policy.forgetAfterMs}::float8 * interval '1 millisecond')`;
  const count = sql`(case when ${forgotten} then 1 else ${failures} + 1 end)`;
  const lockMs = sql`least(${policy.baseLockMs}::float8 * power(2, least(${count} - ${policy.freeFailures}::int, 60)), ${policy.maxLockMs}::float8)`;
  await db
    .insert(loginThrottle)
    .values({ key, failures: 1, updatedAt: now, lockedUntil: policy.freeFailures <= 1 ? new Date(now.getTime() + policy.baseLockMs) : null })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: count,
        lockedUntil: sql`case when coalesce(${locked}, false) then ${lockedUntil}
          when ${count} >= ${policy.freeFailures}::int then ${at} + ${lockMs} * interval '1 millisecond'
          else null end`,
        updatedAt: now,
      },
    });
}

/**
 * Take one sign-in attempt against `keys` atomically: under their rows' locks (created when absent), the locks
 * running at `now`; the attempt is then counted as a failure in advance against the locked keys only, or, with no
 * lock, against every key, before any password is checked. Concurrent attempts thus queue on the rows and see each
 * other's counts: at most `freeFailures` passwords are checked before a lock, however many arrive at once. A
 * success gives its advance failure back (`forgetLoginAttempt`) or clears the key.
 */
export async function takeLoginAttempt(db: Db, keys: readonly string[], policyOf: (key: string) => ThrottlePolicy, now = new Date()): Promise<Map<string, Date>> {
  return inTransaction(db, async (tx) => {
    const sorted = [...keys].sort();
    await tx.insert(loginThrottle).values(sorted.map((key) => ({ key, failures: 0, updatedAt: now }))).onConflictDoNothing();
    await tx.select({ key: loginThrottle.key }).from(loginThrottle).where(inArray(loginThrottle.key, sorted)).orderBy(loginThrottle.key).for("update");
    const locks = await activeLoginLocks(tx, sorted, now);
    for (const key of locks.size > 0 ? [...locks.keys()] : sorted) await recordLoginFailure(tx, key, policyOf(key), now);
    return locks;
  });
}

/** Give back the failure `takeLoginAttempt` counted in advance against `key` for an attempt that succeeded. */
export async function forgetLoginAttempt(db: Db, key: string): Promise<void> {
  await db.update(loginThrottle).set({ failures: sql`greatest(${loginThrottle.failures} - 1, 0)` }).where(eq(loginThrottle.key, key));
}

/** Forget `key`'s failures (after a successful sign-in of that e-mail). */
export async function clearLoginFailures(db: Db, key: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}
