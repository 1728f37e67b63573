// Timers under load: 10,000 delayed transitions due in the same second, fired by one worker process's worth of
// in-process workers (claims with FOR UPDATE SKIP LOCKED, batches of their free slots), and the lateness of timers
// due one by one with nothing else running. PostgreSQL on BENCH_DATABASE_URL (PGlite without it, labelled so).
import { pathToFileURL } from "node:url";
import { sql } from "drizzle-orm";
import { selectBenchDatabase } from "./lib/bench-env";
import { Latencies } from "./lib/stats";

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
  const { openPostgres } = await import("../lib/db/open");
  const t = await openTestDatabase();
  const workers = Number(process.env.BENCH_TIMER_WORKERS ?? 4);
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
    };
    const fired = async () => rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from jobs where project_id = ${P} and kind = 'timer' and status = 'succeeded'`))[0].n;
    const lateness = async () => {
      const rows = rowsOf<{ ms: number }>(await t.db.execute(sql`
        select extract(epoch from (finished_at - run_at)) * 1000 as ms from jobs where project_id = ${P} and kind = 'timer' and status = 'succeeded'`));
      const l = new Latencies();
      for (const r of rows) l.add(Number(r.ms));
      return l;
    };
    // On PostgreSQL each worker has a pool of its own (DB_POOL_MAX's default, 10), as separate worker processes would.
    const handles = t.url ? await Promise.all(Array.from({ length: workers }, () => openPostgres(t.url!, { max: 10 }))) : [];
    const running = await Promise.all(Array.from({ length: workers }, (_, i) => startWorker(handles[i] ?? t, {})));
    try {
      // 1. The burst: every timer due within the same second, 3 s from now (workers already idle and polling).
      const dueAt = Date.now() + 3_000;
      await seed(burst, sql`to_timestamp(${dueAt / 1000}) + (g % 1000) * interval '1 millisecond'`);
      const seeded = Date.now();
      let done = 0;
      while (done < burst && Date.now() - dueAt < 120_000) {
        await new Promise((r) => setTimeout(r, 50));
        done = await fired();
      }
      const allFiredSeconds = (Date.now() - dueAt) / 1000;
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
      return {
        database: process.env.TEST_DB_KIND,
        "workers (in-process, 16 slots and 10 connections each)": workers,
        "burst: timers due within one second": burst,
        "burst: seeded ms before the first was due": dueAt - seeded,
        "burst: seconds from the first due until all fired": allFiredSeconds,
        "burst: fired / moved / fired twice": `${done} / ${states} / ${firedTwice}`,
        "burst: lateness p50 ms": burstLate.percentile(50),
        "burst: lateness p99 ms": burstLate.percentile(99),
        "burst: lateness max ms": burstLate.percentile(100),
        [`idle: lateness p50 ms (${spread} timers, one every 25 ms)`]: idleLate.percentile(50),
        "idle: lateness p99 ms": idleLate.percentile(99),
        "idle: lateness max ms": idleLate.percentile(100),
      };
    } finally {
      await Promise.all(running.map((w) => w.stop()));
      await Promise.all(handles.map((h) => h.close()));
    }
  } finally {
    await t.dispose();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runTimerBench().then((f) => console.log(f));
}
