// Timers under load: 10,000 delayed transitions due in the same second, fired by the worker as `npm start` runs
// it on PostgreSQL (BENCH_TIMER_WORKERS worker processes, default 1 as WORKER_PROCESSES; scripts/worker.ts, which
// claims due timers in batches and fires each batch in one transaction), and the lateness of timers due one by one
// with nothing else running. PostgreSQL on BENCH_DATABASE_URL; without it PGlite with an in-process worker,
// labelled so. WORKER_TIMER_BATCH=1 in the environment fires each timer in a transaction of its own, for comparison.
import { pathToFileURL } from "node:url";
import { sql } from "drizzle-orm";
import { selectBenchDatabase } from "./lib/bench-env";
import { cpuSnapshot } from "./lib/cpu-accounting";
import { root } from "./lib/next-build";
import { Latencies } from "./lib/stats";
import { cpuOf, startWorkerProcesses } from "./lib/worker-processes";

const P = "bench-timers";
const chart = {
  id: "timed_bench_v1",
  initial: "waiting",
  states: { waiting: { after: { PT1S: "fired" } }, fired: { on: { done: "closed" } }, closed: { type: "final" } },
};

export async function runTimerBench(burst = Number(process.env.BENCH_TIMERS ?? 10_000), spread = Number(process.env.BENCH_TIMERS_SPREAD ?? 200)): Promise<Record<string, unknown>> {
  selectBenchDatabase();
  const { openTestDatabase } = await import("../tests/support/test-database");
  const { seedDefinition, seedProject } = await import("../tests/support/seed");
  const { startWorker } = await import("../lib/worker/worker");
  const { rowsOf } = await import("../lib/db/rows");
  const t = await openTestDatabase();
  const processes = Number(process.env.BENCH_TIMER_WORKERS ?? 1);
  try {
    await seedProject(t.db, P);
    await seedDefinition(t.db, P, { id: "timed", edit: (d) => Object.assign(d, { definition: chart, extensions: { apiPlugins: [] }, config: {} }) });

    /** `count` runtimes in `waiting`, each with its PT1S timer job due at `dueSql(g)` (as a step that entered it would write). */
    const seed = async (count: number, dueSql: ReturnType<typeof sql>) => {
      await t.db.execute(sql`
        with rt as (
          insert into workflow_runtimes (project_id, workflow_definition_id, workflow_definition_version, state, status, tags, context)
          select ${P}, 'timed', 1, 'waiting', 'active', array[]::text[], '{}'::jsonb from generate_series(1, ${count}) g
          returning id
        ), numbered as (select id, row_number() over (order by id) as g from rt)
        insert into jobs (project_id, kind, runtime_id, payload, max_attempts, run_at)
        select ${P}, 'timer', id, jsonb_build_object('runtimeId', id, 'timer', 'after', 'node', 'waiting', 'delay', 'PT1S', 'leaseMs', 10000), 10, ${dueSql}
        from numbered`);
      // As autovacuum would have by the time a real table held this many rows: the planner's statistics.
      await t.db.execute(sql`analyze workflow_runtimes`);
      await t.db.execute(sql`analyze jobs`);
    };
    const fired = async () => rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from jobs where project_id = ${P} and kind = 'timer' and status = 'succeeded'`))[0].n;
    // finished_at is when each timer's step ran (clock_timestamp(); a batch commits a few milliseconds later).
    const lateness = async () => {
      const rows = rowsOf<{ ms: number }>(await t.db.execute(sql`
        select extract(epoch from (finished_at - run_at)) * 1000 as ms from jobs where project_id = ${P} and kind = 'timer' and status = 'succeeded'`));
      const l = new Latencies();
      for (const r of rows) l.add(Number(r.ms));
      return l;
    };
    const workers = t.url ? await startWorkerProcesses(processes, t.url) : undefined;
    const inProcess = t.url ? undefined : await startWorker(t, {});
    try {
      // 1. The burst: every timer due within the same second, 3 s from now (workers already idle and polling).
      const dueAt = Date.now() + 3_000;
      await seed(burst, sql`to_timestamp(${dueAt / 1000}) + (g % 1000) * interval '1 millisecond'`);
      const seeded = Date.now();
      const database = t.url ? new URL(t.url).pathname.slice(1) : "";
      const cpuBefore = workers ? { workers: cpuOf(workers.pids()), ...cpuSnapshot({ appRoot: root, database })! } : undefined;
      let done = 0;
      while (done < burst && Date.now() - dueAt < 120_000) {
        await new Promise((r) => setTimeout(r, 50));
        done = await fired();
      }
      const allFiredSeconds = (Date.now() - dueAt) / 1000;
      const cpuAfter = workers ? { workers: cpuOf(workers.pids()), ...cpuSnapshot({ appRoot: root, database })! } : undefined;
      const burstLate = await lateness();
      const states = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from workflow_runtimes where project_id = ${P} and state = 'fired'`))[0].n;
      const firedTwice = rowsOf<{ n: number }>(
        await t.db.execute(sql`select count(*)::int as n from (select runtime_id from runtime_history where project_id = ${P} and event_name = 'after PT1S' group by runtime_id having count(*) > 1) x`),
      )[0].n;
      await t.db.execute(sql`delete from jobs where project_id = ${P}`);

      // 2. No other load: `spread` timers due one every 25 ms.
      await seed(spread, sql`now() + interval '1 second' + g * interval '25 milliseconds'`);
      while ((await fired()) < spread) await new Promise((r) => setTimeout(r, 100));
      const idleLate = await lateness();
      const perTimer = (before?: number, after?: number) => (before === undefined || after === undefined ? "n/a" : Math.round(((after - before) / burst) * 100) / 100);
      return {
        database: process.env.TEST_DB_KIND,
        worker: workers ? `${processes} worker process(es) (scripts/worker.ts), timers ${process.env.WORKER_TIMER_BATCH ?? 20} to a transaction` : "in-process (PGlite)",
        "burst: timers due within one second": burst,
        "burst: seeded ms before the first was due": dueAt - seeded,
        "burst: seconds from the first due until all fired": allFiredSeconds,
        "burst: fired / moved / fired twice": `${done} / ${states} / ${firedTwice}`,
        "burst: lateness p50 ms": burstLate.percentile(50),
        "burst: lateness p99 ms": burstLate.percentile(99),
        "burst: lateness max ms": burstLate.percentile(100),
        "burst: CPU ms per timer, worker process(es)": perTimer(cpuBefore?.workers, cpuAfter?.workers),
        "burst: CPU ms per timer, PostgreSQL": perTimer(cpuBefore?.postgres, cpuAfter?.postgres),
        [`idle: lateness p50 ms (${spread} timers, one every 25 ms)`]: idleLate.percentile(50),
        "idle: lateness p99 ms": idleLate.percentile(99),
        "idle: lateness max ms": idleLate.percentile(100),
      };
    } finally {
      await inProcess?.stop();
      await workers?.stop();
    }
  } finally {
    await t.dispose();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runTimerBench().then((f) => console.log(f));
}
