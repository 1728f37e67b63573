import { stateOrThrow, type CompiledWorkflow } from "./compiled-workflow";
import type { RuntimeSnapshot } from "./types";

/**
 * The events the snapshot's current state (and its ancestors) handle; `[]` once the workflow is not active
 * (completed, canceled or failed).
 * Whether a handled event actually moves the workflow depends on its conds.
 *
 * @example
 * acceptedEvents(compiled, { ...snapshot, state: "manual_review" }) // ["approve", "reject", "revision"]
 */
export function acceptedEvents(compiled: CompiledWorkflow, snapshot: RuntimeSnapshot): string[] {
  if (snapshot.status !== "active") return [];
  return [...stateOrThrow(compiled, snapshot.state).accepted];
}
