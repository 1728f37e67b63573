import type { CompiledWorkflow } from "./compiled-workflow";
import { finishStep } from "./finish-step";
import { deepMerge, isPlainObject } from "./json-utils";
import { initialState, newTrace } from "./machine-step";
import type { JsonObject, TransitionResult } from "./types";

/**
 * Computes the initial snapshot of a new run. The statechart's `context` defaults are deep-merged under
 * `runContext` (the run's values win). Effects: the plugins bound to the initial state(s).
 * `previousState` is `""` and `contextChanged` is false (the initial context is not a change).
 *
 * @example
 * const { snapshot, effects } = startWorkflow(compiled, { entity: { id: "e1", data: { companyName: "Acme" } } });
 * snapshot.state // "idle"
 */
export function startWorkflow(compiled: CompiledWorkflow, runContext: JsonObject): TransitionResult {
  const context = deepMerge(compiled.contextDefaults, isPlainObject(runContext) ? runContext : {});
  return finishStep(compiled, {
    prev: null,
    leaf: initialState(compiled, context),
    context,
    taken: null,
    origin: "system",
    trace: newTrace(),
    contextChanged: false,
  });
}
