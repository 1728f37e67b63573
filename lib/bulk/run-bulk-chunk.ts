import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rowsOf } from "../db/rows";
import type { BulkOperation } from "../db/schema";
import { inTransaction } from "../db/transaction";
import type { ItemAction } from "./item-action";
import { isTransientDbError, itemProblem, type ItemProblem } from "./item-problem";

/** Cases per transaction: large enough to amortise the claim and the counters, small enough to keep locks short. */
export const BULK_CHUNK_SIZE = 100;
/** How many failures an operation keeps with their problems (`failures`); `failed` counts them all. */
export const MAX_LISTED_FAILURES = 100;

type Outcome = { seq: number; runtimeId: string; problem: ItemProblem | null };

/**
 * Do the next chunk of a bulk operation's pending cases in ONE transaction: claim them (`FOR UPDATE SKIP LOCKED`,
 * lowest `seq` first; none once the operation is canceled), lock their runtimes in id order (the order batch writes
 * use, and before any audit lock the actions take), act on them (all at once where the action has a multi-runtime
 * form, `ItemAction.many`; else each in a savepoint of its own), then mark every item
 * succeeded or failed and add to the operation's counters and first failures. A case's action and its item's
 * status commit together, so a worker killed mid-chunk leaves the whole chunk pending and untouched: no case is
 * acted on twice and none is skipped. A transient database fault on one case (deadlock, lost connection) aborts
 * the chunk, to be tried again; any other error fails that case alone with its problem.
 *
 * Returns how many cases the chunk did; 0 when none is pending (or the operation was canceled).
 */
export async function runBulkChunk(db: Db, op: Pick<BulkOperation, "id" | "projectId">, act: ItemAction, size = BULK_CHUNK_SIZE): Promise<number> {
  return inTransaction(db, async (tx) => {
    const items = rowsOf<{ seq: number; runtime_id: string }>(
      await tx.execute(sql`
        select i.seq, i.runtime_id from bulk_operation_items i
        where i.operation_id = ${op.id}::uuid and i.status = 'pending'
          and exists (select 1 from bulk_operations o where o.id = i.operation_id and o.status in ('queued', 'running'))
        order by i.seq limit ${size}
        for update of i skip locked`),
    );
    if (items.length === 0) return 0;
    const ids = JSON.stringify(items.map((i) => i.runtime_id));
    await tx.execute(sql`
      select r.id from workflow_runtimes r
      where r.project_id = ${op.projectId} and r.id in (select v::uuid from jsonb_array_elements_text(${ids}::jsonb) v)
      order by r.id for update`);
    const cases = items.map((item) => ({ seq: Number(item.seq), runtimeId: String(item.runtime_id) }));
    const outcomes = (act.many && (await actOnAll(tx, op.id, cases, act.many))) || (await actOnEach(tx, op.id, cases, act));
    await recordOutcomes(tx, op.id, outcomes);
    return items.length;
  });
}

type Case = { seq: number; runtimeId: string };

/** Each case in a savepoint of its own: an error refuses that case alone, a transient one aborts the chunk. */
async function actOnEach(tx: Db, operationId: string, cases: Case[], act: ItemAction): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const { seq, runtimeId } of cases) {
    try {
      await tx.transaction((savepoint) => act(savepoint as unknown as Db, runtimeId));
      outcomes.push({ seq, runtimeId, problem: null });
    } catch (error) {
      if (isTransientDbError(error)) throw error;
      outcomes.push({ seq, runtimeId, problem: itemProblem(error, { operationId, runtimeId }) });
    }
  }
  return outcomes;
}

/**
 * Every case at once through the action's multi-runtime form, in a savepoint: each case's refusal is its problem.
 * A transient fault aborts the chunk; any other thrown error rolls the savepoint back and answers null, so the
 * chunk is done case by case instead (and the error stays with the case that causes it).
 */
async function actOnAll(tx: Db, operationId: string, cases: Case[], many: NonNullable<ItemAction["many"]>): Promise<Outcome[] | null> {
  try {
    const refusals = await tx.transaction((savepoint) => many(savepoint as unknown as Db, cases.map((c) => c.runtimeId)));
    return cases.map(({ seq, runtimeId }, k) => ({ seq, runtimeId, problem: refusals[k] == null ? null : itemProblem(refusals[k], { operationId, runtimeId }) }));
  } catch (error) {
    if (isTransientDbError(error)) throw error;
    return null;
  }
}

/** The chunk's item statuses, then the operation's counters and first failures (its row locked last, briefly). */
async function recordOutcomes(tx: Db, operationId: string, outcomes: Outcome[]): Promise<void> {
  const rows = JSON.stringify(outcomes.map((o) => ({ seq: o.seq, status: o.problem ? "failed" : "succeeded", problem: o.problem })));
  await tx.execute(sql`
    update bulk_operation_items i set status = o.status, problem = o.problem, done_at = now()
    from jsonb_to_recordset(${rows}::jsonb) as o(seq int, status text, problem jsonb)
    where i.operation_id = ${operationId}::uuid and i.seq = o.seq`);
  const failures = outcomes.filter((o) => o.problem).map((o) => ({ runtimeId: o.runtimeId, problem: o.problem }));
  const succeeded = outcomes.length - failures.length;
  await tx.execute(sql`
    update bulk_operations set
      succeeded = succeeded + ${succeeded}::int,
      failed = failed + ${failures.length}::int,
      failures = failures || coalesce((
        select jsonb_agg(f.v order by f.n) from jsonb_array_elements(${JSON.stringify(failures)}::jsonb) with ordinality as f(v, n)
        where f.n <= ${MAX_LISTED_FAILURES}::int - jsonb_array_length(bulk_operations.failures)), '[]'::jsonb),
      status = case when status = 'queued' then 'running' else status end,
      updated_at = now()
    where id = ${operationId}::uuid`);
}

/**
 * Mark the operation completed once no item is pending. Run after a claim found nothing, outside the chunk
 * transactions, so the last worker to commit a chunk sees every other chunk's outcome.
 */
export async function completeIfDone(db: Db, operationId: string): Promise<void> {
  await db.execute(sql`
    update bulk_operations set status = 'completed', finished_at = now(), updated_at = now()
    where id = ${operationId}::uuid and status in ('queued', 'running')
      and not exists (select 1 from bulk_operation_items i where i.operation_id = ${operationId}::uuid and i.status = 'pending')`);
}
