import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { notFound, AppError } from "../errors";
import type { SessionUser } from "../auth/session";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { isUuid } from "../db/ids";
import { displayName, listUsers, type UserSummary } from "../users/list-users";
import { assertAdmin } from "./assert-admin";

/** Body of `PATCH /api/backoffice/users/{userId}`: a new role, active flag, or both. */
export const updateUserRequestSchema = z
  .strictObject({ role: z.enum(["admin", "reviewer"]).optional(), active: z.boolean().optional() })
  .refine((b) => b.role !== undefined || b.active !== undefined, "send 'role' ('admin' or 'reviewer'), 'active' (true or false), or both");

export type UpdateUserRequest = z.output<typeof updateUserRequestSchema>;

/** The project's users, active and inactive (admins only). */
export async function listUsersFor(db: Db, user: SessionUser): Promise<UserSummary[]> {
  await assertAdmin(db, user, "manage users");
  return listUsers(db, user.projectId);
}

/**
 * Change a user's role or deactivate/reactivate them. An admin cannot demote or deactivate themself
 * (409 `self_lockout`), so a project always keeps the admin who made the change. Users of other projects
 * are not found.
 */
export async function updateUserFor(db: Db, actor: SessionUser, userId: string, patch: UpdateUserRequest): Promise<UserSummary> {
  await assertAdmin(db, actor, "manage users");
  if (userId === actor.id && (patch.role === "reviewer" || patch.active === false)) {
    throw new AppError("self_lockout", patch.active === false
        ? "You cannot deactivate your own account; ask another admin to do it."
        : "You cannot remove your own admin role; ask another admin to do it.");
  }
  if (!isUuid(userId)) throw notFound("User", userId);
  const [row] = await db
    .update(users)
    .set({ ...(patch.role ? { role: patch.role } : {}), ...(patch.active !== undefined ? { active: patch.active } : {}), updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), eq(users.projectId, actor.projectId)))
    .returning({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, role: users.role, active: users.active });
  if (!row) throw notFound("User", userId);
  return { ...row, name: displayName(row) };
}
