import type { UserRole } from "../db/schema/users";

/**
 * Who is calling a `lib` function: an API key (the public API, `/api/v1`) or a signed-in user (the backoffice).
 * Both surfaces call the same functions with a caller; the caller's project scopes every query, and
 * `requireAdmin` decides what it may change. The wrappers build it: `withApiKey` from the key, `withSession`
 * from the session.
 *
 * @example
 * const caller = userCaller({ id: "…", role: "reviewer", projectId: "default" });
 * await listSecretsFor(db, caller); // 403 `forbidden`: settings are for admins
 */
export type Caller = ApiKeyCaller | UserCaller;

/** An API key: acts for its whole project (the public API has no roles). */
export interface ApiKeyCaller {
  kind: "api_key";
  apiKeyId: string;
  projectId: string;
}

/** A backoffice user, with the role the session was read with. */
export interface UserCaller {
  kind: "user";
  userId: string;
  projectId: string;
  role: UserRole;
}

export const apiKeyCaller = (key: { apiKeyId: string; projectId: string }): ApiKeyCaller => ({ kind: "api_key", apiKeyId: key.apiKeyId, projectId: key.projectId });

export const userCaller = (user: { id: string; projectId: string; role: UserRole }): UserCaller => ({ kind: "user", userId: user.id, projectId: user.projectId, role: user.role });

/** What a route handler gets from either wrapper (`withApiKey`, `withSession`): a handler of this shape serves both surfaces. */
export interface CallerContext<P extends Record<string, string> = Record<string, string>> {
  caller: Caller;
  /** The awaited dynamic route segments, e.g. `{ subscriptionId }`. */
  params: P;
  /** Also sent back as `X-Request-Id` and quoted in 500 responses and logs. */
  requestId: string;
}

export type CallerHandler<P extends Record<string, string> = Record<string, string>> = (req: Request, ctx: CallerContext<P>) => Promise<Response>;
