import { beforeAll } from "vitest";
import type { SessionUser } from "@/lib/auth/session";
import type { UserCaller } from "@/lib/callers/caller";
import type { Db } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import { seedProject } from "./seed";

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

/**
 * A user inserted before the file's tests, like `insertUser`: the object is returned at once and filled in when
 * its `beforeAll` hook runs (after the hooks registered before it, such as `testProject`'s), so read it inside
 * tests and hooks.
 *
 * @example
 * const t = testProject(P);
 * const rita = testUser(t, P, "rita@reassign.test");
 */
export function testUser(
  t: { readonly db: Db },
  projectId: string,
  email: string,
  role?: SessionUser["role"],
  options?: Parameters<typeof insertUser>[4],
): TestUser {
  const filled = {} as TestUser;
  beforeAll(async () => {
    Object.assign(filled, await insertUser(t.db, projectId, email, role, options));
  });
  return filled;
}

/**
 * The people a test of who may do what needs: an admin (`ada@<projectId>.test`) and a reviewer (`rita@…`) of
 * `projectId`, and an admin (`olga@<otherProjectId>.test`) of another project, seeded here; filled in before the
 * file's tests like `testUser`.
 *
 * @example
 * const { admin, reviewer, outsider } = testAuthorizationCast(t, P, "settings_other");
 */
export function testAuthorizationCast(t: { readonly db: Db }, projectId: string, otherProjectId: string): { admin: TestUser; reviewer: TestUser; outsider: TestUser } {
  beforeAll(async () => {
    await seedProject(t.db, otherProjectId);
  });
  return {
    admin: testUser(t, projectId, `ada@${projectId}.test`, "admin"),
    reviewer: testUser(t, projectId, `rita@${projectId}.test`, "reviewer"),
    outsider: testUser(t, otherProjectId, `olga@${otherProjectId}.test`, "admin"),
  };
}
