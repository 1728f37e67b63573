import { enterState, type EventOrigin } from "../engine";
import type { Db } from "../db/client";
import type { WorkflowRuntime } from "../db/schema";
import { assertExpectedVersion } from "./expected-version";
import { repairReason } from "./repair-reason";
import { step } from "./step";
import type { Actor } from "./types";
import { auditedRuntimeAction } from "../audit/audited-runtime-action";

export interface MoveRuntimeInput {
  projectId: string;
  runtimeId: string;
  /** The state to enter: a state path of the runtime's definition version (or a name only one state has). */
  state: string;
  /** Why (1 to 1000 characters), recorded in the history. */
  reason: string;
  actor: Actor;
  /** When set, the move applies only if the runtime is still at this version (else 412 `version_conflict`). */
  expectedVersion?: number;
}

const ORIGIN: Record<Actor["type"], EventOrigin> = { api_key: "api", reviewer: "reviewer", system: "system" };

/**
 * A forced transition (repair) through the one step path (`enterState`): the runtime enters `state` whatever its
 * current state accepts, as any transition enters it, so that state's plugins run again (how a case whose vendor
 * was down goes back through its check); entering a final state completes it. The history's `transition` row
 * (event `move`) carries `{ forced: true, reason }` and the caller; `workflow.state.changed` and the other
 * events of the step are emitted as for any transition. Refusals store nothing: 412 `version_conflict`,
 * 409 `runtime_not_active` (completed, canceled or failed), 422 `validation_failed` (a state the definition does
 * not have, listing its states; a missing or overlong reason).
 *
 * @example
 * await moveRuntime(db, { projectId, runtimeId, state: "check_business_details", reason: "vendor back after outage", actor })
 */
export async function moveRuntime(db: Db, input: MoveRuntimeInput): Promise<WorkflowRuntime> {
  const reason = repairReason(input.reason);
  const { runtime } = await auditedRuntimeAction(db, input, input.actor, "case.moved", (r) => ({ state: r.runtime.state, reason }), (tx: Db) => step(tx, input, ({ runtime, compiled, snapshot }) => {
    assertExpectedVersion(runtime, input.expectedVersion);
    return {
      result: enterState(compiled, snapshot, input.state, ORIGIN[input.actor.type]),
      cause: { eventName: "move", payload: { forced: true, reason }, actor: input.actor },
    };
  }));
  return runtime;
}
