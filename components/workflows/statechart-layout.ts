import type { ChartEdge, ChartNode } from "./statechart-graph";

export interface PlacedNode extends ChartNode {
  x: number;
  y: number;
  layer: number;
}

export interface ChartLayout {
  nodes: PlacedNode[];
  width: number;
  height: number;
}

export const NODE_W = 156;
export const NODE_H = 38;
const GAP_X = 44;
const GAP_Y = 80;
const MARGIN = 24;
/** Room on each side for edges that bend around the layers (backward and same-layer edges). */
export const SIDE = 70;

/**
 * A simple layered layout, top to bottom: a node's layer is its breadth-first distance from the initial state
 * (unreachable states go in a last layer), and each layer's nodes sit under the mean position of their parents
 * (which limits crossings). Deterministic, so server renders are stable.
 *
 * @example
 * layoutStatechart(graph.nodes, graph.edges).nodes.find((n) => n.id === "idle") // { layer: 0, x, y, ... }
 */
export function layoutStatechart(nodes: ChartNode[], edges: ChartEdge[]): ChartLayout {
  const layer = new Map<string, number>();
  const start = nodes.find((n) => n.initial && !nodes.some((c) => c.id.startsWith(`${n.id}.`))) ?? nodes.find((n) => n.initial) ?? nodes[0];
  const queue = start ? [start.id] : [];
  if (start) layer.set(start.id, 0);
  while (queue.length) {
    const id = queue.shift()!;
    for (const e of edges) {
      if (e.from === id && !layer.has(e.to)) {
        layer.set(e.to, layer.get(id)! + 1);
        queue.push(e.to);
      }
    }
  }
  const last = Math.max(-1, ...layer.values()) + 1;
  for (const n of nodes) if (!layer.has(n.id)) layer.set(n.id, last);

  const layers: ChartNode[][] = [];
  for (const n of nodes) (layers[layer.get(n.id)!] ??= []).push(n);
  // Each layer: nodes sorted by the mean x of their parents, packed without overlap, then shifted as a block
  // so they sit as close as possible to those parents (children centred under their parent).
  const x = new Map<string, number>();
  const step = NODE_W + GAP_X;
  layers.forEach((row, li) => {
    if (!row) return;
    const desired = new Map<string, number>();
    for (const n of row) {
      const parents = edges.filter((e) => e.to === n.id && e.from !== n.id && (layer.get(e.from) ?? 0) < li && x.has(e.from)).map((e) => x.get(e.from)!);
      desired.set(n.id, parents.length ? parents.reduce((a, b) => a + b, 0) / parents.length : Number.NaN);
    }
    const fallback = Math.max(0, ...[...x.values()]) + step;
    for (const [id, d] of desired) if (Number.isNaN(d)) desired.set(id, li === 0 ? 0 : fallback);
    const sorted = [...row].sort((a, b) => desired.get(a.id)! - desired.get(b.id)!);
    const packed: number[] = [];
    sorted.forEach((n, i) => packed.push(i === 0 ? desired.get(n.id)! : Math.max(desired.get(n.id)!, packed[i - 1] + step)));
    const shift = sorted.reduce((sum, n, i) => sum + desired.get(n.id)! - packed[i], 0) / sorted.length;
    sorted.forEach((n, i) => x.set(n.id, packed[i] + shift));
  });

  const xs = [...x.values()];
  const minX = Math.min(0, ...xs);
  const width = MARGIN * 2 + SIDE * 2 + (Math.max(0, ...xs) - minX) + NODE_W;
  const placed: PlacedNode[] = [];
  layers.forEach((row, li) => {
    row?.forEach((n) => placed.push({ ...n, layer: li, x: MARGIN + SIDE + x.get(n.id)! - minX, y: MARGIN + li * (NODE_H + GAP_Y) }));
  });
  return { nodes: placed, width, height: MARGIN * 2 + layers.length * NODE_H + Math.max(0, layers.length - 1) * GAP_Y };
}
