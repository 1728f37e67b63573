import type { CompiledWorkflow } from "./compiled-workflow";
import { activePaths } from "./state-tree";
import type { TimerPlan } from "./types";

/**
 * The state nodes a transition from `prevLeaf` to `leaf` enters, ancestors first: the newly active ones, plus
 * the explicit `target` and its active descendants when the transition re-enters an active state (so a
 * self-transition enters its state again). `prevLeaf` null: the workflow starts, every active node is entered.
 *
 * @example
 * enteredPaths("review.pending", "review.pending", "review.pending") // ["review.pending"]
 */
export function enteredPaths(prevLeaf: string | null, leaf: string, target: string | null): string[] {
  const before = new Set(prevLeaf ? activePaths(prevLeaf) : []);
  return activePaths(leaf).filter((path) => !before.has(path) || (target !== null && (path === target || path.startsWith(`${target}.`))));
}

/**
 * The timers of a transition: the `after` timers of the nodes it enters start, those of the nodes still active
 * and not re-entered keep running, every other one is void. The deadline is the `meta.sla` of the innermost
 * active node that has one: kept when that node was active before and not re-entered, set anew (from now) when
 * it was entered or another node's deadline now applies, cleared when no active node has one.
 *
 * @example
 * timerPlan(compiled, "idle", "manual_review", "manual_review")
 * // { keep: [], start: [{ node: "manual_review", delay: "PT24H", delayMs: 86400000 }], deadline: { node: "manual_review", dueMs: 172800000, warnBeforeMs: 43200000 } }
 */
export function timerPlan(compiled: CompiledWorkflow, prevLeaf: string | null, leaf: string, target: string | null): TimerPlan {
  const entered = new Set(enteredPaths(prevLeaf, leaf, target));
  const active = activePaths(leaf);
  const start = active.filter((path) => entered.has(path)).flatMap((node) => (compiled.states.get(node)?.timers ?? []).map((t) => ({ node, ...t })));
  const owner = innermostSla(compiled, active);
  const sla = owner ? compiled.states.get(owner)!.sla! : null;
  const previousOwner = prevLeaf ? innermostSla(compiled, activePaths(prevLeaf)) : null;
  return {
    keep: active.filter((path) => !entered.has(path)),
    start,
    deadline: !owner || !sla ? null : owner === previousOwner && !entered.has(owner) ? "keep" : { node: owner, ...sla },
  };
}

/** A plan that voids every timer and clears the deadline (the workflow ended or was canceled). */
export const NO_TIMERS: TimerPlan = Object.freeze({ keep: [], start: [], deadline: null }) as TimerPlan;

function innermostSla(compiled: CompiledWorkflow, paths: string[]): string | null {
  return paths.findLast((path) => compiled.states.get(path)?.sla) ?? null;
}
