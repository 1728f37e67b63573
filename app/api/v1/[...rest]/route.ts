import { problem } from "@/lib/api/http/problem";
import { requestIdFor } from "@/lib/api/http/request-id";

export const dynamic = "force-dynamic";

/** Anything under /api/v1 that no route matches: 404 problem+json instead of Next's HTML page. */
async function notFoundRoute(req: Request): Promise<Response> {
  const { pathname } = new URL(req.url);
  return problem("not_found", `No endpoint ${req.method} ${pathname}; see /api/v1/openapi.json for the available endpoints.`, [], {}, requestIdFor(req));
}

// GET|POST|PUT|PATCH|DELETE|OPTIONS|HEAD /api/v1/* – unknown route
export { notFoundRoute as GET, notFoundRoute as POST, notFoundRoute as PUT, notFoundRoute as PATCH, notFoundRoute as DELETE, notFoundRoute as OPTIONS, notFoundRoute as HEAD };
