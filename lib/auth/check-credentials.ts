import { and, eq } from "drizzle-orm";
import { env } from "../config/env";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { clearLoginFailures, forgetLoginAttempt, takeLoginAttempt, throttleKeys, type ThrottlePolicy } from "./login-throttle";
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from "./password";
import { recordAudit } from "../audit/record-audit";
import type { UserRole } from "../db/schema/users";

/** Who signed in, as the session token records it. */
export interface SignedInUser {
  id: string;
  email: string;
  name: string;
  role: UserRole;
  projectId: string;
  /** `users.session_version` at sign-in: the session ends when it changes (sign-out, password change, deactivation). */
  sessionVersion: number;
}

/**
 * - `signed_in`: the password is right and the account active;
 * - `refused`: anything else that was checked, one answer for a wrong password, an unknown e-mail and an inactive account;
 * - `locked`: the e-mail or the client address had too many failures; nothing was checked, and `retryAfterMs`
 *   says when the lock ends (locks fall on unknown e-mails alike, so this says nothing about the account either).
 */
export type SignInOutcome = { kind: "signed_in"; user: SignedInUser } | { kind: "refused" } | { kind: "locked"; retryAfterMs: number };

const DAY_MS = 24 * 60 * 60_000;

/**
 * The throttle's policies: an e-mail locks after 5 failures, a client address after 20 (a spray across accounts);
 * locks start at `LOGIN_LOCK_BASE_MS` (30 s) and double up to `LOGIN_LOCK_MAX_MS` (15 min); a day without
 * failures forgets them.
 */
export function throttlePolicies(): { account: ThrottlePolicy; address: ThrottlePolicy } {
  const { LOGIN_LOCK_BASE_MS: baseLockMs, LOGIN_LOCK_MAX_MS: maxLockMs } = env();
  const lock = { baseLockMs, maxLockMs: Math.max(baseLockMs, maxLockMs), forgetAfterMs: DAY_MS };
  return { account: { freeFailures: 5, ...lock }, address: { freeFailures: 20, ...lock } };
}

/**
 * Check an e-mail and password from `address` (`clientAddress`, or null when unknown) against the throttle and the
 * users table. Each attempt is counted as a failure before any password is checked (`takeLoginAttempt`), so guesses
 * sent at once cannot all pass the lock check. While the e-mail or the address is locked nothing is hashed and the
 * attempt counts against the locked key(s) only; otherwise unknown users cost the same hashing work as wrong
 * passwords, and a failure counts against both. A success clears the e-mail's failures and gives back the address's
 * advance count (not its earlier failures: a sprayer holding one valid account could otherwise reset them) and
 * rehashes a password stored with weaker scrypt parameters.
 *
 * @example
 * await checkCredentials(db, "Ada@Example.com", "a long passphrase", "198.51.100.7") // { kind: "signed_in", user: { ... } }
 */
export async function checkCredentials(db: Db, email: string, password: string, address: string | null): Promise<SignInOutcome> {
  const normalized = email.trim().toLowerCase();
  const keys = throttleKeys(normalized, address);
  const policies = throttlePolicies();
  const now = new Date();
  const checked = keys.address ? [keys.account, keys.address] : [keys.account];
  // Counted before any password is checked (against the locked key(s) only while locked; a lock's end does not move).
  const locks = await takeLoginAttempt(db, checked, (key) => (key === keys.account ? policies.account : policies.address), now);
  if (locks.size > 0) return { kind: "locked", retryAfterMs: Math.max(...[...locks.values()].map((end) => end.getTime())) - now.getTime() };
  const [user] = await db.select().from(users).where(eq(users.email, normalized));
  const valid = await verifyPassword(password, user?.passwordHash ?? dummyPasswordHash());
  if (!user || !user.active || !valid) {
    if (user) await recordSignIn(db, user, "auth.sign_in_failed", { address, reason: user.active ? "wrong_password" : "inactive_user" });
    return { kind: "refused" };
  }
  await clearLoginFailures(db, keys.account);
  if (keys.address) await forgetLoginAttempt(db, keys.address);
  await recordSignIn(db, user, "auth.signed_in", { address });
  if (needsRehash(user.passwordHash)) {
    // The same password at today's parameters: the session version stays, so no session ends.
    const rehashed = await hashPassword(password);
    await db.update(users).set({ passwordHash: rehashed }).where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash)));
  }
  return {
    kind: "signed_in",
    user: { id: user.id, email: user.email, name: `${user.firstName} ${user.lastName}`.trim() || user.email, role: user.role, projectId: user.projectId, sessionVersion: user.sessionVersion },
  };
}

/**
 * A sign-in or a failed one in the account's project audit trail (an e-mail no user has belongs to no project and
 * is only throttled). The actor is named by the account's e-mail (its id only once the password matched); `summary` holds the client address, never the password.
 */
function recordSignIn(db: Db, user: { id: string; email: string; projectId: string }, action: string, summary: Record<string, unknown>) {
  return recordAudit(db, { projectId: user.projectId, actor: { type: "user", id: action === "auth.signed_in" ? user.id : null, name: user.email }, action, target: { type: "user", id: user.id }, summary });
}
