import { statechartGraph } from "./statechart-graph";
import { layoutStatechart, NODE_H, NODE_W, type PlacedNode } from "./statechart-layout";

interface Props {
  /** The definition's `definition` (statechart JSON). */
  statechart: unknown;
  /** The state to highlight (dotted path), e.g. the case's current state. */
  current?: string | null;
  /** Accessible name, e.g. "Statechart of KYB with manual review v2". */
  title: string;
}

const LABEL_MAX = 30;
const short = (s: string) => (s.length > LABEL_MAX ? `${s.slice(0, LABEL_MAX - 1)}…` : s);

/**
 * A server-rendered SVG of a statechart: states as boxes in layers from the initial state (top) down, events as
 * labelled arrows (forward arrows straight down, backward and same-layer arrows curve around the right), final
 * states with a double border, the current state filled. Reused by the case page and the Definitions pages.
 */
export function StatechartDiagram({ statechart, current, title }: Props) {
  const graph = statechartGraph(statechart);
  const layout = layoutStatechart(graph.nodes, graph.edges);
  const at = new Map(layout.nodes.map((n) => [n.id, n]));
  const marker = `arrow-${title.replace(/[^A-Za-z0-9_-]/g, "")}`;
  const centre = layout.width / 2;
  return (
    <figure className="diagram" style={{ margin: 0 }}>
      <svg viewBox={`0 0 ${layout.width} ${layout.height}`} width={layout.width} role="img" aria-label={`${title}${current ? `; current state ${current}` : ""}`} data-testid="statechart">
        <title>{`${title}${current ? ` (current state: ${current})` : ""}`}</title>
        <defs>
          <marker id={marker} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
            <path d="M0,0 L10,5 L0,10 z" fill="#667085" />
          </marker>
        </defs>
        {graph.edges.map((e, i) => {
          const a = at.get(e.from);
          const b = at.get(e.to);
          if (!a || !b) return null;
          const { d, lx, ly } = edgePath(a, b, centre, layout.width, i);
          const label = e.labels.join(", ");
          const w = Math.min(label.length, LABEL_MAX) * 6.1 + 8;
          return (
            <g key={`${e.from}->${e.to}`}>
              <path d={d} fill="none" stroke="#98a2b3" strokeWidth="1.4" markerEnd={`url(#${marker})`} />
              <rect x={lx - w / 2} y={ly - 8} width={w} height={15} rx="3" fill="#fff" opacity="0.92" />
              <text x={lx} y={ly + 3} fontSize="10.5" textAnchor="middle" fill="#475467">
                <title>{label}</title>
                {short(label)}
              </text>
            </g>
          );
        })}
        {layout.nodes.map((n) => (
          <StateBox key={n.id} node={n} current={n.id === current || (!!current && current.startsWith(`${n.id}.`))} />
        ))}
      </svg>
    </figure>
  );
}

function StateBox({ node, current }: { node: PlacedNode; current: boolean }) {
  const fill = current ? "#2457d6" : "#fff";
  const text = current ? "#fff" : "#1b1f24";
  return (
    <g data-state={node.id} data-current={current || undefined}>
      <title>{`${node.id}${node.final ? " (final)" : ""}${node.initial ? " (initial)" : ""}${current ? " – current state" : ""}`}</title>
      {node.initial && <circle cx={node.x - 14} cy={node.y + NODE_H / 2} r="5" fill="#1b1f24" />}
      <rect x={node.x} y={node.y} width={NODE_W} height={NODE_H} rx="8" fill={fill} stroke={current ? "#1a3f9c" : "#667085"} strokeWidth={current ? 2.5 : 1.2} />
      {node.final && <rect x={node.x + 3} y={node.y + 3} width={NODE_W - 6} height={NODE_H - 6} rx="6" fill="none" stroke={current ? "#fff" : "#667085"} strokeWidth="1" />}
      <text x={node.x + NODE_W / 2} y={node.y + NODE_H / 2 + 4} fontSize="12" fontWeight={current ? 700 : 500} textAnchor="middle" fill={text}>
        {node.label.length > 22 ? `${node.label.slice(0, 21)}…` : node.label}
      </text>
    </g>
  );
}

/**
 * Forward edges go down (label near the target, so a fan-out's labels spread apart); backward and same-layer
 * edges, and self-loops, bend around the nearer side of the drawing.
 */
function edgePath(a: PlacedNode, b: PlacedNode, centre: number, width: number, index: number): { d: string; lx: number; ly: number } {
  if (a.id === b.id) {
    const x = a.x + NODE_W;
    const y = a.y + NODE_H / 2;
    return { d: `M${x},${y - 8} C${x + 40},${y - 30} ${x + 40},${y + 30} ${x},${y + 8}`, lx: x + 44, ly: y };
  }
  if (b.layer > a.layer) {
    const x1 = a.x + NODE_W / 2;
    const y1 = a.y + NODE_H;
    const x2 = b.x + NODE_W / 2;
    const y2 = b.y;
    const my = (y1 + y2) / 2;
    // The label sits at t = 0.75 of the cubic (x has moved 3t² − 2t³ ≈ 0.84 of the way, y ≈ 0.70): near the
    // target, so the labels of a fan-out spread apart with their targets.
    return { d: `M${x1},${y1} C${x1},${my} ${x2},${my} ${x2},${y2}`, lx: x1 + (x2 - x1) * 0.84375, ly: y1 + (y2 - y1) * 0.7 };
  }
  const left = (a.x + b.x) / 2 + NODE_W / 2 < centre;
  const ax = left ? a.x : a.x + NODE_W;
  const bx = left ? b.x : b.x + NODE_W;
  const y1 = a.y + NODE_H / 2;
  const y2 = b.y + NODE_H / 2;
  const reach = 40 + (index % 3) * 10;
  const bend = left ? Math.max(8, Math.min(ax, bx) - reach) : Math.min(width - 8, Math.max(ax, bx) + reach);
  const end = left ? bx - 2 : bx + 2;
  return { d: `M${ax},${y1} C${bend},${y1} ${bend},${y2} ${end},${y2}`, lx: bend + (left ? 14 : -14), ly: (y1 + y2) / 2 };
}
