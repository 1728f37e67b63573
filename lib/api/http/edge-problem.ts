import { allowHeader } from "./method-not-allowed";
import { problem } from "./problem";
import { apiRouteMethods } from "./route-table";

/** What a page (the backoffice) serves. Next.js answers other methods with an empty 405 (POST: see `serverAction`). */
const PAGE_ALLOW = "GET, HEAD";

/**
 * The problem+json answer for a request no handler should see, or `undefined` to let it through: a path segment
 * that is not valid percent-encoding or decodes to a NUL character (400 `malformed_path`), an unknown `/api` path (404 `not_found`), a method
 * the `/api` route does not implement or a page does not serve (405 with `Allow`; TRACE, PROPFIND, QUERY, ... are
 * served nowhere). A POST with `Next-Action` (a server action, `serverAction`) goes to its page. `requestId` is
 * called only when there is a problem to answer. Costs one scan of the path, and for `/api` paths a walk down the
 * route tree.
 *
 * @example
 * edgeProblem("POST", "/api/health", () => "req-1") // 405, Allow: GET, HEAD, OPTIONS
 * edgeProblem("GET", "/api/health", () => "req-1") // undefined
 */
export function edgeProblem(method: string, pathname: string, requestId: () => string, serverAction = false): Response | undefined {
  const segments = decodedSegments(pathname);
  const shown = pathname.length > 200 ? `${pathname.slice(0, 200)}…` : pathname;
  if (!segments) {
    return problem("malformed_path", `The path '${shown}' is not valid percent-encoding: send UTF-8 and encode a literal '%' as %25.`, [], {}, requestId());
  }
  if (segments.some((s) => s.includes("\u0000"))) {
    // No id or name can hold a NUL (PostgreSQL text cannot store one): refused here for every route at once.
    return problem("malformed_path", `The path '${shown}' contains a NUL character (%00), which no identifier can hold; remove it.`, [], {}, requestId());
  }
  if (segments[0] !== "api") {
    const served = method === "GET" || method === "HEAD" || (method === "POST" && serverAction);
    return served ? undefined : notAllowed(method, PAGE_ALLOW, requestId());
  }
  const methods = apiRouteMethods(segments);
  if (!methods) return problem("not_found", `No endpoint ${method} ${shown}; see /api/v1/openapi.json for the available endpoints.`, [], {}, requestId());
  if (method === "OPTIONS" || methods.includes(method) || (method === "HEAD" && methods.includes("GET"))) return undefined;
  return notAllowed(method, allowHeader(methods), requestId());
}

/** The path's segments, percent-decoded; `null` when one is not valid percent-encoded UTF-8. */
function decodedSegments(pathname: string): string[] | null {
  const segments = pathname.split("/").filter(Boolean);
  if (!pathname.includes("%")) return segments;
  try {
    return segments.map(decodeURIComponent);
  } catch {
    return null;
  }
}

function notAllowed(method: string, allow: string, requestId: string): Response {
  return problem("method_not_allowed", `${method.slice(0, 20)} is not supported on this endpoint; use one of: ${allow}.`, [], { Allow: allow }, requestId);
}
