/**
 * The nodes and edges of a statechart-json definition, for drawing. Pure; tolerant of odd input (a diagram
 * should still render for a definition the engine would refuse).
 */

export interface ChartNode {
  /** Dotted path: `manual_review`, `review.pending`. */
  id: string;
  label: string;
  final: boolean;
  initial: boolean;
}

export interface ChartEdge {
  from: string;
  to: string;
  /** Event names (with `[if]` for guarded candidates) merged per from/to pair. */
  labels: string[];
}

type StateJson = { type?: string; initial?: string; id?: string; states?: Record<string, StateJson>; on?: Record<string, unknown> };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Flatten a statechart to nodes (every state, by dotted path) and edges (every `on` candidate), resolving
 * targets as XState does for the common forms: sibling name, `.child`, `#id`, else any state of that name.
 *
 * @example
 * statechartGraph({ initial: "idle", states: { idle: { on: { start: "done" } }, done: { type: "final" } } })
 * // nodes: idle (initial), done (final); edges: [{ from: "idle", to: "done", labels: ["start"] }]
 */
export function statechartGraph(statechart: unknown): { nodes: ChartNode[]; edges: ChartEdge[] } {
  const nodes: ChartNode[] = [];
  const raw: { from: string; to: string; label: string }[] = [];
  const byId = new Map<string, string>();
  const chart = isObject(statechart) ? (statechart as StateJson) : {};

  const walk = (states: Record<string, StateJson> | undefined, parent: string, initial: string | undefined, parentInitial: boolean) => {
    if (!isObject(states)) return;
    for (const [name, state] of Object.entries(states)) {
      const id = parent ? `${parent}.${name}` : name;
      const s = isObject(state) ? state : {};
      if (typeof s.id === "string") byId.set(s.id, id);
      nodes.push({ id, label: name, final: s.type === "final", initial: parentInitial && name === initial });
      walk(s.states, id, s.initial, parentInitial && name === initial);
    }
  };
  walk(chart.states, "", chart.initial, true);
  const paths = new Set(nodes.map((n) => n.id));

  const resolve = (from: string, target: string): string | null => {
    if (target.startsWith("#")) return byId.get(target.slice(1)) ?? null;
    if (target.startsWith(".")) return paths.has(`${from}${target}`) ? `${from}${target}` : null;
    const parent = from.includes(".") ? from.slice(0, from.lastIndexOf(".")) : "";
    const sibling = parent ? `${parent}.${target}` : target;
    if (paths.has(sibling)) return sibling;
    return nodes.find((n) => n.label === target || n.id === target)?.id ?? null;
  };

  const collect = (states: Record<string, StateJson> | undefined, parent: string) => {
    if (!isObject(states)) return;
    for (const [name, state] of Object.entries(states)) {
      const from = parent ? `${parent}.${name}` : name;
      const on = isObject(state) && isObject(state.on) ? state.on : {};
      for (const [event, spec] of Object.entries(on)) {
        for (const candidate of Array.isArray(spec) ? spec : [spec]) {
          const target = typeof candidate === "string" ? candidate : isObject(candidate) && typeof candidate.target === "string" ? candidate.target : null;
          const to = target ? resolve(from, target) : null;
          const guarded = isObject(candidate) && candidate.cond !== undefined;
          if (to) raw.push({ from, to, label: guarded ? `${event} [if]` : event });
        }
      }
      if (isObject(state)) collect(state.states, from);
    }
  };
  collect(chart.states, "");

  const edges = new Map<string, ChartEdge>();
  for (const e of raw) {
    const key = `${e.from}\u0000${e.to}`;
    const edge = edges.get(key) ?? { from: e.from, to: e.to, labels: [] };
    if (!edge.labels.includes(e.label)) edge.labels.push(e.label);
    edges.set(key, edge);
  }
  return { nodes, edges: [...edges.values()] };
}
