import { randomBytes } from "node:crypto";

/** A W3C trace context: 32 hex digits of trace id, 16 of parent span id, sampled or not. */
export interface TraceContext {
  traceId: string;
  spanId: string;
  sampled: boolean;
}

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/**
 * The trace context of a `traceparent` header, or `null` when absent or malformed (all-zero ids are invalid).
 *
 * @example
 * parseTraceparent("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01") // { traceId: "4bf9…", spanId: "00f0…", sampled: true }
 */
export function parseTraceparent(header: string | null | undefined): TraceContext | null {
  const m = header ? TRACEPARENT.exec(header.trim().toLowerCase()) : null;
  if (!m || /^0+$/.test(m[1]) || /^0+$/.test(m[2])) return null;
  return { traceId: m[1], spanId: m[2], sampled: (parseInt(m[3], 16) & 1) === 1 };
}

/** The `traceparent` header value of a trace context. */
export function formatTraceparent(ctx: TraceContext): string {
  return `00-${ctx.traceId}-${ctx.spanId}-${ctx.sampled ? "01" : "00"}`;
}

/** A new trace id: 16 random bytes in hex. */
export const newTraceId = (): string => randomHex(16);
/** A new span id: 8 random bytes in hex. */
export const newSpanId = (): string => randomHex(8);

// Every request takes a trace and a span id. `randomBytes` is a system call each time (4 % of the server's time in a
// CPU profile of health checks, for the two); the ids are cut from a pool of random bytes refilled every 4 KiB instead.
const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let used = 0;

function randomHex(bytes: number): string {
  if (used + bytes > pool.length) {
    pool = randomBytes(POOL_BYTES);
    used = 0;
  }
  const hex = pool.toString("hex", used, used + bytes);
  used += bytes;
  return hex;
}
