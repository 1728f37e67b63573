import { stateOrThrow, type CompiledWorkflow } from "./compiled-workflow";
import { RuntimeNotActiveError, TargetStateUnknownError } from "./errors";
import { finishStep } from "./finish-step";
import { gotoEvent } from "./machine-config";
import { machineStep, newTrace } from "./machine-step";
import { statePathsNamed } from "./state-tree";
import type { EventOrigin, RuntimeSnapshot, TransitionResult } from "./types";

/**
 * A forced transition: enters `target` (a state path such as `review.pending`, or a state name that only one
 * state has) whatever the current state handles, as a plugin action naming a state does. The state is entered
 * like any transition: its plugins (and those of the states entered with it) are effects again, also when it
 * is the current state (a re-entry); a compound state enters its initial leaf; a top-level final state
 * completes the workflow with the outcome `origin` gives it. The context stays as it is.
 *
 * Throws `RuntimeNotActiveError` unless the workflow is active, and `TargetStateUnknownError`
 * (`validation_failed`, listing the states) for a state the definition does not have.
 *
 * @example
 * const r = enterState(compiled, inManualReview, "check_business_details", "api");
 * r.effects // [{ kind: "api_plugin", pluginName: "external_request_example", state: "check_business_details" }]
 */
export function enterState(compiled: CompiledWorkflow, snapshot: RuntimeSnapshot, target: string, origin: EventOrigin): TransitionResult {
  if (snapshot.status !== "active") throw new RuntimeNotActiveError(snapshot.state, snapshot.status);
  stateOrThrow(compiled, snapshot.state);
  const path = targetPath(compiled, target);
  const trace = newTrace();
  const { leaf, taken } = machineStep(compiled, snapshot.state, snapshot.context, { type: gotoEvent(path), origin, trace });
  return finishStep(compiled, { prev: snapshot, leaf, context: snapshot.context, taken, origin, trace, contextChanged: false });
}

/** The states a forced transition may enter (every state path of the definition), in document order. */
export function stateTargets(compiled: CompiledWorkflow): string[] {
  return [...compiled.states.keys()];
}

function targetPath(compiled: CompiledWorkflow, target: string): string {
  const paths = statePathsNamed(compiled.tree, target);
  if (paths.length === 1) return paths[0];
  throw new TargetStateUnknownError(target, paths.length > 1 ? paths : stateTargets(compiled), paths.length > 1);
}
