import type { Db } from "../db/client";
import { findDefinition } from "../definitions";

type StateMap = Record<string, { states?: StateMap } | undefined>;

/** Dotted state paths of a statechart, parents before children: `review`, `review.pending`, … */
export function statePaths(states: StateMap | undefined, prefix = ""): string[] {
  if (!states || typeof states !== "object") return [];
  return Object.entries(states).flatMap(([name, node]) => {
    const path = prefix ? `${prefix}.${name}` : name;
    return [path, ...statePaths(node?.states, path)];
  });
}

/** The state names of the latest versions of the queue's workflows, for the state quick filter. */
export async function queueStateNames(db: Db, projectId: string, workflowIds: string[]): Promise<string[]> {
  const definitions = await Promise.all(workflowIds.slice(0, 10).map((id) => findDefinition(db, projectId, id)));
  const names = new Set<string>();
  for (const d of definitions) for (const p of statePaths((d?.definition as { states?: StateMap } | undefined)?.states)) names.add(p);
  return [...names];
}
