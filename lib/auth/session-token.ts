import "server-only";
import { encode, type JWT } from "next-auth/jwt";
import { masterKeys } from "../security/master-keys";
import type { SignedInUser } from "./check-credentials";
import type { UserRole } from "../db/schema/users";

/** How long a backoffice session lasts (seconds). */
export const SESSION_MAX_AGE_S = 12 * 60 * 60;

/** What a session token carries besides next-auth's own claims: who, in which project, and the session version. */
export interface SessionClaims {
  uid: string;
  role: UserRole;
  projectId: string;
  /** `users.session_version` when the session started; `currentUser` refuses the token once the row's differs. */
  sv: number;
}

/** The claims of `user`'s session token, as next-auth's `jwt` callback and our sign-in route both write them. */
export function sessionClaims(user: SignedInUser): SessionClaims {
  return { uid: user.id, role: user.role, projectId: user.projectId, sv: user.sessionVersion };
}

/**
 * Whether session cookies are `Secure` (and `__Secure-` prefixed): when the app's public origin is HTTPS, decided as
 * next-auth decides it (`NEXTAUTH_URL`, else on Vercel). Passed to next-auth as `useSecureCookies`, so it reads
 * the cookie our sign-in route sets under the same name.
 */
export function secureSessionCookies(): boolean {
  const url = process.env.NEXTAUTH_URL;
  return url ? url.startsWith("https://") : !!process.env.VERCEL;
}

/** The session cookie's name (next-auth's). */
export function sessionCookieName(): string {
  return `${secureSessionCookies() ? "__Secure-" : ""}next-auth.session-token`;
}

/**
 * A `Set-Cookie` value holding a session for `user` that next-auth accepts as its own: a token encrypted with
 * next-auth's `encode` and the app's `AUTH_SECRET`, with the claims next-auth's `jwt` callback writes.
 */
export async function sessionCookie(user: SignedInUser): Promise<string> {
  const token: JWT = { name: user.name, email: user.email, sub: user.id, ...sessionClaims(user) };
  const value = await encode({ token, secret: masterKeys().authSecret, maxAge: SESSION_MAX_AGE_S });
  const expires = new Date(Date.now() + SESSION_MAX_AGE_S * 1000).toUTCString();
  return `${sessionCookieName()}=${value}; Path=/; Expires=${expires}; HttpOnly; SameSite=Lax${secureSessionCookies() ? "; Secure" : ""}`;
}

/** A `Set-Cookie` value that removes the session cookie. */
export function clearedSessionCookie(): string {
  return `${sessionCookieName()}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; HttpOnly; SameSite=Lax${secureSessionCookies() ? "; Secure" : ""}`;
}
