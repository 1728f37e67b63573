import "server-only";
import type { AuthOptions, User as NextAuthUser } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { eq } from "drizzle-orm";
import { getDb } from "../db/client";
import { users } from "../db/schema";
import { masterKeys } from "../security/master-keys";
import { dummyPasswordHash, verifyPassword } from "./password";
import { clearLoginFailures, isLoginLocked, recordLoginFailure } from "./login-throttle";

export interface BackofficeUser extends NextAuthUser {
  id: string;
  role: "admin" | "reviewer";
  projectId: string;
}

/**
 * Check e-mail and password. Unknown users, wrong passwords, inactive accounts and throttled keys all
 * answer `null` after the same amount of hashing work, so the answer reveals nothing.
 */
export async function authorizeCredentials(email: string, password: string): Promise<BackofficeUser | null> {
  const db = await getDb();
  const key = email.trim().toLowerCase();
  const [user] = await db.select().from(users).where(eq(users.email, key));
  const locked = await isLoginLocked(db, key);
  const valid = await verifyPassword(password, user?.passwordHash ?? dummyPasswordHash());
  if (!user || !user.active || locked || !valid) {
    await recordLoginFailure(db, key);
    return null;
  }
  await clearLoginFailures(db, key);
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
  return { id: user.id, email: user.email, name, role: user.role, projectId: user.projectId };
}

/**
 * A credential worth a database look-up: a non-empty string PostgreSQL can store, of a sane length. A JSON body
 * can send anything (next-auth passes it through); what fails here is refused like a wrong password.
 */
function plausible(value: unknown): value is string {
  return typeof value === "string" && value.length > 0 && value.length <= 1_000 && !value.includes("\u0000");
}

/** next-auth configuration, built on first use so the session secret is read at run time, not at build time. */
export function authOptions(): AuthOptions {
  return {
    secret: masterKeys().authSecret,
    session: { strategy: "jwt", maxAge: 12 * 60 * 60 },
    // Errors go to the login page as well: next-auth's own error page is HTML, a 500 for `?error=Configuration`.
    pages: { signIn: "/login", error: "/login" },
    providers: [
      CredentialsProvider({
        name: "E-mail and password",
        credentials: { email: { label: "E-mail", type: "email" }, password: { label: "Password", type: "password" } },
        authorize: async (credentials) =>
          plausible(credentials?.email) && plausible(credentials?.password) ? authorizeCredentials(credentials.email, credentials.password) : null,
      }),
    ],
    callbacks: {
      jwt({ token, user }) {
        if (user) {
          const u = user as BackofficeUser;
          Object.assign(token, { uid: u.id, role: u.role, projectId: u.projectId });
        }
        return token;
      },
      session({ session, token }) {
        Object.assign(session, { user: { ...session.user, id: token.uid, role: token.role, projectId: token.projectId } });
        return session;
      },
    },
  };
}
