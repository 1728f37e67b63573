import type { Db } from "../db/client";
import type { WorkflowRuntime } from "../db/schema";
import { inTransaction } from "../db/transaction";
import { lockRuntimeRows } from "./locked-runtime";
import { notFound } from "../errors";
import { inSpan } from "../observability/tracing";
import { getCompiledDefinition } from "./definition-cache";
import type { Outcome } from "./outcome";
import { persistSteps, type RuntimeStep } from "./persist-step";
import { snapshotOf } from "./snapshot";
import type { Decision, LockedRuntime } from "./step";

/** One request of `stepMany`: which runtime, and the pure decide callback `step` would take for it. */
export interface StepRequest<T = undefined> {
  runtimeId: string;
  decide: (locked: LockedRuntime) => Decision<T> | null;
  /** The scope the request's decide runs in and its jobs carry (`RuntimeStep.inScope`); default the caller's. */
  inScope?: <R>(fn: () => R) => R;
}

export type StepOutcome<T> = Outcome<{ runtime: WorkflowRuntime; value: T | undefined }>;

/**
 * `step` for many requests on runtimes of one project, in one transaction (the caller's, when given one), with the
 * same contract per request: each is decided by its pure callback on the locked row as the requests before it left
 * that runtime, and persisted through `persistSteps`, the multi-row form of the one persist path.
 *
 * Every row is locked up front by one `SELECT … FOR UPDATE` in id order, so two calls over overlapping runtimes (and
 * a call and single steps, which lock one row) never deadlock. The requests are then decided in rounds: round k
 * holds the k-th request of each runtime, in request order, and is written by one statement; so two requests for
 * one runtime apply in their order, the second seeing the first's result. A request whose runtime does not exist in
 * the project (404) or whose decide throws fails alone, storing nothing; the others are applied. Outcomes are in
 * the order of `requests`; a decide that returns null leaves its runtime as it is.
 *
 * @example
 * await stepMany(db, projectId, ids.map((runtimeId) => ({ runtimeId, decide: decideEvent({ projectId, runtimeId, name: "start", origin: "api", actor }) })));
 */
export async function stepMany<T = undefined>(db: Db, projectId: string, requests: StepRequest<T>[]): Promise<StepOutcome<T>[]> {
  return inSpan("step_many", { attributes: { "kyc.project_id": projectId, "kyc.step_count": requests.length } }, () =>
    inTransaction(db, async (tx) => {
      const outcomes: StepOutcome<T>[] = new Array(requests.length);
      const current = await lockRuntimeRows(tx, projectId, requests.map((r) => r.runtimeId));
      const rounds: number[][] = [];
      const seen = new Map<string, number>();
      requests.forEach((request, index) => {
        const id = request.runtimeId.toLowerCase();
        if (!current.has(id)) {
          outcomes[index] = { ok: false, error: notFound("Workflow runtime", request.runtimeId) };
          return;
        }
        const round = seen.get(id) ?? 0;
        seen.set(id, round + 1);
        (rounds[round] ??= []).push(index);
      });
      for (const round of rounds) {
        const steps: RuntimeStep[] = [];
        const decided: { index: number; value: T | undefined }[] = [];
        for (const index of round) {
          const runtime = current.get(requests[index].runtimeId.toLowerCase())!;
          const definition = await getCompiledDefinition(tx, runtime.projectId, runtime.workflowDefinitionId, runtime.workflowDefinitionVersion);
          const { decide, inScope } = requests[index];
          const locked = { runtime, compiled: definition.compiled, snapshot: snapshotOf(runtime) };
          let decision: Decision<T> | null;
          try {
            decision = inScope ? inScope(() => decide(locked)) : decide(locked);
          } catch (error) {
            outcomes[index] = { ok: false, error };
            continue;
          }
          if (!decision) outcomes[index] = { ok: true, value: { runtime, value: undefined } };
          else {
            steps.push({ runtime, definition, result: decision.result, cause: decision.cause, inScope });
            decided.push({ index, value: decision.value });
          }
        }
        if (steps.length === 0) continue;
        const written = await persistSteps(tx, steps);
        written.forEach((runtime, k) => {
          current.set(runtime.id, runtime);
          outcomes[decided[k].index] = { ok: true, value: { runtime, value: decided[k].value } };
        });
      }
      return outcomes;
    }),
  );
}

/**
 * `stepMany` for requests of several projects in the caller's transaction: one `stepMany` per project, projects in
 * order. Outcomes are in the order of `requests`.
 */
export async function stepManyAcrossProjects<T = undefined>(tx: Db, requests: (StepRequest<T> & { projectId: string })[]): Promise<StepOutcome<T>[]> {
  const outcomes: StepOutcome<T>[] = new Array(requests.length);
  const byProject = new Map<string, number[]>();
  requests.forEach((r, i) => {
    const indexes = byProject.get(r.projectId);
    if (indexes) indexes.push(i);
    else byProject.set(r.projectId, [i]);
  });
  for (const projectId of [...byProject.keys()].sort()) {
    const indexes = byProject.get(projectId)!;
    (await stepMany(tx, projectId, indexes.map((i) => requests[i]))).forEach((o, k) => (outcomes[indexes[k]] = o));
  }
  return outcomes;
}
