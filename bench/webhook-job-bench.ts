// What one system-webhook delivery job costs the worker (issue 15: "a single webhook job"): BENCH_WEBHOOK_JOBS
// runs (default 2,000) each queue a `workflow.state.changed` delivery to a local receiver while no worker runs;
// the jobs come due together once a worker process (scripts/worker.ts, as `npm start` runs it) is idle and
// polling, and the figures are its CPU and PostgreSQL's per job until every delivery has been answered. Each job
// claims, loads its delivery and subscription, signs, POSTs through the outgoing-request guard and records the
// attempt. PostgreSQL only (BENCH_DATABASE_URL). The receiver reads each body and answers 200 on a kept-alive
// connection, as a typical integrator's server does (the tests' receiver closes every connection, which would add a
// TCP connect per job).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { selectBenchDatabase } from "./lib/bench-env";
import { cpuSnapshot } from "./lib/cpu-accounting";
import { recordGoalFacts } from "./lib/goals";
import { root } from "./lib/next-build";
import { printFiguresWhenRun } from "./lib/run-as-script";
import { cpuOf, startWorkerProcesses } from "./lib/worker-processes";

const P = "bench-webhook-jobs";

export async function runWebhookJobBench(count = Number(process.env.BENCH_WEBHOOK_JOBS ?? 2_000)): Promise<Record<string, unknown>> {
  if (!process.env.BENCH_DATABASE_URL) return { skipped: "needs BENCH_DATABASE_URL (PostgreSQL): the worker runs in a process of its own" };
  selectBenchDatabase();
  const receiver = await startReceiver();
  process.env.OUTBOUND_ALLOWED_HOSTS = `127.0.0.1:${receiver.port}`;
  // An earlier part of the same `npm run bench` may have read the settings already (with its own receiver's port).
  const { resetEnvCache } = await import("../lib/config/env");
  const { resetOutboundPolicy } = await import("../lib/plugins/outbound-policy");
  resetEnvCache();
  resetOutboundPolicy();
  const { openTestDatabase } = await import("../tests/support/test-database");
  const { seedDefinition, seedProject, runContext } = await import("../tests/support/seed");
  const { rotateWebhookSecret } = await import("../lib/webhooks/rotate-secret");
  const { startRun } = await import("../lib/runtime/start-run");
  const { rowsOf } = await import("../lib/db/rows");
  const t = await openTestDatabase();
  try {
    await seedProject(t.db, P);
    await rotateWebhookSecret(t.db, P);
    await seedDefinition(t.db, P);
    const config = { subscriptions: [{ type: "webhook", url: `${receiver.origin}/jobs`, events: ["workflow.state.changed"] }] };
    for (let i = 0; i < count; i++) {
      await startRun(t.db, { projectId: P, workflowId: "kyb_manual_review_example", context: runContext("http://127.0.0.1:9", `wj${i}`), config, actor: { type: "api_key" } });
    }
    // Due once the worker below is up and idle (it boots in 1–2 s).
    await t.db.execute(sql`update jobs set run_at = now() + interval '4 seconds' where project_id = ${P} and status = 'pending'`);
    const jobs = rowsOf<{ kind: string; n: number }>(await t.db.execute(sql`select kind, count(*)::int as n from jobs where project_id = ${P} and status = 'pending' group by kind`));
    const workers = await startWorkerProcesses(1, t.url!);
    try {
      const database = new URL(t.url!).pathname.slice(1);
      const before = { worker: cpuOf(workers.pids()), postgres: cpuSnapshot({ appRoot: root, database })!.postgres };
      const started = performance.now();
      const done = async () => rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from jobs where project_id = ${P} and kind = 'webhook_delivery' and status = 'succeeded'`))[0].n;
      let delivered = 0;
      while (delivered < count && performance.now() - started < 120_000) {
        await new Promise((r) => setTimeout(r, 50));
        delivered = await done();
      }
      const seconds = (performance.now() - started) / 1000 - 4;
      const after = { worker: cpuOf(workers.pids()), postgres: cpuSnapshot({ appRoot: root, database })!.postgres };
      const per = (ms: number) => Math.round((ms / count) * 100) / 100;
      if (delivered === count) recordGoalFacts({ webhookJobWorkerMs: per(after.worker - before.worker) });
      return {
        "jobs queued (by kind)": Object.fromEntries(jobs.map((j) => [j.kind, j.n])),
        "webhook deliveries answered": `${delivered} / ${count} (receiver got ${receiver.count()} on ${receiver.connections()} connections)`,
        "seconds from due until all answered": Math.round(seconds * 10) / 10,
        "CPU ms per webhook job, worker process": per(after.worker - before.worker),
        "CPU ms per webhook job, PostgreSQL": per(after.postgres - before.postgres),
      };
    } finally {
      await workers.stop();
    }
  } finally {
    await receiver.close();
    await t.dispose();
  }
}

async function startReceiver() {
  let count = 0;
  let connections = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      count++;
      res.writeHead(200, { "Content-Type": "application/json" }).end("{}");
    });
  });
  server.on("connection", () => connections++);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    count: () => count,
    connections: () => connections,
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}

printFiguresWhenRun(import.meta.url, runWebhookJobBench);
