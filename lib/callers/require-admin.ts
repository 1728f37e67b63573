import { and, eq } from "drizzle-orm";
import { projectFilter } from "../db/raw-sql";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { forbidden } from "../errors";
import type { Caller } from "./caller";

/**
 * Settings and definition edits are for admins; an API key may do them for its project. Route handlers also
 * refuse reviewers (`withSession`'s `adminOnly`); the lib functions check again so the rule holds for any caller
 * and is tested with a database. A user's row is read too: an admin who was demoted or deactivated since the
 * caller was built is refused at once.
 *
 * @example await requireAdmin(db, caller, "rotate the webhook signing secret"); // 403 `forbidden` for a reviewer
 */
export async function requireAdmin(db: Db, caller: Caller, action = "change settings"): Promise<void> {
  if (caller.kind === "api_key") return;
  if (caller.role !== "admin") throw forbidden(`Only admins can ${action}; ask an admin of your project.`);
  if (!(await isActiveAdmin(db, caller))) {
    throw forbidden(`Only admins can ${action}, and your account is no longer an active admin; sign out and in again, or ask an admin.`);
  }
}

/** Whether the caller may act as an admin right now: an API key, or a user who is an active admin of its project (pages use it to pick the 403 body). */
export async function isActiveAdmin(db: Db, caller: Caller): Promise<boolean> {
  if (caller.kind === "api_key") return true;
  if (caller.role !== "admin") return false;
  const [row] = await db
    .select({ role: users.role, active: users.active })
    .from(users)
    .where(and(eq(users.id, caller.userId), projectFilter(users.projectId, caller.projectId)))
    .limit(1);
  return !!row?.active && row.role === "admin";
}
