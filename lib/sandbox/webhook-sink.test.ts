import { afterEach, describe, expect, it } from "vitest";
import { clearSink, recordSinkEntry, sinkEntries, SINK_MAX_JSON_DEPTH } from "./webhook-sink";

const at = "2026-01-01T00:00:00.000Z";
const record = (project: string, name: string, text: string) => recordSinkEntry(project, { at, name, headers: {} }, text, Buffer.byteLength(text));

afterEach(clearSink);

describe("sandbox webhook sink store", () => {
  it("shows JSON bodies parsed and anything else as text, per project and name, oldest first", () => {
    record("p1", "finish", '{"a":1}');
    record("p1", "finish", "plain text");
    record("p1", "fail", "[1,2]");
    record("p2", "finish", '{"b":2}');
    expect(sinkEntries("p1", "finish").map((e) => e.body)).toEqual([{ a: 1 }, "plain text"]);
    expect(sinkEntries("p1", "fail")).toEqual([{ at, name: "fail", headers: {}, body: [1, 2] }]);
    expect(sinkEntries("p3", "finish")).toEqual([]);
  });

  it("shows a body nested deeper than the limit as its text, so answering it cannot overflow the stack", () => {
    const deep = "[".repeat(100_000) + "]".repeat(100_000);
    record("p1", "fail", deep);
    record("p1", "fail", "[".repeat(SINK_MAX_JSON_DEPTH) + "]".repeat(SINK_MAX_JSON_DEPTH));
    const [first, second] = sinkEntries("p1", "fail");
    expect(first.body).toBe(deep);
    expect(Array.isArray(second.body)).toBe(true);
    expect(() => JSON.stringify({ data: sinkEntries("p1", "fail") })).not.toThrow();
  });

  it("keeps the newest 500 entries of a project", () => {
    for (let i = 0; i < 520; i++) record("p1", "n", String(i));
    const kept = sinkEntries("p1", "n");
    expect(kept).toHaveLength(500);
    expect(kept[0].body).toBe(20);
  });

  it("keeps at most 4 MiB per project, names counted, and 32 MiB in all, dropping the least recently written projects first", () => {
    const body = "x".repeat(256 * 1024);
    for (let i = 0; i < 20; i++) record("p1", "n", body);
    expect(sinkEntries("p1", "n")).toHaveLength(15); // 16 × 256 KiB plus the names is over 4 MiB
    record("p1", "k".repeat(300_000), "{}");
    expect(sinkEntries("p1", "n").length).toBeLessThan(15);
    clearSink();
    for (let p = 0; p < 10; p++) for (let i = 0; i < 15; i++) record(`p${p}`, "n", body);
    const kept = Array.from({ length: 10 }, (_, p) => sinkEntries(`p${p}`, "n").length);
    expect(kept.reduce((a, b) => a + b, 0) * body.length).toBeLessThanOrEqual(32 * 1024 * 1024);
    expect(kept[0]).toBe(0);
    expect(kept[9]).toBe(15);
  });
});
