import type { CompiledWorkflow, RuntimeSnapshot, TransitionResult } from "../engine";
import type { Db } from "../db/client";
import type { WorkflowRuntime } from "../db/schema";
import { inSpan } from "../observability/tracing";
import { getCompiledDefinition } from "./definition-cache";
import { withLockedRuntime } from "./locked-runtime";
import { persistStep, type StepCause } from "./persist-step";
import { snapshotOf } from "./snapshot";

/** Which runtime a step applies to; a runtime of another project is not found. */
export interface RuntimeRef {
  projectId: string;
  runtimeId: string;
}

/** What a decide callback sees: the locked row, its compiled definition and the engine's snapshot of it. */
export interface LockedRuntime {
  runtime: WorkflowRuntime;
  compiled: CompiledWorkflow;
  snapshot: RuntimeSnapshot;
}

/** A decide callback's answer: the engine's result, why it happened, and a value handed back to the caller. */
export interface Decision<T = undefined> {
  result: TransitionResult;
  cause: StepCause;
  value?: T;
}

/**
 * The one way into a runtime: lock its row, load its compiled definition, let `decide` compute the step with
 * the engine, and persist state, context, history, jobs and webhook events in one statement (`persistStep`).
 * `decide` is pure: it checks preconditions on the locked row (throwing a typed error refuses the step and
 * stores nothing) and returns the engine's result, or `null` to leave the runtime untouched. With tracing on,
 * the transaction is one span (`step`). `valid`, when given, reads the database under the row lock before
 * anything else: `false` leaves the runtime untouched (a timer that was voided or whose lease was taken over).
 *
 * @example
 * const { runtime } = await step(db, { projectId, runtimeId }, ({ compiled, snapshot }) => ({
 *   result: applyEvent(compiled, snapshot, { type: "approve", origin: "api" }),
 *   cause: { eventName: "approve", actor },
 * }));
 */
export async function step<T = undefined>(
  db: Db,
  ref: RuntimeRef,
  decide: (locked: LockedRuntime) => Decision<T> | null,
  valid?: (tx: Db, runtime: WorkflowRuntime) => Promise<boolean>,
): Promise<{ runtime: WorkflowRuntime; value: T | undefined }> {
  return lockedStep(db, ref, valid, async () => undefined, decide);
}

/**
 * `step` for a rule that depends on rows besides the runtime's (the votes of a four-eyes state, who created the
 * case): `read` loads them in the step's transaction after the row lock is taken, so no other step of the runtime
 * can change them before `decide` sees them and its step is stored. `read` only reads.
 *
 * @example
 * await stepReading(db, ref, (tx, locked) => loadVotes(tx, locked), ({ snapshot }, votes) => decideVote(snapshot, votes));
 */
export async function stepReading<F, T = undefined>(
  db: Db,
  ref: RuntimeRef,
  read: (tx: Db, locked: LockedRuntime) => Promise<F>,
  decide: (locked: LockedRuntime, facts: F) => Decision<T> | null,
): Promise<{ runtime: WorkflowRuntime; value: T | undefined }> {
  return lockedStep(db, ref, undefined, read, decide);
}

async function lockedStep<F, T>(
  db: Db,
  ref: RuntimeRef,
  valid: ((tx: Db, runtime: WorkflowRuntime) => Promise<boolean>) | undefined,
  read: (tx: Db, locked: LockedRuntime) => Promise<F>,
  decide: (locked: LockedRuntime, facts: F) => Decision<T> | null,
): Promise<{ runtime: WorkflowRuntime; value: T | undefined }> {
  const attributes = { "kyc.project_id": ref.projectId, "kyc.runtime_id": ref.runtimeId };
  return inSpan("step", { attributes }, () =>
    withLockedRuntime(db, ref.projectId, ref.runtimeId, async (tx, runtime) => {
      if (valid && !(await valid(tx, runtime))) return { runtime, value: undefined };
      const definition = await getCompiledDefinition(tx, runtime.projectId, runtime.workflowDefinitionId, runtime.workflowDefinitionVersion);
      const locked = { runtime, compiled: definition.compiled, snapshot: snapshotOf(runtime) };
      const decision = decide(locked, await read(tx, locked));
      if (!decision) return { runtime, value: undefined };
      return { runtime: await persistStep(tx, runtime, definition, decision.result, decision.cause), value: decision.value };
    }),
  );
}
