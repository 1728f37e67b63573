import type { SessionUser } from "@/lib/auth/session";
import type { UserCaller } from "@/lib/callers/caller";
import type { Db } from "@/lib/db/client";
import { users } from "@/lib/db/schema";

/** A backoffice user both as the session hands it to domain functions and as a settings caller. */
export type TestUser = SessionUser & UserCaller;

/**
 * Insert a user of `projectId`, by default active and named after its email's local part (it never signs in:
 * the password hash is a placeholder), for tests that act as a person.
 *
 * @example
 * const admin = await insertUser(t.db, P, "ada@teams.test", "admin"); // admin.id === admin.userId, admin.name === "ada"
 */
export async function insertUser(
  db: Db,
  projectId: string,
  email: string,
  role: SessionUser["role"] = "reviewer",
  { active = true, firstName = email.split("@")[0] }: { active?: boolean; firstName?: string } = {},
): Promise<TestUser> {
  const [row] = await db.insert(users).values({ projectId, email, role, active, passwordHash: "x", firstName }).returning();
  return { kind: "user", userId: row.id, id: row.id, email, name: row.firstName, role, projectId };
}
