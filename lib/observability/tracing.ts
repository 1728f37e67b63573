import { context, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, TraceFlags, type Attributes, type Context, type Span } from "@opentelemetry/api";
import { currentScope, runInScope } from "./request-scope";
import { formatTraceparent, parseTraceparent, type TraceContext } from "./trace-context";

const ENABLED = Symbol.for("kyc.tracingEnabled");
const TRACER = "kyc-workflow-service";

/** Whether an OpenTelemetry SDK was started in this process (`startTracing`). Off: every helper here is a pass-through. */
export function tracingEnabled(): boolean {
  return (globalThis as { [ENABLED]?: boolean })[ENABLED] === true;
}

/** Called once the SDK is registered. */
export function markTracingEnabled(): void {
  (globalThis as { [ENABLED]?: boolean })[ENABLED] = true;
}

export interface SpanOptions {
  kind?: SpanKind;
  attributes?: Attributes;
  /** Continue this remote trace (the caller's `traceparent`) instead of the active span. */
  parent?: TraceContext | null;
  /** Start a new trace linked to these contexts (a job linked to the request that enqueued it). */
  links?: TraceContext[];
}

const asSpanContext = (ctx: TraceContext) => ({ traceId: ctx.traceId, spanId: ctx.spanId, traceFlags: ctx.sampled ? TraceFlags.SAMPLED : TraceFlags.NONE, isRemote: true });

function parentContext(options: SpanOptions): Context {
  if (options.parent) return trace.setSpanContext(ROOT_CONTEXT, asSpanContext(options.parent));
  if (options.links?.length) return ROOT_CONTEXT;
  return context.active();
}

/**
 * A started span that is not yet active: `run` makes it the active span for `fn`, `end` records the status.
 * `undefined` when tracing is off, so the caller pays one flag check.
 */
export interface OpenSpan {
  span: Span;
  run<T>(fn: () => T): T;
  end(error?: unknown, attributes?: Attributes): void;
}

export function openSpan(name: string, options: SpanOptions = {}): OpenSpan | undefined {
  if (!tracingEnabled()) return undefined;
  const parent = parentContext(options);
  const span = trace.getTracer(TRACER).startSpan(
    name,
    { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes, links: options.links?.map((l) => ({ context: asSpanContext(l) })) },
    parent,
  );
  const active = trace.setSpan(parent, span);
  return {
    span,
    run: (fn) => context.with(active, fn),
    end(error, attributes) {
      if (attributes) span.setAttributes(attributes);
      if (error) {
        span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
      }
      span.end();
    },
  };
}

/**
 * Run `fn` in a span named `name` (a child of the active span), ending it when `fn` settles; a throw marks the
 * span as an error. Costs one flag check when tracing is off.
 *
 * @example
 * await inSpan("step", { attributes: { "kyc.runtime_id": runtimeId } }, () => persist());
 */
export async function inSpan<T>(name: string, options: SpanOptions, fn: () => Promise<T>): Promise<T> {
  const open = openSpan(name, options);
  if (!open) return fn();
  try {
    const value = await open.run(fn);
    open.end();
    return value;
  } catch (error) {
    open.end(error);
    throw error;
  }
}

/**
 * The current request or job scope (and active span, with tracing on) as a function that runs work in it: for work
 * handed to another async context (a write batched with other jobs' writes) that must still belong to this one.
 */
export function bindCurrentScope(): <R>(fn: () => R) => R {
  const scope = currentScope();
  const active = tracingEnabled() ? context.active() : undefined;
  return (fn) => {
    const run = active ? () => context.with(active, fn) : fn;
    return scope ? runInScope(scope, run) : run();
  };
}

/**
 * The trace context work started now belongs to: the active span when tracing is on, else the current
 * request's or job's scope. `null` outside both.
 */
export function activeTraceContext(): TraceContext | null {
  if (tracingEnabled()) {
    const ctx = trace.getActiveSpan()?.spanContext();
    if (ctx && trace.isSpanContextValid(ctx)) return { traceId: ctx.traceId, spanId: ctx.spanId, sampled: (ctx.traceFlags & TraceFlags.SAMPLED) === 1 };
  }
  return currentScope()?.trace ?? null;
}

/** The `traceparent` header an outgoing call of the current request or job carries, or `undefined` outside both. */
export function outgoingTraceparent(): string | undefined {
  const ctx = activeTraceContext();
  return ctx ? formatTraceparent(ctx) : undefined;
}

export { parseTraceparent, SpanKind };
