import http from "node:http";
import { edgeProblem } from "./edge-problem";
import { requestIdFrom } from "./request-id";
import { hookServerRequests } from "./server-request-hook";
import { apiAnswerHeaders, isHttps } from "./security-headers.mjs";


/**
 * Set on every request the guard let through. proxy.ts's matcher skips `/api` paths that carry it (`missing`), so
 * on our Node server the proxy runs for pages only; where no guard runs (Vercel), the proxy checks `/api` itself.
 * proxy.ts must spell it literally (Next.js reads its `config` statically); `edge-guard.test.ts` checks that.
 */
export const EDGE_CHECKED_HEADER = "x-edge-checked";

/**
 * Answer what no handler should see before Next.js does, on the Node HTTP server itself: `edgeProblem`'s
 * malformed paths (400), unknown `/api` paths (404) and unserved methods (405 with `Allow`), TRACE included
 * (Next.js cannot build a WHATWG `Request` for TRACE and answers a `text/plain` 500 nothing can change). Hooked into
 * the server once per process (`hookServerRequests`); a request it lets through is marked with `EDGE_CHECKED_HEADER`
 * (overwriting any value the client sent). A few microseconds per request, where proxy.ts costs about a
 * millisecond (docs/performance.md). CONNECT never becomes a `request` event; TRACK is refused by Node's parser.
 */
export function installEdgeGuard(): void {
  hookServerRequests(Symbol.for("kyc.edgeGuard"), (req, res, next) => {
    const answer = edgeAnswer(req);
    if (answer) {
      void writeAnswer(req, res, answer);
      return true;
    }
    req.headers[EDGE_CHECKED_HEADER] = "1";
    return next();
  });
}

/** The problem+json answer for `req`, or `undefined` to let it through (see `edgeProblem`; TRACE always gets one). */
export function edgeAnswer(req: http.IncomingMessage): Response | undefined {
  const method = req.method ?? "GET";
  const requestId = () => {
    const header = req.headers["x-request-id"];
    return requestIdFrom(Array.isArray(header) ? header[0] : header);
  };
  return edgeProblem(method, pathOf(req.url), requestId, req.headers["next-action"] !== undefined);
}

/** The request target's path as Next.js will route it (WHATWG URL parsing: dot segments resolved, `\` as `/`). */
function pathOf(url: string | undefined): string {
  try {
    return new URL(url ?? "/", "http://localhost").pathname;
  } catch {
    // An unparsable request target has no path: judge it as "/".
    return "/";
  }
}

async function writeAnswer(req: http.IncomingMessage, res: http.ServerResponse, answer: Response): Promise<void> {
  const body = await answer.text();
  req.resume();
  const https = isHttps(req.headers["x-forwarded-proto"], (req.socket as { encrypted?: boolean }).encrypted);
  res.writeHead(answer.status, { ...apiAnswerHeaders(https), ...Object.fromEntries(answer.headers) });
  res.end(body);
}
