import type { RuntimeSnapshot, TransitionResult } from "./types";

/**
 * A step that changes nothing in the workflow: for actions on a runtime that leave its state and context
 * as they are (an assignment), so that they still pass the one step path.
 *
 * @example
 * unchanged(snapshot).snapshot === snapshot // true
 */
export function unchanged(snapshot: RuntimeSnapshot): TransitionResult {
  return { snapshot, previousState: snapshot.state, changed: false, transitioned: false, contextChanged: false, completed: false, effects: [], diagnostics: [] };
}
