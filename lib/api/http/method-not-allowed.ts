import { problem } from "./problem";
import { requestIdFor } from "./request-id";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";
type PlainHandler = (req: Request) => Promise<Response>;

/** The `Allow` header value for a route implementing `allowed` (HEAD comes with GET, OPTIONS always). */
export function allowHeader(allowed: readonly string[]): string {
  return [...new Set([...allowed, ...(allowed.includes("GET") ? ["HEAD"] : []), "OPTIONS"])].join(", ");
}

/**
 * A route export answering 405 problem+json with an `Allow` header. Next.js answers a method that a route
 * does not export with a bare 405 and no body, so routes export this for the methods they lack.
 */
export function methodNotAllowed(allowed: readonly string[]): PlainHandler {
  const allow = allowHeader(allowed);
  return async (req) =>
    problem("method_not_allowed", `${req.method} is not supported on this endpoint; use one of: ${allow}.`, [], { Allow: allow }, requestIdFor(req));
}

/**
 * Handlers for every method a route does not implement (405 problem+json), plus `OPTIONS` (204 with `Allow`),
 * to destructure into the route's exports.
 *
 * @example
 * // in app/api/v1/external/filters/route.ts, which exports GET and POST:
 * export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(["GET", "POST"]);
 */
export function otherMethods(allowed: readonly Method[]): Record<Method, PlainHandler> {
  const notAllowed = methodNotAllowed(allowed);
  const allow = allowHeader(allowed);
  const options: PlainHandler = async () => new Response(null, { status: 204, headers: { Allow: allow } });
  return { GET: notAllowed, POST: notAllowed, PUT: notAllowed, PATCH: notAllowed, DELETE: notAllowed, OPTIONS: options };
}
