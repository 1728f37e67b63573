import type { NextRequest } from "next/server";
import { edgeProblem } from "@/lib/api/http/edge-problem";
import { requestIdFor } from "@/lib/api/http/request-id";

/**
 * Runs before every request but build assets, and answers as problem+json what would otherwise fail inside
 * Next.js or get its HTML or empty answers: malformed percent-encoding (400), unknown `/api` paths (404) and
 * methods a route does not serve (405 with `Allow`). TRACE never gets here (Next.js cannot build a request
 * object for it); `lib/api/trace-guard.ts` answers it.
 */
export function proxy(req: NextRequest): Response | undefined {
  return edgeProblem(req.method, req.nextUrl.pathname, () => requestIdFor(req), req.headers.has("next-action"));
}

export const config = {
  // Not for build assets and Next.js's own endpoints (`/_next/*`, `/__nextjs_*` in development): the proxy would
  // only add cost to them.
  matcher: ["/((?!_next/|__nextjs|favicon\\.ico).*)"],
};
