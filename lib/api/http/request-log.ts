import http from "node:http";
import { unredactedLogger } from "../../observability/logger";
import { metrics } from "../../observability/metrics";
import { currentScope, newScope, runInScope, type RequestScope } from "../../observability/request-scope";
import { openSpan, parseTraceparent, SpanKind, type OpenSpan } from "../../observability/tracing";
import { requestIdFrom } from "./request-id";
import { apiRoutePattern } from "./route-table";
import { hookServerRequests } from "./server-request-hook";

/**
 * Observe every request the Node HTTP server gets, before Next.js and the edge guard see it: give it a request
 * id (the caller's sane `X-Request-Id`, else a new one, written back into the request's headers so every layer
 * uses the same), a scope the handler wrappers annotate with project and caller, a span when tracing is on, and
 * when the response closes one log line and one histogram observation. Hooked into the server once per process
 * (`hookServerRequests`); install it after the edge guard so the guard's answers are observed too.
 */
export function installRequestLog(): void {
  hookServerRequests(Symbol.for("kyc.requestLog"), observeNodeRequest);
}

/** Run `next` (the server's request handling) observed: see `installRequestLog`. */
export function observeNodeRequest<T>(req: http.IncomingMessage, res: http.ServerResponse, next: () => T): T {
  const started = performance.now();
  const header = req.headers["x-request-id"];
  const requestId = requestIdFrom(Array.isArray(header) ? header[0] : header);
  req.headers["x-request-id"] = requestId;
  const method = req.method ?? "GET";
  const { scope, span } = openRequest(requestId, method, pathOf(req.url), headerValue(req.headers.traceparent));
  res.once("close", () => finishRequest(scope, span, method, res.writableFinished ? res.statusCode : 499, started));
  return runInScope(scope, () => (span ? span.run(next) : next()));
}

/**
 * Observe one route handler call where no server-level observation runs (another host, or a test calling the
 * handler): the same scope, line and metric as `installRequestLog`, measured until the handler answers. Inside
 * an observed request it only runs `handle`.
 */
export async function observeRequest(req: Request, requestId: string, handle: () => Promise<Response>): Promise<Response> {
  if (currentScope()) return handle();
  const started = performance.now();
  const { scope, span } = openRequest(requestId, req.method, new URL(req.url).pathname, req.headers.get("traceparent"));
  let status = 500;
  try {
    const res = await runInScope(scope, () => (span ? span.run(handle) : handle()));
    status = res.status;
    return res;
  } finally {
    finishRequest(scope, span, req.method, status, started);
  }
}

function openRequest(requestId: string, method: string, pathname: string, traceparent: string | null | undefined): { scope: RequestScope; span?: OpenSpan } {
  const scope = newScope(requestId, traceparent);
  scope.route = routeOf(pathname);
  const span = openSpan(`${method} ${scope.route}`, {
    kind: SpanKind.SERVER,
    parent: parseTraceparent(traceparent),
    attributes: { "http.request.method": method, "http.route": scope.route, "kyc.request_id": requestId },
  });
  if (span) scope.trace = { ...scope.trace, ...span.span.spanContext(), sampled: true };
  return { scope, span };
}

function finishRequest(scope: RequestScope, span: OpenSpan | undefined, method: string, status: number, started: number): void {
  const durationMs = Math.round((performance.now() - started) * 10) / 10;
  const route = scope.route ?? "(unknown)";
  metrics().httpDuration.observe({ method, route, status: String(status) }, durationMs / 1000);
  span?.end(status >= 500 ? `status ${status}` : undefined, { "http.response.status_code": status, "kyc.project_id": scope.projectId ?? "", "kyc.caller": scope.caller ?? "" });
  const line = { requestId: scope.requestId, method, route, status, durationMs, projectId: scope.projectId, caller: scope.caller, traceId: scope.trace.traceId };
  if (status >= 500) unredactedLogger().error(line, "request");
  else unredactedLogger().info(line, "request");
}

/**
 * The label a path is logged and measured under, never the raw path (ids would make every request its own
 * series): an `/api` route's pattern, `(unmatched)` for other `/api` paths, `/_next/*` for build assets and
 * `(page)` for the backoffice's pages.
 */
export function routeOf(pathname: string): string {
  const segments = pathname.split("/").filter(Boolean);
  if (segments[0] === "api") {
    let decoded: string[];
    try {
      decoded = segments.map(decodeURIComponent);
    } catch {
      return "(unmatched)";
    }
    return apiRoutePattern(decoded) ?? "(unmatched)";
  }
  return segments[0] === "_next" ? "/_next/*" : "(page)";
}

function pathOf(url: string | undefined): string {
  const path = url ?? "/";
  const q = path.indexOf("?");
  return q < 0 ? path : path.slice(0, q);
}

const headerValue = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
