import { and, asc, eq } from "drizzle-orm";
import type { Caller } from "../callers/caller";
import { requireAdmin } from "../callers/require-admin";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import type { UserRole } from "../db/schema/users";

/** A backoffice user as pages and the users API show it (never the password hash). */
export interface UserSummary {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  name: string;
  role: UserRole;
  active: boolean;
}

/** Display name: first and last name, else the e-mail. */
export function displayName(u: { firstName: string; lastName: string; email: string }): string {
  return `${u.firstName} ${u.lastName}`.trim() || u.email;
}

/** The project's users (`activeOnly` for assignment pickers), by name. */
export async function listUsers(db: Db, projectId: string, options: { activeOnly?: boolean } = {}): Promise<UserSummary[]> {
  const rows = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, role: users.role, active: users.active })
    .from(users)
    .where(and(eq(users.projectId, projectId), options.activeOnly ? eq(users.active, true) : undefined))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.email));
  return rows.map((u) => ({ ...u, name: displayName(u) }));
}

/** The caller's project's users, active and inactive, for managing them (admins only). */
export async function listUsersFor(db: Db, caller: Caller): Promise<UserSummary[]> {
  await requireAdmin(db, caller, "manage users");
  return listUsers(db, caller.projectId);
}
