import { and, eq } from "drizzle-orm";
import { forbidden } from "../errors";
import type { SessionUser } from "../auth/session";
import type { Db } from "../db/client";
import { users } from "../db/schema";

/**
 * Settings and definition edits are for admins. Route handlers also refuse reviewers (`withSession`'s
 * `adminOnly`); the lib functions check again so the rule holds for any caller and is tested with a database.
 * Sessions are JWTs that keep the role they were issued with, so the user's row is read too: an admin who was
 * demoted or deactivated since signing in is refused at once, not when the session expires.
 *
 * @example await assertAdmin(db, user, "rotate the webhook signing secret"); // 403 `forbidden` for a reviewer
 */
export async function assertAdmin(db: Db, user: SessionUser, action = "change settings"): Promise<void> {
  if (user.role !== "admin") throw forbidden(`Only admins can ${action}; ask an admin of your project.`);
  if (!(await isActiveAdmin(db, user))) {
    throw forbidden(`Only admins can ${action}, and your account is no longer an active admin; sign out and in again, or ask an admin.`);
  }
}

/** Whether the session's user is, right now, an active admin of its project (pages use it to pick the 403 body). */
export async function isActiveAdmin(db: Db, user: SessionUser): Promise<boolean> {
  if (user.role !== "admin") return false;
  const [row] = await db
    .select({ role: users.role, active: users.active })
    .from(users)
    .where(and(eq(users.id, user.id), eq(users.projectId, user.projectId)))
    .limit(1);
  return !!row?.active && row.role === "admin";
}
