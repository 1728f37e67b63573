import { stateOrThrow, type CompiledWorkflow } from "./compiled-workflow";
import { EventNotAcceptedError } from "./errors";
import { finishStep } from "./finish-step";
import { machineStep, newTrace } from "./machine-step";
import type { EngineEvent, RuntimeSnapshot, TransitionResult } from "./types";

/**
 * Applies an event to a snapshot and returns the next snapshot plus effects. Pure: the input snapshot is
 * not modified and nothing is performed.
 *
 * - Throws `EventNotAcceptedError` (409, `event_not_accepted`, `.accepted`) when the current state and its
 *   ancestors have no `on` entry for the event, or when the workflow has completed.
 * - When the event is handled but every candidate's cond fails, nothing moves (`changed: false`) and a
 *   `no_transition` diagnostic is returned.
 * - The event's `payload` is readable by json-logic rules as `event.<path>`; it is not merged into context.
 *
 * @example
 * const r = applyEvent(compiled, snapshot, { type: "approve", origin: "reviewer" });
 * r.snapshot.workflowFinalState // "approved"
 */
export function applyEvent(compiled: CompiledWorkflow, snapshot: RuntimeSnapshot, event: EngineEvent): TransitionResult {
  if (snapshot.status === "completed") throw new EventNotAcceptedError(snapshot.state, event.type, [], true);
  const state = stateOrThrow(compiled, snapshot.state);
  if (!state.accepted.includes(event.type)) throw new EventNotAcceptedError(snapshot.state, event.type, [...state.accepted]);
  const trace = newTrace();
  const machineEvent = { type: event.type, origin: event.origin, payload: event.payload, trace };
  const { leaf, taken } = machineStep(compiled, snapshot.state, snapshot.context, machineEvent);
  if (!taken) {
    trace.diagnostics.push({
      kind: "no_transition",
      state: snapshot.state,
      event: event.type,
      message: `state '${snapshot.state}' handles '${event.type}' but no candidate's cond passed; the workflow stays in '${snapshot.state}'`,
    });
  }
  return finishStep(compiled, { prev: snapshot, leaf, context: snapshot.context, taken, origin: event.origin, trace, contextChanged: false });
}
