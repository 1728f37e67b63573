import { unauthorized } from "../errors";
import { problemResponse } from "../api/http/problem";
import { requestIdFor, withHeaders } from "../api/http/request-id";
import { withApiKey, type RouteHandler } from "../api/with-api-key";
import { withSession } from "../auth/with-session";
import { sandboxOnly } from "./guard";

/** What a sandbox handler acting for a project gets besides the request. */
export interface SandboxCallerContext<P extends Record<string, string>> {
  /** The caller's project: the API key's, or the signed-in user's. Scopes everything the handler reads or writes. */
  projectId: string;
  params: P;
  requestId: string;
}

type SandboxHandler<P extends Record<string, string>> = (req: Request, ctx: SandboxCallerContext<P>) => Promise<Response>;

const NO_CREDENTIALS =
  "The sandbox webhook sink needs a caller: send `Authorization: Bearer <API key of the project>` (the worked example's webhook plugins send the secret WEBHOOK_TOKEN), or sign in to the backoffice.";

/**
 * Wrap a sandbox route that acts for a project (the webhook sink). It exists only when APP_ENVIRONMENT=sandbox
 * (404 problem+json otherwise). The caller is an API key (`Authorization: Bearer`, checked and rate-limited
 * like the API, see `withApiKey`) or a signed-in backoffice user (see `withSession`: state-changing requests
 * must come from the app's own pages); with neither, 401 problem+json.
 *
 * @example
 * // GET /api/sandbox/webhook-sink/{name} – what the sink received for the caller's project
 * export const GET = withSandboxCaller<{ name: string }>(async (_req, { projectId, params }) => Response.json({ data: sinkEntries(projectId, params.name) }));
 */
export function withSandboxCaller<P extends Record<string, string> = Record<string, string>>(handler: SandboxHandler<P>): RouteHandler {
  // Any key of the project: the worked example's webhook plugins authenticate with one, whatever its scopes.
  const byApiKey = withApiKey<P>({ scope: null }, (req, { auth, params, requestId }) => handler(req, { projectId: auth.projectId, params, requestId }));
  const bySession = withSession<P>((req, { user, params, requestId }) => handler(req, { projectId: user.projectId, params, requestId }));
  return async (req, route) => {
    const refused = sandboxOnly();
    if (refused) return refused;
    if (req.headers.has("authorization")) return byApiKey(req, route);
    if (req.headers.has("cookie")) return bySession(req, route);
    return withHeaders(problemResponse(unauthorized(NO_CREDENTIALS), requestIdFor(req)), { "Cache-Control": "no-store" });
  };
}
