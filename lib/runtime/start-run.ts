import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { inTransaction, isTransaction } from "../db/transaction";
import type { WorkflowRuntime } from "../db/schema";
import { jobsInsert } from "../jobs/queue";
import { parseConfigSubscriptions } from "../webhooks/config-subscriptions";
import { subscriptionEventOf } from "../webhooks/event-names";
import { materialiseRuntimeSubscriptions } from "../webhooks/resolve-subscriptions";
import { entitiesUpsert } from "./entities";
import type { Outcome } from "./outcome";
import { prepareRun, type PreparedRun, type StartRunInput } from "./prepare-run";
import { GATE_OPEN, runsGate } from "./sql/runs-gate";
import { historyInsert } from "./sql/history-insert";
import { runtimeInsert } from "./sql/runtime-insert";
import { autoAssignJobsInsert } from "./sql/auto-assign-job-insert";
import { groupPerTurn, type InScope } from "./turn-group";
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
 * state's plugins, all or nothing. New runs use the latest version unless `workflowVersion` is given.
 * Throws the run's problem (404, 422) with nothing stored.
 *
 * The entity, runtime, history and jobs are one statement (`startRuns`), shared with the other runs of the project
 * that start in the same turn of the event loop (`groupPerTurn`; each still gets its own answer). Given a
 * transaction (an idempotent request's), the run's writes join it.
 */
export async function startRun(db: Db, input: StartRunInput): Promise<StartRunResult> {
  if (!isTransaction(db)) return startGrouped(db, input.projectId, input);
  const [outcome] = await startRuns(db, [input]);
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
}

/** Runs of one project started in the same turn of the event loop share one `startRuns` statement (`groupPerTurn`). */
const startGrouped = groupPerTurn(startRuns);

/**
 * Start several workflows of one project in one transaction, each as `startRun` would, with one statement for
 * all of them (entities, runtimes, history and jobs as multi-row CTEs; see `entitiesUpsert`, `runtimeInsert`).
 * A run that cannot start (unknown definition, invalid context) fails alone, before anything is written; the
 * others start. Outcomes are in the order of `inputs`. `inScope[i]`, when given, is the scope run i is computed in
 * and its jobs and webhook deliveries carry (the request that asked for it); default the caller's.
 *
 * The latest version of a definition comes from a per-process cache; the statement writes nothing if a newer
 * version exists (another process may have stored one), and the runs are computed again on the versions read
 * afresh and written by a second statement in the same transaction.
 *
 * Not given a transaction, runs whose events nobody receives are written by their one statement alone, which is
 * atomic by itself (`writeAlone`); the others take the transaction.
 */
export async function startRuns(db: Db, inputs: StartRunInput[], inScope?: InScope[]): Promise<Outcome<StartRunResult>[]> {
  const outcomes: Outcome<StartRunResult>[] = new Array(inputs.length);
  const prepare = async (indexes: number[], freshLatest: boolean, reader: Db) => {
    const prepared: Prepared[] = [];
    for (const index of indexes) {
      try {
        const scope = inScope?.[index];
        const run = await (scope ? scope(() => prepareRun(reader, inputs[index], freshLatest)) : prepareRun(reader, inputs[index], freshLatest));
        prepared.push({ index, run, inScope: scope });
      } catch (error) {
        outcomes[index] = { ok: false, error };
      }
    }
    return prepared;
  };
  let first = await prepare(inputs.map((_, i) => i), false, db);
  // The runs the gate stopped (or that were not tried) take the transaction, whose own gate sees a newer version.
  if (first.length && !isTransaction(db)) {
    await writeAlone(db, first, outcomes);
    first = first.filter((p) => outcomes[p.index] === undefined);
  }
  if (first.length) {
    await inTransaction(db, async (tx) => {
      // Gated by the versions: a newer one stops the whole statement, so a run it refuses leaves no subject
      // written, and every run is computed again on the versions read afresh.
      let missed = await writeRuns(tx, first, outcomes, gateOf(first, []));
      if (missed.length) {
        const fresh = await prepare(missed, true, tx);
        missed = fresh.length ? await writeRuns(tx, fresh, outcomes, gateOf(fresh, [])) : [];
      }
      for (const index of missed) outcomes[index] = { ok: false, error: new Error("A newer definition version appeared twice while the run was being started") };
    });
  }
  return outcomes;
}

/** A run computed, with the scope of the call that asked for it (`startRuns`'s `inScope`). */
type Prepared = { index: number; run: PreparedRun; inScope?: InScope };

/**
 * A definition's runs that wrote no delivery lately are tried without a transaction; one that had to take the
 * transactional way (somebody subscribes, or a newer version appeared) sends the definition's runs that way
 * for this long, in this process.
 */
const SUBSCRIBED_HINT_MS = 60_000;
const subscribedUntil = new Map<string, number>();

/**
 * Write the runs that need no statement besides their own by that statement alone, without a transaction: one
 * round trip instead of two (`begin` with the statement, then `commit`). Those are runs whose definition and run
 * config subscribe to nothing; the statement's gate (`runsGate`) writes nothing unless no newer version exists
 * and no active subscription receives their events, so what it writes is exactly what the transaction would
 * have. Fills in the outcomes of the runs written.
 */
async function writeAlone(db: Db, prepared: Prepared[], outcomes: Outcome<StartRunResult>[]): Promise<void> {
  const now = Date.now();
  const alone = prepared.filter(({ run }) => (subscribedUntil.get(hintKey(run)) ?? 0) < now && !subscribesItself(run.config) && !subscribesItself(run.definition.config));
  if (alone.length === 0) return;
  const events = [...new Set(alone.flatMap(({ run }) => run.events.flatMap((e) => [e.eventName, subscriptionEventOf(e.eventName)])))];
  const missed = new Set(await writeRuns(db, alone, outcomes, gateOf(alone, events)));
  if (missed.size) {
    if (subscribedUntil.size > 10_000) subscribedUntil.clear();
    for (const { index, run } of alone) if (missed.has(index)) subscribedUntil.set(hintKey(run), now + SUBSCRIBED_HINT_MS);
  }
}

/** The gate of a statement writing `prepared` (`runsGate`): closed by a newer version, or a subscriber to `events`. */
function gateOf(prepared: Prepared[], events: string[]): SQL {
  return runsGate(prepared[0].run.projectId, prepared.map(({ run }) => ({ definitionId: run.definition.id, definitionVersion: run.definition.version, pinned: run.pinned })), events);
}

function hintKey(run: PreparedRun): string {
  return `${run.projectId}\u0000${run.definition.id}`;
}

function subscribesItself(config: unknown): boolean {
  return parseConfigSubscriptions(config).subscriptions.length > 0;
}

/**
 * Write prepared runs with one statement behind `gate` (`gateOf`), filling in their outcomes; returns the indexes
 * of runs not written (all of them when the gate is closed).
 */
async function writeRuns(tx: Db, prepared: Prepared[], outcomes: Outcome<StartRunResult>[], gate: SQL): Promise<number[]> {
  if (prepared.length === 0) return [];
  const runs = prepared.map((p) => p.run);
  const projectId = runs[0].projectId;
  // A run starts in its initial state: an active one may land in a queue that assigns automatically.
  const entered = runs.filter((r) => r.result.snapshot.status === "active").map((r) => ({ runtimeId: r.id, state: r.result.snapshot.state }));
  const written = await writeSteps(tx, {
    ctes: sql`${gate}, ${entitiesUpsert(projectId, runs.map((r) => r.entity), GATE_OPEN)}`,
    runtime: runtimeInsert(
      projectId,
      runs.map((r) => ({
        id: r.id,
        definitionId: r.definition.id,
        definitionVersion: r.definition.version,
        entity: r.entity,
        snapshot: r.result.snapshot,
        config: r.config,
        completed: r.result.completed,
        eventCount: r.events.length,
        timers: r.result.timers,
      })),
      GATE_OPEN,
    ),
    history: historyInsert(projectId, runs.flatMap((r) => r.history.map((h) => ({ ...h, runtimeId: r.id }))), "rt"),
    jobs: jobsInsert(runs.flatMap((r) => r.jobs), "rt"),
    more: entered.length ? [autoAssignJobsInsert(projectId, entered, "rt")] : [],
    changes: new Map(
      prepared.map(({ run: r, inScope }) => [
        r.id,
        { before: null, result: r.result, eventName: null, events: r.events, definitionConfig: r.definition.config, moreSubscriptions: materialiseRuntimeSubscriptions, inScope },
      ]),
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
