import http from "node:http";
import { edgeProblem } from "./edge-problem";
import { requestIdFrom } from "./request-id";

const INSTALLED = Symbol.for("kyc.traceGuard");

type Emit = (this: http.Server, event: string | symbol, ...args: unknown[]) => boolean;

/**
 * Answer `TRACE` requests with a 405 problem+json before Next.js sees them. Next.js builds a WHATWG `Request` for
 * its proxy and for route handlers, and `new Request()` throws for TRACE, so Next.js answers a `text/plain` 500
 * that neither `proxy.ts` nor a route can change. The only place left is the Node HTTP server itself: this wraps
 * `http.Server.prototype.emit` once per process, and costs one comparison per request. (CONNECT never becomes a
 * `request` event and TRACK is refused by Node's parser with its own 400.)
 */
export function installTraceGuard(): void {
  const proto = http.Server.prototype as unknown as { emit: Emit; [INSTALLED]?: true };
  if (proto[INSTALLED]) return;
  proto[INSTALLED] = true;
  const emit = proto.emit;
  proto.emit = function (this: http.Server, event, ...args) {
    if (event === "request" && (args[0] as http.IncomingMessage).method === "TRACE") {
      void answerTrace(args[0] as http.IncomingMessage, args[1] as http.ServerResponse);
      return true;
    }
    return emit.call(this, event, ...args);
  };
}

/** Write the edge answer for a TRACE request (always a problem: TRACE is served nowhere). */
export async function answerTrace(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  let pathname = "/";
  try {
    pathname = new URL(req.url ?? "/", "http://localhost").pathname;
  } catch {
    // An unparsable request target has no path: answer for "/".
  }
  const header = req.headers["x-request-id"];
  const answer = edgeProblem("TRACE", pathname, () => requestIdFrom(Array.isArray(header) ? header[0] : header));
  const status = answer?.status ?? 405;
  const body = answer ? await answer.text() : "";
  req.resume();
  res.writeHead(status, Object.fromEntries(answer?.headers ?? []));
  res.end(body);
}
