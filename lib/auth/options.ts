import "server-only";
import type { AuthOptions, User as NextAuthUser } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { clientAddress } from "../api/http/client-address";
import { env } from "../config/env";
import { getDb } from "../db/client";
import { masterKeys } from "../security/master-keys";
import { checkCredentials, type SignedInUser } from "./check-credentials";
import { revokeSessions } from "./revoke-sessions";
import { SESSION_MAX_AGE_S, secureSessionCookies, sessionClaims, type SessionClaims } from "./session-token";

export type BackofficeUser = NextAuthUser & SignedInUser;

/**
 * Check e-mail and password for next-auth's credentials callback (`POST /api/auth/callback/credentials`):
 * `checkCredentials` with the client's address; every refusal, locks included, is `null` (next-auth's 401).
 */
export async function authorizeCredentials(email: string, password: string, headers: Headers = new Headers()): Promise<BackofficeUser | null> {
  const outcome = await checkCredentials(await getDb(), email, password, clientAddress(headers, env().TRUSTED_PROXY_HOPS));
  return outcome.kind === "signed_in" ? outcome.user : null;
}

/**
 * A credential worth a database look-up: a non-empty string PostgreSQL can store, of a sane length. A JSON body
 * can send anything (next-auth passes it through); what fails here is refused like a wrong password.
 */
export function plausible(value: unknown): value is string {
  return typeof value === "string" && value.length > 0 && value.length <= 1_000 && !value.includes("\u0000");
}

/** next-auth's request headers (a plain object of strings) as `Headers`. */
function headersOf(raw: Record<string, unknown> | undefined): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw ?? {})) if (typeof value === "string") headers.set(name, value);
  return headers;
}

/**
 * next-auth configuration, built on first use so the session secret is read at run time, not at build time.
 * Sessions are JWTs carrying the user's session version (`sessionClaims`); `currentUser` checks it against the
 * users row on every request, and signing out through next-auth's endpoint moves it on (`revokeSessions`).
 */
export function authOptions(): AuthOptions {
  return {
    secret: masterKeys().authSecret,
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_S },
    useSecureCookies: secureSessionCookies(),
    // Errors go to the login page as well: next-auth's own error page is HTML, a 500 for `?error=Configuration`.
    pages: { signIn: "/login", error: "/login" },
    providers: [
      CredentialsProvider({
        name: "E-mail and password",
        credentials: { email: { label: "E-mail", type: "email" }, password: { label: "Password", type: "password" } },
        authorize: async (credentials, req) =>
          plausible(credentials?.email) && plausible(credentials?.password) ? authorizeCredentials(credentials.email, credentials.password, headersOf(req?.headers)) : null,
      }),
    ],
    callbacks: {
      jwt({ token, user }) {
        if (user) Object.assign(token, sessionClaims(user as BackofficeUser));
        return token;
      },
      session({ session, token }) {
        Object.assign(session, { user: { ...session.user, id: token.uid, role: token.role, projectId: token.projectId, sv: token.sv } });
        return session;
      },
    },
    events: {
      async signOut({ token }) {
        const { uid, sv } = (token ?? {}) as Partial<SessionClaims>;
        if (typeof uid === "string" && typeof sv === "number") await revokeSessions(await getDb(), uid, sv);
      },
    },
  };
}
