import { AsyncLocalStorage } from "node:async_hooks";
import { newSpanId, newTraceId, parseTraceparent, type TraceContext } from "./trace-context";

/**
 * What the logs, metrics and outgoing calls of one HTTP request or one job attempt share. Created where the
 * request enters the process (or where a job is claimed) and annotated by the handler wrappers once they know
 * the caller. Holds ids only: never a key, an e-mail or a context value.
 */
export interface RequestScope {
  /** The request's id (`X-Request-Id`); for a job, the id of the request whose step enqueued it. */
  requestId: string;
  /** The W3C trace this work belongs to (the caller's `traceparent`, or a new one). */
  trace: TraceContext;
  /** The route pattern, e.g. `/api/v1/external/workflows/[workflowRuntimeId]`. */
  route?: string;
  projectId?: string;
  /** `api_key:<id>` or `user:<id>`. */
  caller?: string;
}

const STORAGE = Symbol.for("kyc.requestScope");
// One store per process even when the bundler duplicates this module (instrumentation and routes are bundled apart).
const storage: AsyncLocalStorage<RequestScope> = ((globalThis as { [STORAGE]?: AsyncLocalStorage<RequestScope> })[STORAGE] ??=
  new AsyncLocalStorage<RequestScope>());

/** The scope of the request or job this code runs for, if any. */
export function currentScope(): RequestScope | undefined {
  return storage.getStore();
}

/** Run `fn` (and everything it awaits) in `scope`. */
export function runInScope<T>(scope: RequestScope, fn: () => T): T {
  return storage.run(scope, fn);
}

/** A new scope continuing the caller's `traceparent` when it sent a valid one (a new span of its trace). */
export function newScope(requestId: string, traceparent?: string | null): RequestScope {
  const parent = parseTraceparent(traceparent);
  return { requestId, trace: parent ? { ...parent, spanId: newSpanId() } : { traceId: newTraceId(), spanId: newSpanId(), sampled: true } };
}

/** Record who the caller is on the current scope (the handler wrappers, once authenticated). */
export function annotateScope(fields: Pick<RequestScope, "projectId" | "caller">): void {
  const scope = storage.getStore();
  if (scope) Object.assign(scope, fields);
}
