import { stateOrThrow, type CompiledWorkflow } from "./compiled-workflow";
import { EventNotAcceptedError, RuntimeNotActiveError } from "./errors";
import { finishStep } from "./finish-step";
import { machineStep, newTrace } from "./machine-step";
import type { EngineEvent, RuntimeSnapshot, TransitionResult } from "./types";

/**
 * Applies an event to a snapshot and returns the next snapshot plus effects. Pure: the input snapshot is
 * not modified and nothing is performed.
 *
 * - Throws `EventNotAcceptedError` (409, `event_not_accepted`, `.accepted`) when the current state and its
 *   ancestors have no `on` entry for the event, or when the workflow has completed; `RuntimeNotActiveError`
 *   (409, `runtime_not_active`) when it was canceled or has failed (see `assertAcceptsEvent`).
 * - When the event is handled but every candidate's cond fails, nothing moves (`changed: false`) and a
 *   `no_transition` diagnostic is returned.
 * - The event's `payload` is readable by json-logic rules as `event.<path>`; it is not merged into context.
 *
 * @example
 * const r = applyEvent(compiled, snapshot, { type: "approve", origin: "reviewer" });
 * r.snapshot.workflowFinalState // "approved"
 */
export function applyEvent(compiled: CompiledWorkflow, snapshot: RuntimeSnapshot, event: EngineEvent): TransitionResult {
  assertAcceptsEvent(compiled, snapshot, event.type);
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

/**
 * Throws what `applyEvent` would refuse the event with before computing anything: `RuntimeNotActiveError` for a
 * canceled or failed workflow, `EventNotAcceptedError` for a completed one or a state that does not handle the
 * event. Lets a caller refuse an event before other work of the same step (e.g. a context patch).
 *
 * @example
 * assertAcceptsEvent(compiled, { ...snapshot, status: "canceled" }, "start") // throws runtime_not_active
 */
export function assertAcceptsEvent(compiled: CompiledWorkflow, snapshot: RuntimeSnapshot, eventType: string): void {
  if (snapshot.status === "canceled" || snapshot.status === "failed") throw new RuntimeNotActiveError(snapshot.state, snapshot.status);
  if (snapshot.status === "completed") throw new EventNotAcceptedError(snapshot.state, eventType, [], true);
  const state = stateOrThrow(compiled, snapshot.state);
  if (!state.accepted.includes(eventType)) throw new EventNotAcceptedError(snapshot.state, eventType, [...state.accepted]);
}
