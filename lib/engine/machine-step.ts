import { createActor, type AnyActorScope, type ExecutableActionObject } from "xstate";
import type { CompiledWorkflow } from "./compiled-workflow";
import type { EngineMachine, MachineEvent, StepTrace, TakenParams } from "./machine-config";
import { toDottedPath, toStateValue } from "./state-value";
import type { JsonObject } from "./types";

/** A fresh, empty trace for one step. */
export function newTrace(): StepTrace {
  return { diagnostics: [], failedReasons: [] };
}

// xstate's exported `transition(machine, snapshot, event)` builds a throwaway actor (and computes the
// machine's initial snapshot) on every call, which costs ~40µs and capped us near 12k steps/s. It is a thin
// wrapper over `machine.transition(snapshot, event, inertScope)`; we do the same with one inert scope per
// machine, reused. Actions are only collected, never executed, so the step stays pure.
const scopes = new WeakMap<EngineMachine, { scope: AnyActorScope; actions: ExecutableActionObject[] }>();

function inertScope(machine: EngineMachine) {
  let entry = scopes.get(machine);
  if (!entry) {
    const self = createActor(machine, { input: {} });
    const actions: ExecutableActionObject[] = [];
    const noop = () => undefined;
    const scope: AnyActorScope = { self, id: "", sessionId: "", logger: noop, defer: noop, emit: noop, system: self.system, stopChild: noop, actionExecutor: (action) => void actions.push(action) };
    entry = { scope, actions };
    scopes.set(machine, entry);
  }
  entry.actions.length = 0;
  return entry;
}

/**
 * Pure initial transition: the machine's initial snapshot for `context` (like xstate's `initialTransition`).
 *
 * @example
 * initialState(compiled, { entity: { id: "e1" } }) // "idle"
 */
export function initialState(compiled: CompiledWorkflow, context: JsonObject): string {
  const { scope } = inertScope(compiled.machine);
  return toDottedPath(compiled.machine.getInitialSnapshot(scope, context).value);
}

/**
 * Runs one pure XState step: rebuilds the machine snapshot from the stored state path + context
 * (`machine.resolveState`), sends `event`, and reports the new leaf path and the transition XState
 * selected (`null` when no candidate passed; the `taken` marker action says which one did).
 *
 * @example
 * machineStep(compiled, "idle", ctx, { type: "start", origin: "api", trace: newTrace() })
 * // { leaf: "check_business_details", taken: { target: "check_business_details" } }
 */
export function machineStep(compiled: CompiledWorkflow, state: string, context: JsonObject, event: MachineEvent): { leaf: string; taken: TakenParams | null } {
  const { machine } = compiled;
  const resolved = machine.resolveState({ value: toStateValue(state), context });
  const { scope, actions } = inertScope(machine);
  const next = machine.transition(resolved, event, scope);
  let taken: TakenParams | null = null;
  for (const action of actions) {
    if (action.type === "taken") taken = action.params as TakenParams;
  }
  actions.length = 0;
  return { leaf: taken ? toDottedPath(next.value) : state, taken };
}
