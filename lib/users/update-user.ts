import { and, eq, sql } from "drizzle-orm";
import { projectFilter } from "../db/raw-sql";
import { z } from "zod";
import type { Caller } from "../callers/caller";
import { requireAdmin } from "../callers/require-admin";
import type { Db } from "../db/client";
import { isUuid } from "../db/ids";
import { users } from "../db/schema";
import { hashPassword } from "../auth/password";
import { AppError, notFound } from "../errors";
import { displayName, type UserSummary } from "./list-users";
import { auditedFor } from "../audit/audited-for";

/** Body of `PATCH /api/backoffice/users/{userId}`: a new role, active flag, password, or several. */
export const updateUserRequestSchema = z
  .strictObject({
    role: z.enum(["admin", "reviewer", "auditor"]).optional(),
    active: z.boolean().optional(),
    password: z.string().min(12, "use at least 12 characters").max(200).optional(),
  })
  .refine((b) => b.role !== undefined || b.active !== undefined || b.password !== undefined, "send 'role' ('admin', 'reviewer' or 'auditor'), 'active' (true or false), 'password', or several");

export type UpdateUserRequest = z.output<typeof updateUserRequestSchema>;

/**
 * Change a user's role, deactivate/reactivate them or set a new password (admins only). A user cannot demote or
 * deactivate themself (409 `self_lockout`), so a project always keeps the admin who made the change. Deactivating
 * and setting a password end the user's sessions (`session_version` moves on; for your own password, yours too).
 * Users of other projects are not found.
 *
 * @example await updateUserFor(db, caller, userId, { role: "reviewer" });
 */
export async function updateUserFor(db: Db, caller: Caller, userId: string, patch: UpdateUserRequest): Promise<UserSummary> {
  await requireAdmin(db, caller, "manage users");
  if (caller.kind === "user" && userId === caller.userId && ((patch.role !== undefined && patch.role !== "admin") || patch.active === false)) {
    throw new AppError("self_lockout", patch.active === false
        ? "You cannot deactivate your own account; ask another admin to do it."
        : "You cannot remove your own admin role; ask another admin to do it.");
  }
  if (!isUuid(userId)) throw notFound("User", userId);
  const summary = { role: patch.role, active: patch.active, passwordChanged: patch.password !== undefined || undefined };
  return auditedFor(db, caller, { action: "user.changed", target: { type: "user", id: userId }, summary }, (tx) => writeUserPatch(tx, caller.projectId, userId, patch));
}

async function writeUserPatch(db: Db, projectId: string, userId: string, patch: UpdateUserRequest): Promise<UserSummary> {
  const [row] = await db
    .update(users)
    .set({
      ...(patch.role ? { role: patch.role } : {}),
      ...(patch.active !== undefined ? { active: patch.active } : {}),
      ...(patch.password !== undefined ? { passwordHash: await hashPassword(patch.password) } : {}),
      ...(patch.active === false || patch.password !== undefined ? { sessionVersion: sql`${users.sessionVersion} + 1` } : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(users.id, userId), projectFilter(users.projectId, projectId)))
    .returning({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, role: users.role, active: users.active });
  if (!row) throw notFound("User", userId);
  return { ...row, name: displayName(row) };
}
