import { currentScope } from "./request-scope";
import { activeTraceContext } from "./tracing";
import { formatTraceparent, parseTraceparent, type TraceContext } from "./trace-context";

/** What a job row's payload carries of the work that enqueued it (payload key `trace`). */
export interface JobTrace {
  requestId: string;
  traceparent: string;
}

/**
 * `payload` with the current request's id and trace context under `trace`, so the job's log lines, spans and
 * outgoing calls continue the request's chain; unchanged outside a request or job (or when already set).
 * Stored in the payload rather than a column: the outbox insert carries it at no extra statement.
 */
export function withJobTrace<P extends Record<string, unknown>>(payload: P): P {
  const scope = currentScope();
  const ctx = activeTraceContext();
  if (!scope || !ctx || "trace" in payload) return payload;
  return { ...payload, trace: { requestId: scope.requestId, traceparent: formatTraceparent(ctx) } satisfies JobTrace };
}

/** The request id and trace context a job was enqueued with, or `null` for a job enqueued outside a request. */
export function jobTraceOf(payload: Record<string, unknown>): { requestId: string; trace: TraceContext } | null {
  const stored = payload.trace as Partial<JobTrace> | undefined;
  const trace = parseTraceparent(stored?.traceparent);
  if (!trace || typeof stored?.requestId !== "string") return null;
  return { requestId: stored.requestId, trace };
}
