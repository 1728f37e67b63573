import { cancelWorkflow } from "../engine";
import type { Db } from "../db/client";
import type { WorkflowRuntime } from "../db/schema";
import { assertExpectedVersion } from "./expected-version";
import { repairReason } from "./repair-reason";
import { step, type Decision, type LockedRuntime } from "./step";
import { stepMany } from "./step-many";
import type { Outcome } from "./outcome";
import { inTransaction } from "../db/transaction";
import type { Actor } from "./types";
import { auditedRuntimeAction, runtimeAuditEntry } from "../audit/audited-runtime-action";
import { recordAudits } from "../audit/record-audit";

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
  const { runtime } = await auditedRuntimeAction(db, input, input.actor, "case.canceled", () => ({ reason }), (tx: Db) => step(tx, input, decideCancel(input, reason)));
  return runtime;
}

/**
 * `cancelRuntime` on many runtimes of one project in one transaction (a bulk cancel's chunk), without a version
 * check, through `stepMany`: each canceled runtime gets the single cancel's rows (history, audit, plugin jobs
 * canceled, webhook event). Outcomes in the order of `runtimeIds`; a refused one (409) stores nothing. Throws what
 * refuses them all (the reason).
 */
export async function cancelRuntimes(db: Db, input: Omit<CancelRuntimeInput, "runtimeId" | "expectedVersion"> & { runtimeIds: string[] }): Promise<Outcome<WorkflowRuntime>[]> {
  const reason = repairReason(input.reason);
  const { projectId, actor } = input;
  return inTransaction(db, async (tx) => {
    const outcomes = await stepMany(tx, projectId, input.runtimeIds.map((runtimeId) => ({ runtimeId, decide: decideCancel(input, reason) })));
    if (actor.type !== "system") {
      await recordAudits(tx, outcomes.flatMap((o, k) => (o.ok ? [runtimeAuditEntry({ projectId, runtimeId: input.runtimeIds[k] }, actor, "case.canceled", { reason })] : [])));
    }
    return outcomes.map((o) => (o.ok ? { ok: true, value: o.value.runtime } : o));
  });
}

/** The pure decide of a cancel on the locked runtime. */
function decideCancel(input: Pick<CancelRuntimeInput, "actor" | "expectedVersion">, reason: string) {
  return ({ runtime, snapshot }: LockedRuntime): Decision => {
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
  };
}
