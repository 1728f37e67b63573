import { describe, expect, it } from "vitest";
import { formatTraceparent, newSpanId, newTraceId, parseTraceparent } from "./trace-context";

describe("new trace and span ids", () => {
  it("are lower-case hex of 16 and 8 bytes, all distinct across pool refills, and valid in a traceparent", () => {
    const traces = Array.from({ length: 1000 }, newTraceId);
    const spans = Array.from({ length: 1000 }, newSpanId);
    expect(traces.every((id) => /^[0-9a-f]{32}$/.test(id))).toBe(true);
    expect(spans.every((id) => /^[0-9a-f]{16}$/.test(id))).toBe(true);
    // 24 KiB of ids: the 4 KiB pool was refilled several times, and no bytes were handed out twice.
    expect(new Set(traces).size).toBe(1000);
    expect(new Set(spans).size).toBe(1000);
    const ctx = { traceId: traces[0], spanId: spans[0], sampled: true };
    expect(parseTraceparent(formatTraceparent(ctx))).toEqual(ctx);
  });
});
