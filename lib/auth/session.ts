import "server-only";
import { cookies } from "next/headers";
import { decode } from "next-auth/jwt";
import { eq } from "drizzle-orm";
import { getDb, type Db } from "../db/client";
import { isUuid } from "../db/ids";
import { users } from "../db/schema";
import { masterKeys } from "../security/master-keys";
import { sessionCookieName, type SessionClaims } from "./session-token";
import type { UserRole } from "../db/schema/users";

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: UserRole;
  projectId: string;
}

/** A live session: its user as the users row has it now, and the session version its token carries. */
export interface CurrentSession {
  user: SessionUser;
  sessionVersion: number;
}

/**
 * The signed-in backoffice user, or null. For server components, route handlers and server actions; a route
 * handler may pass its request (the cookie is read from it, so it also works outside Next.js's request scope).
 * The session cookie only names the user and the session version it started with: role, active flag and the
 * current session version are read from the users row (one primary-key read) on every call, so demoting,
 * deactivating or signing out takes effect at once rather than when the session expires.
 */
export async function currentUser(req?: Request): Promise<SessionUser | null> {
  return (await currentSession(req))?.user ?? null;
}

/** `currentUser` with the session version its token carries (to revoke it). */
export async function currentSession(req?: Request): Promise<CurrentSession | null> {
  const name = sessionCookieName();
  const token = req ? cookieValue(req.headers.get("cookie"), name) : (await cookies()).get(name)?.value;
  return token ? sessionOf(await getDb(), token) : null;
}

/**
 * The session a session cookie's value holds: next-auth's encrypted token (expiry checked), whose user exists, is
 * active and still has the session version the token carries. A token of a signed-out session, of a user whose
 * password changed or who was deactivated, or without a version (issued before versions existed) is no session.
 */
export async function sessionOf(db: Db, token: string): Promise<CurrentSession | null> {
  let claims: Partial<SessionClaims> | null;
  try {
    claims = (await decode({ token, secret: masterKeys().authSecret })) as Partial<SessionClaims> | null;
  } catch {
    return null; // not ours, tampered with, or expired
  }
  const { uid, sv } = claims ?? {};
  if (typeof uid !== "string" || !isUuid(uid) || typeof sv !== "number") return null;
  const [user] = await db.select().from(users).where(eq(users.id, uid));
  if (!user || !user.active || user.sessionVersion !== sv) return null;
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
  return { user: { id: user.id, email: user.email, name, role: user.role, projectId: user.projectId }, sessionVersion: sv };
}

/** The value of cookie `name` in a `Cookie` header. */
function cookieValue(header: string | null, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}
