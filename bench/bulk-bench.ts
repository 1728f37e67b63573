// A bulk action over a whole queue: 50,000 cases waiting in review, one bulk operation created over the queue's
// filter (the INSERT … SELECT of its items), then done by one worker's worth of in-process workers, chunk after chunk,
// each case through its single action's domain function. PostgreSQL on BENCH_DATABASE_URL (PGlite without it, labelled so).
// BENCH_BULK_CASES sets the number of cases; BENCH_BULK_ACTIONS the actions measured (default "send-event,assign").
import { pathToFileURL } from "node:url";
import { sql } from "drizzle-orm";
import { selectBenchDatabase } from "./lib/bench-env";
import { recordGoalFacts } from "./lib/goals";

const P = "bench-bulk";

export async function runBulkBench(cases = Number(process.env.BENCH_BULK_CASES ?? 50_000)): Promise<Record<string, unknown>> {
  selectBenchDatabase();
  const { openTestDatabase } = await import("../tests/support/test-database");
  const { seedProject } = await import("../tests/support/seed");
  const { bulkQueue, seedBulkWorkflow } = await import("../tests/support/bulk-cases");
  const { createBulkOperation, getBulkOperation } = await import("../lib/bulk");
  const { apiKeyCaller } = await import("../lib/callers");
  const { startWorker } = await import("../lib/worker/worker");
  const { openPostgres } = await import("../lib/db/open");
  const { rowsOf } = await import("../lib/db/rows");
  const t = await openTestDatabase();
  const actions = (process.env.BENCH_BULK_ACTIONS ?? "send-event,assign").split(",");
  const figures: Record<string, unknown> = { database: process.env.TEST_DB_KIND, cases };
  const bulkSeconds: Record<string, number> = {};
  try {
    await seedProject(t.db, P);
    await seedBulkWorkflow(t.db, P);
    const [user] = rowsOf<{ id: string }>(await t.db.execute(sql`insert into users (project_id, email, role, password_hash) values (${P}, 'sam@bench.test', 'reviewer', 'x') returning id`));
    const caller = apiKeyCaller({ apiKeyId: "00000000-0000-4000-8000-0000000000be", projectId: P });
    // On PostgreSQL the worker has a pool of its own (DB_POOL_MAX's default, 10), as a worker process would.
    const handle = t.url ? await openPostgres(t.url, { max: 10 }) : t;
    const worker = await startWorker(handle, {});
    try {
      for (const action of actions) {
        const tag = `Bulk${action.replace(/\W/g, "")}`;
        await t.db.execute(sql`
          with b as (
            insert into businesses (project_id, correlation_id, company_name)
            select ${P}, ${tag} || '-' || g, ${tag} || ' ' || g || ' Ltd' from generate_series(1, ${cases}) g returning id
          )
          insert into workflow_runtimes (project_id, workflow_definition_id, workflow_definition_version, business_id, state, status, context)
          select ${P}, 'bulk_review', 1, b.id, 'review', 'active', '{"entity":{"type":"business"},"documents":[]}'::jsonb from b`);
        await t.db.execute(sql`analyze`);
        const queue = await bulkQueue(t.db, P, tag);
        const started = performance.now();
        const op = await createBulkOperation(t.db, caller, {
          source: { filterId: queue.id },
          action: action === "assign" ? { action: "assign", userId: user.id } : { action: "send-event", name: "approve" },
        });
        const createdMs = performance.now() - started;
        let view = op;
        while (view.status !== "completed" && view.status !== "canceled" && performance.now() - started < 600_000) {
          await new Promise((r) => setTimeout(r, 200));
          view = await getBulkOperation(t.db, P, op.id);
        }
        const seconds = (performance.now() - started) / 1000;
        figures[`${action}: created (items inserted) ms`] = createdMs;
        figures[`${action}: all ${cases.toLocaleString("en-US")} done, seconds (goal < 60)`] = seconds;
        figures[`${action}: cases/s`] = view.succeeded / seconds;
        figures[`${action}: succeeded / failed / status`] = `${view.succeeded} / ${view.failed} / ${view.status}`;
        // A bulk action that did not finish every case has not met the goal, however fast it stopped.
        bulkSeconds[action] = view.status === "completed" && view.failed === 0 ? Math.round(seconds * 10) / 10 : Infinity;
      }
      recordGoalFacts({ bulkSeconds: { database: String(process.env.TEST_DB_KIND), cases, byAction: bulkSeconds } });
      return figures;
    } finally {
      await worker.stop();
      if (handle !== t) await handle.close();
    }
  } finally {
    await t.dispose();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runBulkBench().then((f) => console.log(f));
}
