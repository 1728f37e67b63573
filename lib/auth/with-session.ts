import { AppError, forbidden } from "../errors";
import { problemResponse } from "../api/http/problem";
import { requestIdFor, withHeaders } from "../api/http/request-id";
import { observeRequest } from "../api/http/request-log";
import { annotateScope } from "../observability/request-scope";
import { userCaller, type CallerContext } from "../callers/caller";
import { isSameOrigin } from "./same-origin";
import { getDb } from "../db/client";
import { requireCaseVisible, requireQueueVisible } from "../queues/queue-access";
import { currentUser, type SessionUser } from "./session";

/** What a backoffice handler gets besides the request: the caller (for `lib` calls shared with the API) and the session's user. */
export interface SessionContext<P extends Record<string, string> = Record<string, string>> extends CallerContext<P> {
  user: SessionUser;
}

export type SessionHandler<P extends Record<string, string>> = (req: Request, ctx: SessionContext<P>) => Promise<Response>;

export interface SessionOptions {
  /** Only admins may call the route (403 `forbidden` for reviewers). */
  adminOnly?: boolean;
}

type RouteHandler = (req: Request, route?: { params: Promise<Record<string, string>> }) => Promise<Response>;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Wrap a backoffice route handler (`/api/backoffice/...`): the next-auth session is required (401
 * `unauthenticated`), `adminOnly` routes refuse reviewers and auditors (403), auditors may only read (403 for any other method), state-changing methods must come from this
 * app's origin (403 `cross_origin_request`, see `isSameOrigin`), and any thrown error becomes problem+json.
 * A route whose path names a case (`runtimeId`) or a queue (`filterId`) answers 404 `not_found`, before the
 * handler runs, to a reviewer the case or queue is hidden from by queue teams (lib/queues/queue-access.ts).
 *
 * @example
 * // POST /api/backoffice/cases/{runtimeId}/assignment – assign or unassign a case
 * export const POST = withSession<{ runtimeId: string }>(async (req, { caller, params }) => Response.json(...));
 */
export function withSession<P extends Record<string, string> = Record<string, string>>(
  handler: SessionHandler<P>,
  options: SessionOptions = {},
): RouteHandler {
  return async (req, route) => {
    const requestId = requestIdFor(req);
    return observeRequest(req, requestId, async () => {
      try {
        if (!SAFE_METHODS.has(req.method) && !isSameOrigin(req)) {
          throw new AppError("cross_origin_request", "This request did not come from the backoffice's own pages; reload the page and try again.");
        }
        const user = await currentUser(req);
        if (!user) throw new AppError("unauthenticated", "Your session has ended; sign in again.");
        annotateScope({ projectId: user.projectId, caller: `user:${user.id}` });
        if (options.adminOnly && user.role !== "admin") throw forbidden("Only admins can do this.");
        if (user.role === "auditor" && !SAFE_METHODS.has(req.method)) throw forbidden("Auditors have read-only access; they decide, assign and edit nothing.");
        const params = ((await route?.params) ?? {}) as P;
        if (params.runtimeId) await requireCaseVisible(await getDb(), user, params.runtimeId);
        if (params.filterId) await requireQueueVisible(await getDb(), user, params.filterId);
        const res = await handler(req, { caller: userCaller(user), user, params, requestId });
        return withHeaders(res, { "X-Request-Id": requestId, "Cache-Control": "no-store" });
      } catch (error) {
        return withHeaders(problemResponse(error, requestId), { "Cache-Control": "no-store" });
      }
    });
  };
}
