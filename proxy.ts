import { NextResponse, type NextRequest } from "next/server";
import { edgeProblem } from "@/lib/api/http/edge-problem";
import { requestIdFor, withHeaders } from "@/lib/api/http/request-id";
import { API_CSP, EVAL_PAGES, isHttps, pagePolicy } from "@/lib/api/http/security-headers.mjs";

/**
 * Pages: a Content-Security-Policy with a fresh nonce per request (Next.js puts it on its scripts), after the edge
 * checks. `/api` paths get here only where the Node edge guard (`lib/api/http/edge-guard.ts`) did not run, i.e.
 * on a platform that runs Next.js without our Node server (Vercel): the proxy then answers what the guard answers
 * on our server, malformed percent-encoding (400), unknown `/api` paths (404) and methods a route does not serve
 * (405 with `Allow`), all problem+json. Static security headers come from next.config.mjs's `headers()`.
 */
export function proxy(req: NextRequest): Response {
  const { pathname } = req.nextUrl;
  const problem = edgeProblem(req.method, pathname, () => requestIdFor(req), req.headers.has("next-action"));
  if (problem) return withHeaders(problem, { "Content-Security-Policy": API_CSP });
  if (pathname === "/api" || pathname.startsWith("/api/")) return NextResponse.next();
  const https = isHttps(req.headers.get("x-forwarded-proto")) || req.nextUrl.protocol === "https:";
  const nonce = crypto.randomUUID().replaceAll("-", "");
  const policy = pagePolicy(nonce, { https, development: process.env.NODE_ENV === "development", allowEval: EVAL_PAGES.test(pathname) });
  const headers = new Headers(req.headers);
  // Next.js reads the nonce from the request's own policy header; a component that loads a script of its own
  // reads `x-nonce` (`(await headers()).get("x-nonce")`).
  headers.set("Content-Security-Policy", policy);
  headers.set("x-nonce", nonce);
  const res = NextResponse.next({ request: { headers } });
  res.headers.set("Content-Security-Policy", policy);
  return res;
}

export const config = {
  matcher: [
    // Pages, not build assets and Next.js's own endpoints (`/_next/*`, `/__nextjs_*` in development), nor router
    // prefetches (their answers are not documents).
    {
      source: "/((?!api(?:/|$)|_next/|__nextjs|favicon\\.ico).*)",
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
    // `/api` unless the Node edge guard already checked the request (EDGE_CHECKED_HEADER, spelled out: Next.js reads
    // this object statically).
    { source: "/api/:path*", missing: [{ type: "header", key: "x-edge-checked" }] },
  ],
};
