import { getServerSession } from "next-auth";
import { eq } from "drizzle-orm";
import { getDb } from "../db/client";
import { users } from "../db/schema";
import { authOptions } from "./options";

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: "admin" | "reviewer";
  projectId: string;
}

/**
 * The signed-in backoffice user, or null. For server components, route handlers and server actions.
 * The session cookie only names the user and the session version it started with: role, active flag and the
 * current session version are read from the users row (one primary-key read) on every call, so demoting,
 * deactivating or signing out takes effect at once rather than when the session expires.
 */
export async function currentUser(): Promise<SessionUser | null> {
  return (await currentSession())?.user ?? null;
}

/**
 * `currentUser` with the session version its token carries (to revoke it). A token whose version is not the users
 * row's (signed out, password changed, deactivated), or that has none (issued before versions existed), is no
 * session.
 */
export async function currentSession(): Promise<{ user: SessionUser; sessionVersion: number } | null> {
  const session = await getServerSession(authOptions());
  const { id, sv } = (session?.user ?? {}) as { id?: unknown; sv?: unknown };
  if (typeof id !== "string" || typeof sv !== "number") return null;
  const [user] = await (await getDb()).select().from(users).where(eq(users.id, id));
  if (!user || !user.active || user.sessionVersion !== sv) return null;
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
  return { user: { id: user.id, email: user.email, name, role: user.role, projectId: user.projectId }, sessionVersion: sv };
}
