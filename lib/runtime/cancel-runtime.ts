import { cancelWorkflow } from "../engine";
import type { Db } from "../db/client";
import type { WorkflowRuntime } from "../db/schema";
import { assertExpectedVersion } from "./expected-version";
import { repairReason } from "./repair-reason";
import { step } from "./step";
import type { Actor } from "./types";
import { auditedRuntimeAction } from "../audit/audited-runtime-action";

export interface CancelRuntimeInput {
  projectId: string;
  runtimeId: string;
  /** Why (1 to 1000 characters), recorded in the history. */
  reason: string;
  actor: Actor;
  /** When set, the cancel applies only if the runtime is still at this version (else 412 `version_conflict`). */
  expectedVersion?: number;
}

/**
 * Cancel a runtime through the one step path (`cancelWorkflow`): status `canceled` (state and context stay,
 * `resolvedAt` is set), its pending plugin jobs `canceled` in the same statement, a `cancel` history row with
 * the reason and the caller, and the `workflow.canceled` webhook event. A canceled runtime takes no more
 * events, moves, patches or cancels (409 `runtime_not_active`). Refusals store nothing: 412 `version_conflict`,
 * 409 `runtime_not_active` (already canceled, completed or failed), 422 `validation_failed` (reason).
 *
 * @example
 * await cancelRuntime(db, { projectId, runtimeId, reason: "duplicate application", actor })
 */
export async function cancelRuntime(db: Db, input: CancelRuntimeInput): Promise<WorkflowRuntime> {
  const reason = repairReason(input.reason);
  const { runtime } = await auditedRuntimeAction(db, input, input.actor, "case.canceled", () => ({ reason }), (tx: Db) => step(tx, input, ({ runtime, snapshot }) => {
    assertExpectedVersion(runtime, input.expectedVersion);
    const result = cancelWorkflow(snapshot);
    const { actor } = input;
    return {
      result,
      cause: {
        eventName: "cancel",
        actor,
        recordTransition: false,
        cancelsPluginJobs: true,
        history: [{ kind: "cancel", eventName: "cancel", payload: { reason }, fromState: runtime.state, toState: runtime.state, actorType: actor.type, actorId: actor.id ?? null }],
      },
    };
  }));
  return runtime;
}
