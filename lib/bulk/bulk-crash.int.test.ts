import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { openTestDatabase, type TestDatabase } from "../../tests/support/test-database";
import { spawnWorkerProcess } from "../../tests/support/worker-process";
import { bulkQueue, seedBulkWorkflow } from "../../tests/support/bulk-cases";
import { seedProject } from "../../tests/support/seed";
import { eventually } from "../../tests/support/vendor-stub";
import { rowsOf } from "../db/rows";
import { apiKeyCaller } from "../callers";
import { createBulkOperation } from "./create-bulk-operation";

const P = "bulk-crash";
const CASES = 1000;
const onPostgres = process.env.TEST_DB_KIND === "postgres";

let t: TestDatabase;
const children: ChildProcess[] = [];

beforeAll(async () => {
  t = await openTestDatabase();
  await seedProject(t.db, P);
  await seedBulkWorkflow(t.db, P);
});

afterAll(async () => {
  for (const c of children) c.kill("SIGKILL");
  await t?.dispose();
});

/** `count` cases of the bulk workflow waiting in `review`, written as a started run would leave them. */
async function seedReviewCases(count: number): Promise<void> {
  await t.db.execute(sql`
    with b as (
      insert into businesses (project_id, correlation_id, company_name)
      select ${P}, 'crash-' || g, 'Crash ' || g || ' Ltd' from generate_series(1, ${count}) g
      returning id
    )
    insert into workflow_runtimes (project_id, workflow_definition_id, workflow_definition_version, business_id, state, status, context)
    select ${P}, 'bulk_review', 1, b.id, 'review', 'active', '{"entity":{"type":"business"},"documents":[]}'::jsonb from b`);
}

function spawnWorker(): ChildProcess {
  const child = spawnWorkerProcess(t.url, 4);
  children.push(child);
  return child;
}

const counts = async (operationId: string) =>
  rowsOf<{ succeeded: number; pending: number; canceled: number; cancels: number; audits: number }>(
    await t.db.execute(sql`select
      (select succeeded from bulk_operations where id = ${operationId}::uuid) as succeeded,
      (select count(*)::int from bulk_operation_items where operation_id = ${operationId}::uuid and status = 'pending') as pending,
      (select count(*)::int from workflow_runtimes where project_id = ${P} and status = 'canceled') as canceled,
      (select count(*)::int from runtime_history where project_id = ${P} and kind = 'cancel') as cancels,
      (select count(*)::int from audit_events where project_id = ${P} and action = 'case.canceled') as audits`),
  )[0];

describe(`a bulk operation across a worker crash (${process.env.TEST_DB_KIND})`, () => {
  it.skipIf(!onPostgres)(`cancels ${CASES} cases exactly once although its worker is SIGKILLed in the middle of a chunk`, async () => {
    await seedReviewCases(CASES);
    const queue = await bulkQueue(t.db, P, "Crash");
    const op = await createBulkOperation(t.db, apiKeyCaller({ apiKeyId: "00000000-0000-4000-8000-0000000000cc", projectId: P }), {
      source: { filterId: queue.id },
      action: { action: "cancel", reason: "crash test" },
    });
    expect(op.total).toBe(CASES);

    const first = spawnWorker();
    await eventually(async () => (await counts(op.id)).succeeded >= 300, "the first worker to be part-way through", 60_000, 10);
    // Hold the project's audit lock: the worker's next cancel has changed its case and waits to append the audit
    // row, with the rest of its chunk's cases done but uncommitted. That is where it dies.
    const locker = postgres(t.url!, { max: 1, onnotice: () => undefined });
    await locker`select pg_advisory_lock(hashtext(${`audit_events:${P}`}))`;
    await eventually(
      async () => (await locker`select 1 from pg_stat_activity where wait_event_type = 'Lock' and query like '%pg_advisory_xact_lock%'`).length > 0,
      "the worker to wait inside a chunk",
      30_000,
      10,
    );
    first.kill("SIGKILL");
    await new Promise((r) => first.once("exit", r));
    await locker`select pg_advisory_unlock_all()`;
    await locker.end();

    // What the dead worker committed is whole: every succeeded item's case is canceled once, nothing more.
    const afterCrash = await counts(op.id);
    expect(afterCrash.succeeded).toBeLessThan(CASES);
    expect(afterCrash.succeeded % 100).toBe(0);
    expect(afterCrash).toEqual({ succeeded: afterCrash.succeeded, pending: CASES - afterCrash.succeeded, canceled: afterCrash.succeeded, cancels: afterCrash.succeeded, audits: afterCrash.succeeded });

    const second = spawnWorker();
    try {
      await eventually(async () => (await counts(op.id)).pending === 0, "the second worker to finish the operation", 90_000, 100);
    } finally {
      second.kill("SIGTERM");
      await new Promise((r) => second.once("exit", r));
    }
    expect(await counts(op.id)).toEqual({ succeeded: CASES, pending: 0, canceled: CASES, cancels: CASES, audits: CASES });
    const perCase = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(h.id)::int as n from workflow_runtimes r left join runtime_history h on h.runtime_id = r.id and h.kind = 'cancel'
        where r.project_id = ${P} group by r.id having count(h.id) <> 1`),
    );
    expect(perCase).toEqual([]);
    const [row] = rowsOf<{ status: string; failed: number }>(await t.db.execute(sql`select status, failed from bulk_operations where id = ${op.id}::uuid`));
    expect(row).toEqual({ status: "completed", failed: 0 });
  }, 180_000);
});
