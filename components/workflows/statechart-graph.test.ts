import { describe, expect, it } from "vitest";
import example from "../../lib/seed/kyb-manual-review.definition.json";
import { statechartGraph } from "./statechart-graph";
import { layoutStatechart } from "./statechart-layout";

describe("statechartGraph", () => {
  it("lists every state and merges the candidates of one event per target", () => {
    const { nodes, edges } = statechartGraph(example.definition);
    expect(nodes.map((n) => n.id)).toEqual(Object.keys(example.definition.states));
    expect(nodes.find((n) => n.initial)?.id).toBe("idle");
    expect(nodes.filter((n) => n.final).map((n) => n.id).sort()).toEqual(["approve", "auto_approve", "auto_reject", "reject"]);
    expect(edges.find((e) => e.from === "check_business_details" && e.to === "manual_review")?.labels).toEqual(["API_CALL_SUCCESS [if]", "API_CALL_ERROR"]);
    expect(edges.find((e) => e.from === "revision")).toMatchObject({ to: "check_business_details", labels: ["data_updated"] });
  });

  it("resolves nested targets and survives malformed input", () => {
    const nested = statechartGraph({ initial: "a", states: { a: { initial: "x", states: { x: { on: { go: "y" } }, y: { on: { out: "#done" } } } }, b: { id: "done", type: "final" } } });
    expect(nested.edges).toEqual([{ from: "a.x", to: "a.y", labels: ["go"] }, { from: "a.y", to: "b", labels: ["out"] }]);
    expect(statechartGraph(null)).toEqual({ nodes: [], edges: [] });
  });
});

describe("layoutStatechart", () => {
  it("puts states in layers by distance from the initial state, without overlaps", () => {
    const { nodes, edges } = statechartGraph(example.definition);
    const layout = layoutStatechart(nodes, edges);
    const layer = Object.fromEntries(layout.nodes.map((n) => [n.id, n.layer]));
    expect(layer).toMatchObject({ idle: 0, check_business_details: 1, manual_review: 2, auto_approve: 2, approve: 3, revision: 3 });
    for (const a of layout.nodes) for (const b of layout.nodes) if (a !== b && a.layer === b.layer) expect(Math.abs(a.x - b.x)).toBeGreaterThanOrEqual(150);
    expect(Math.min(...layout.nodes.map((n) => n.x))).toBeGreaterThan(0);
    expect(Math.max(...layout.nodes.map((n) => n.x))).toBeLessThan(layout.width);
  });
});
