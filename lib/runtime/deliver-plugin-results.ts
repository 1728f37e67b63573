import type { Db } from "../db/client";
import { isRefusedByDatabase } from "../db/refused-by-database";
import type { WorkflowRuntime } from "../db/schema";
import { inTransaction, isTransaction } from "../db/transaction";
import { bindCurrentScope } from "../observability/tracing";
import { deliverPluginResult, decidePluginResult, type PluginDelivery } from "./deliver-plugin-result";
import { lockRuntimes } from "./locked-runtime";
import { stepManyAcrossProjects, type StepOutcome } from "./step-many";

interface Waiting {
  projectId: string;
  runtimeId: string;
  delivery: PluginDelivery;
  inScope: <R>(fn: () => R) => R;
  resolve: (runtime: WorkflowRuntime) => void;
  reject: (error: unknown) => void;
}

/** Results written by one transaction at most. */
const MAX_BATCH = 100;
const queues = new WeakMap<Db, { waiting: Waiting[]; writing: boolean }>();

/**
 * `deliverPluginResult` with group commit: on a database handle (not inside a caller's transaction), a result that
 * arrives while another delivery's transaction runs waits for it, and the results that waited are then written
 * together: their runtimes locked in id order, one `stepMany` per project (each result decided by the single
 * form's rules, in its own job's scope), one commit. A lone result is written at once, as the single form does, so
 * nothing waits on a quiet worker. A result refused by its step rejects alone; if the database refuses the
 * transaction as a whole, each of its results is delivered on its own; after any other error every result of it
 * rejects with that error, as a lone delivery would: a job whose step committed stays succeeded (the step completed
 * it), the others are retried. Resolves, like the single form, once the step has committed.
 */
export function deliverPluginResultSoon(db: Db, projectId: string, runtimeId: string, delivery: PluginDelivery): Promise<WorkflowRuntime> {
  if (isTransaction(db)) return deliverPluginResult(db, projectId, runtimeId, delivery);
  let queue = queues.get(db);
  if (!queue) queues.set(db, (queue = { waiting: [], writing: false }));
  const q = queue;
  return new Promise((resolve, reject) => {
    q.waiting.push({ projectId, runtimeId, delivery, inScope: bindCurrentScope(), resolve, reject });
    if (q.writing) return;
    q.writing = true;
    void (async () => {
      while (q.waiting.length > 0) {
        const batch = q.waiting.splice(0, MAX_BATCH);
        await writeBatch(db, batch).catch((error: unknown) => batch.forEach((w) => w.reject(error)));
      }
      q.writing = false;
    })();
  });
}

async function writeBatch(db: Db, batch: Waiting[]): Promise<void> {
  if (batch.length === 1) return deliverAlone(db, batch[0]);
  let outcomes: StepOutcome<undefined>[];
  try {
    outcomes = await inTransaction(db, async (tx) => {
      await lockRuntimes(tx, batch);
      return stepManyAcrossProjects(tx, batch.map((w) => ({ projectId: w.projectId, runtimeId: w.runtimeId, decide: decidePluginResult(w.delivery), inScope: w.inScope })));
    });
  } catch (error) {
    // Delivered again one by one only when the database refused the transaction (nothing of it was stored); after
    // any other error (a connection lost after COMMIT) it may have committed, and a second delivery would record
    // each call twice.
    if (!isRefusedByDatabase(error)) return batch.forEach((w) => w.reject(error));
    for (const w of batch) await deliverAlone(db, w);
    return;
  }
  outcomes.forEach((o, i) => (o.ok ? batch[i].resolve(o.value.runtime) : batch[i].reject(o.error)));
}

async function deliverAlone(db: Db, w: Waiting): Promise<void> {
  await w.inScope(() => deliverPluginResult(db, w.projectId, w.runtimeId, w.delivery)).then(w.resolve, w.reject);
}
