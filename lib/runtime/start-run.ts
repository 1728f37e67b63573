import type { Db } from "../db/client";
import { inTransaction } from "../db/transaction";
import type { WorkflowRuntime } from "../db/schema";
import { jobsInsert } from "../jobs/queue";
import { materialiseRuntimeSubscriptions } from "../webhooks/resolve-subscriptions";
import { entitiesUpsert } from "./entities";
import type { Outcome } from "./outcome";
import { prepareRun, type PreparedRun, type StartRunInput } from "./prepare-run";
import { historyInsert } from "./sql/history-insert";
import { runtimeInsert } from "./sql/runtime-insert";
import { autoAssignJobsInsert } from "./sql/auto-assign-job-insert";
import { writeSteps } from "./write-step";

export type { StartRunInput } from "./prepare-run";

export interface StartRunResult {
  workflowDefinitionId: string;
  workflowRuntimeId: string;
  serviceEntityId: string;
  runtime: WorkflowRuntime;
}

/**
 * Start a workflow: find or create the entity, give each document an id, validate the context against the
 * definition's `contextSchema`/`documentsSchema`, create the runtime in the initial state and enqueue that
 * state's plugins, all in one transaction. New runs use the latest version unless `workflowVersion` is given.
 * Throws the run's problem (404, 422) with nothing stored.
 *
 * The entity, runtime, history and jobs are one statement (`startRuns`). Given a transaction (an idempotent
 * request's), the run's writes join it.
 */
export async function startRun(db: Db, input: StartRunInput): Promise<StartRunResult> {
  const [outcome] = await startRuns(db, [input]);
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
}

/**
 * Start several workflows of one project in one transaction, each as `startRun` would, with one statement for
 * all of them (entities, runtimes, history and jobs as multi-row CTEs; see `entitiesUpsert`, `runtimeInsert`).
 * A run that cannot start (unknown definition, invalid context) fails alone, before anything is written; the
 * others start. Outcomes are in the order of `inputs`.
 *
 * The latest version of a definition comes from a per-process cache; the statement does not create a run if a
 * newer version exists (another process may have stored one), and such runs are computed again on the version
 * read afresh and written by a second statement in the same transaction.
 */
export async function startRuns(db: Db, inputs: StartRunInput[]): Promise<Outcome<StartRunResult>[]> {
  const outcomes: Outcome<StartRunResult>[] = new Array(inputs.length);
  const prepare = async (indexes: number[], freshLatest: boolean, reader: Db) => {
    const prepared: { index: number; run: PreparedRun }[] = [];
    for (const index of indexes) {
      try {
        prepared.push({ index, run: await prepareRun(reader, inputs[index], freshLatest) });
      } catch (error) {
        outcomes[index] = { ok: false, error };
      }
    }
    return prepared;
  };
  const first = await prepare(inputs.map((_, i) => i), false, db);
  if (first.length) {
    await inTransaction(db, async (tx) => {
      let stale = await writeRuns(tx, first, outcomes);
      if (stale.length) stale = await writeRuns(tx, await prepare(stale, true, tx), outcomes);
      for (const index of stale) outcomes[index] = { ok: false, error: new Error("A newer definition version appeared twice while the run was being started") };
    });
  }
  return outcomes;
}

/** Write prepared runs with one statement, filling in their outcomes; returns the indexes of runs not written (stale). */
async function writeRuns(tx: Db, prepared: { index: number; run: PreparedRun }[], outcomes: Outcome<StartRunResult>[]): Promise<number[]> {
  if (prepared.length === 0) return [];
  const runs = prepared.map((p) => p.run);
  const projectId = runs[0].projectId;
  // A run starts in its initial state: an active one may land in a queue that assigns automatically.
  const entered = runs.filter((r) => r.result.snapshot.status === "active").map((r) => ({ runtimeId: r.id, state: r.result.snapshot.state }));
  const written = await writeSteps(tx, {
    ctes: entitiesUpsert(projectId, runs.map((r) => r.entity)),
    runtime: runtimeInsert(
      projectId,
      runs.map((r) => ({
        id: r.id,
        definitionId: r.definition.id,
        definitionVersion: r.definition.version,
        pinned: r.pinned,
        entity: r.entity,
        snapshot: r.result.snapshot,
        config: r.config,
        completed: r.result.completed,
        eventCount: r.events.length,
        timers: r.result.timers,
      })),
    ),
    history: historyInsert(projectId, runs.flatMap((r) => r.history.map((h) => ({ ...h, runtimeId: r.id }))), "rt"),
    jobs: jobsInsert(runs.flatMap((r) => r.jobs), "rt"),
    more: entered.length ? [autoAssignJobsInsert(projectId, entered, "rt")] : [],
    changes: new Map(
      runs.map((r) => [r.id, { before: null, result: r.result, eventName: null, events: r.events, definitionConfig: r.definition.config, moreSubscriptions: materialiseRuntimeSubscriptions }]),
    ),
  });
  const stale: number[] = [];
  for (const { index, run } of prepared) {
    const runtime = written.get(run.id);
    if (!runtime) stale.push(index);
    else outcomes[index] = { ok: true, value: { workflowDefinitionId: run.definition.id, workflowRuntimeId: runtime.id, serviceEntityId: (runtime.businessId ?? runtime.endUserId)!, runtime } };
  }
  return stale;
}
