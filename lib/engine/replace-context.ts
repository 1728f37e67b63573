import type { CompiledWorkflow } from "./compiled-workflow";
import { stateOrThrow } from "./compiled-workflow";
import type { JsonObject, RuntimeSnapshot, TransitionResult } from "./types";

/**
 * A step that changes only the context: the state, tags and status stay, no effects run, and
 * `contextChanged` is true (so the runtime's version moves and `workflow.context.*` events are derived).
 * A completed workflow's context cannot change: throws like any step on an unknown state.
 *
 * @example
 * const r = replaceContext(compiled, snapshot, { ...snapshot.context, documents });
 * r.snapshot.state === snapshot.state && r.contextChanged // true
 */
export function replaceContext(compiled: CompiledWorkflow, snapshot: RuntimeSnapshot, context: JsonObject): TransitionResult {
  stateOrThrow(compiled, snapshot.state);
  return {
    snapshot: { ...snapshot, context },
    previousState: snapshot.state,
    changed: false,
    transitioned: false,
    contextChanged: true,
    completed: false,
    effects: [],
    diagnostics: [],
  };
}
