import type { CompiledWorkflow } from "./compiled-workflow";
import { finishStep } from "./finish-step";
import { afterEvent } from "./machine-config";
import { machineStep, newTrace } from "./machine-step";
import { activePaths } from "./state-tree";
import type { RuntimeSnapshot, TransitionResult } from "./types";
import { unchanged } from "./unchanged";

/** Which timer came due: the `after` entry `delay` of the state node `node`. */
export interface TimerRef {
  node: string;
  delay: string;
}

/**
 * Takes the delayed transition of a timer that came due: its candidates are tried in order like an `on`
 * entry's (conds read the context), the first that passes is taken and the states it enters run their plugins
 * and start their own timers. When every cond fails, or the workflow is no longer active in `node` (a timer the
 * runtime should have voided), nothing moves and a `no_transition` diagnostic says why.
 *
 * @example
 * fireTimer(compiled, inRevision, { node: "revision", delay: "P14D" }).snapshot.state // "auto_reject"
 */
export function fireTimer(compiled: CompiledWorkflow, snapshot: RuntimeSnapshot, timer: TimerRef): TransitionResult {
  const event = `after ${timer.delay}`;
  if (snapshot.status !== "active" || !activePaths(snapshot.state).includes(timer.node)) {
    const message = `timer '${event}' of '${timer.node}' is void: the workflow is ${snapshot.status} in '${snapshot.state}'`;
    return { ...unchanged(snapshot), diagnostics: [{ kind: "no_transition", state: snapshot.state, event, message }] };
  }
  const trace = newTrace();
  const { leaf, taken } = machineStep(compiled, snapshot.state, snapshot.context, { type: afterEvent(timer.node, timer.delay), origin: "system", trace });
  if (!taken) {
    const message = `timer '${event}' of '${timer.node}' came due but no candidate's cond passed; the workflow stays in '${snapshot.state}'`;
    trace.diagnostics.push({ kind: "no_transition", state: snapshot.state, event, message });
  }
  return finishStep(compiled, { prev: snapshot, leaf, context: snapshot.context, taken, origin: "system", trace, contextChanged: false });
}
