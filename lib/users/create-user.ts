import { z } from "zod";
import { AppError } from "../errors";
import { hashPassword } from "../auth/password";
import type { Caller } from "../callers/caller";
import { requireAdmin } from "../callers/require-admin";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { displayName, type UserSummary } from "./list-users";
import { auditedFor } from "../audit/audited-for";

/** Body of `POST /api/backoffice/users`. */
export const createUserSchema = z.strictObject({
  email: z.email().max(320),
  firstName: z.string().trim().max(100).default(""),
  lastName: z.string().trim().max(100).default(""),
  role: z.enum(["admin", "reviewer", "auditor"]),
  password: z.string().min(12, "use at least 12 characters").max(200),
});

export type CreateUserInput = z.infer<typeof createUserSchema>;

/**
 * Create a backoffice user in the project with a scrypt-hashed password. E-mails are stored lower-cased and
 * are unique across the installation: 409 `email_taken` when one exists.
 *
 * @example
 * await createUser(db, "default", { email: "rev@example.com", role: "reviewer", password: "a long passphrase", firstName: "Rae", lastName: "View" })
 */
export async function createUser(db: Db, projectId: string, input: CreateUserInput): Promise<UserSummary> {
  const email = input.email.trim().toLowerCase();
  const [row] = await db
    .insert(users)
    .values({ projectId, email, firstName: input.firstName, lastName: input.lastName, role: input.role, passwordHash: await hashPassword(input.password) })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, role: users.role, active: users.active });
  if (!row) throw new AppError("email_taken", `A user with the e-mail ${email} already exists; choose another e-mail.`, { errors: [{ path: "/email", message: "already in use" }] });
  return { ...row, name: displayName(row) };
}

/** Create a user in the caller's project (admins only). */
export async function createUserFor(db: Db, caller: Caller, input: CreateUserInput): Promise<UserSummary> {
  await requireAdmin(db, caller, "add users");
  return auditedFor(db, caller, (user: UserSummary) => ({ action: "user.created", target: { type: "user", id: user.id }, summary: { email: user.email, role: user.role } }), (tx) =>
    createUser(tx, caller.projectId, input),
  );
}
