import { RuntimeNotActiveError } from "./errors";
import { NO_TIMERS } from "./timer-plan";
import type { RuntimeSnapshot, TransitionResult } from "./types";

/**
 * Cancels an active workflow: its status becomes `canceled`; state, context and tags stay as they were and no
 * effect runs (no state is entered); its timers are void and its deadline cleared. A canceled workflow takes no more events, moves or context changes.
 * Throws `RuntimeNotActiveError` unless the workflow is active (so canceling twice is refused).
 *
 * @example
 * cancelWorkflow(snapshot).snapshot.status // "canceled"
 */
export function cancelWorkflow(snapshot: RuntimeSnapshot): TransitionResult {
  if (snapshot.status !== "active") throw new RuntimeNotActiveError(snapshot.state, snapshot.status);
  return {
    snapshot: { ...snapshot, status: "canceled" },
    previousState: snapshot.state,
    changed: false,
    transitioned: false,
    contextChanged: false,
    completed: false,
    effects: [],
    diagnostics: [],
    timers: NO_TIMERS,
  };
}
