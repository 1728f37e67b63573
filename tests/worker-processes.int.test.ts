// `npm start` with WORKER_PROCESSES: on PostgreSQL the job worker runs in a supervised child process of the start
// process, not in the server (int-postgres project only, with a production build in NEXT_DIST_DIR or .next).
// Where the worker runs for each setting is tested in tests/worker-plan.test.ts.
import { spawnSync } from "node:child_process";
import { afterAll, describe, expect, it, onTestFailed } from "vitest";
import { createBenchDatabase, type BenchDatabase } from "@/bench/lib/bench-database";
import { isAlive } from "@/lib/db/data-dir-lock";
import { runContext } from "./support/seed";
import { appEnv, builtAppSkip, childrenOf, freePort, killStarted, processName, root, spawnStart, startScript, within, type StartedApp } from "./support/start-script";
import { eventually, startVendorStub, type ReceivedRequest, type StubReply } from "./support/vendor-stub";

const skip = builtAppSkip();
const API_KEY = "kyc_worker_processes_test_key_0123456789";
const EXAMPLE = "kyb_manual_review_example";

type Json = Record<string, unknown>;
type Stub = Awaited<ReturnType<typeof startVendorStub>>;

describe("npm start with WORKER_PROCESSES", () => {
  it.skipIf(process.env.TEST_DB_KIND === "postgres")("refuses invalid settings with a one-line message before anything starts", () => {
    const run = (env: Record<string, string>) =>
      spawnSync(process.execPath, [startScript], { cwd: root, env: appEnv({ PORT: "3499", DATABASE_URL: "postgres://nobody@127.0.0.1:1/none", ...env }), encoding: "utf8", timeout: 10_000, killSignal: "SIGKILL" });
    const refusals: [Record<string, string>, string][] = [
      [{ WORKER_PROCESSES: "-1" }, 'WORKER_PROCESSES must be a whole number of worker processes, 0 or more (got "-1").'],
      [{ WORKER_PROCESSES: "two" }, 'WORKER_PROCESSES must be a whole number of worker processes, 0 or more (got "two").'],
      [{ RUN_WORKER: "maybe" }, 'RUN_WORKER must be true or false (got "maybe").'],
      [{ WORKER_PROCESSES: "2", RUN_WORKER: "true" }, "RUN_WORKER=true runs the worker in each server process and WORKER_PROCESSES=2 in processes of its own: set only one of them."],
    ];
    for (const [env, message] of refusals) {
      const r = run(env);
      expect(r.status, r.stdout + r.stderr).toBe(1);
      expect(r.stderr.trim()).toBe(`[start] ${message}`);
      expect(r.stdout).toBe("");
    }
  });

  describe("on PostgreSQL", () => {
    let database: BenchDatabase | undefined;
    let sql: import("postgres").Sql | undefined;
    let stub: Stub | undefined;
    let app: StartedApp | undefined;

    afterAll(async () => {
      killStarted(app);
      await stub?.close();
      await sql?.end({ timeout: 5 });
      await database?.drop();
    });

    it.skipIf(skip !== undefined)(
      `runs the worker in a supervised process, restarts it when killed and lets it finish its job on SIGTERM${skip ? ` (skipped: ${skip})` : ""}`,
      async () => {
        // The vendor answers an exact match (the example then auto-approves), after `vendorDelayMs`.
        let vendorDelayMs = 0;
        const vendor = (req: ReceivedRequest): StubReply =>
          req.path.startsWith("/registry/")
            ? { status: 200, delayMs: vendorDelayMs, body: { business_details: { registered_name: req.query.business_name, registration_number: req.path.split("/").pop() }, name_fuzziness_score: 1 } }
            : { status: 200, body: {} };
        stub = await startVendorStub(vendor);
        database = await createBenchDatabase(process.env.TEST_DATABASE_URL!, "test_workerprocs");
        const { default: postgres } = await import("postgres");
        sql = postgres(database.url, { max: 1, onnotice: () => undefined });

        const port = await freePort();
        const baseUrl = `http://127.0.0.1:${port}`;
        const env = appEnv({
          DATABASE_URL: database.url,
          PORT: String(port),
          WORKER_PROCESSES: "1",
          DB_POOL_MAX: "4",
          SEED_API_KEY: API_KEY,
          OUTBOUND_ALLOWED_HOSTS: `127.0.0.1:${stub.port}`,
        });
        delete env.RUN_WORKER;
        delete env.WEB_CONCURRENCY;
        app = spawnStart(env);
        const output = app.output;
        onTestFailed(() => console.error(`--- output of scripts/start.mjs ---\n${output()}`));
        const startPid = app.process.pid!;
        const seen = new Set<number>([startPid]);
        const children = () => {
          const pids = childrenOf(startPid);
          pids.forEach((p) => seen.add(p));
          return pids;
        };
        /** The worker processes started so far, as the start process logs them. */
        const started = () => [...output().matchAll(/\[workers\] worker process 1\/1 \(pid (\d+)\) started/g)].map((m) => Number(m[1]));

        const api = async (method: "GET" | "POST", path: string, body?: unknown): Promise<{ status: number; json: Json }> => {
          const res = await fetch(`${baseUrl}/api/v1/external${path}`, {
            method,
            headers: { authorization: `Bearer ${API_KEY}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
            body: body === undefined ? undefined : JSON.stringify(body),
          });
          return { status: res.status, json: (await res.json()) as Json };
        };
        const ready = async (): Promise<Json | undefined> => {
          try {
            const res = await fetch(`${baseUrl}/api/health/ready`);
            return res.status === 200 ? ((await res.json()) as Json) : undefined;
          } catch {
            return undefined;
          }
        };
        /** Run the example for a new entity through the API up to the vendor call; its runtime id and registration number. */
        let flows = 0;
        const startFlow = async () => {
          const reg = `4242000${++flows}`;
          const run = await api("POST", "/workflows/run", { workflowId: EXAMPLE, context: runContext(stub!.origin, reg) });
          expect(run.status, JSON.stringify(run.json)).toBe(201);
          const id = String(run.json.workflowRuntimeId);
          const started = await api("POST", `/workflows/${id}/send-event`, { name: "start" });
          expect(started.status, JSON.stringify(started.json)).toBe(200);
          return { id, reg };
        };
        const settled = (id: string) =>
          eventually(async () => (await api("GET", `/workflows/${id}`)).json.state === "auto_approve", `runtime ${id} to reach auto_approve`, 30_000, 100);
        const pluginJob = async (id: string) => {
          const [job] = await sql!<{ status: string; locked_by: string | null; locked_until: Date | null }[]>`
            select status, locked_by, locked_until from jobs where runtime_id = ${id} and kind = 'api_plugin'`;
          return job;
        };
        /** The pid in a worker id (`host:pid:random`, lib/worker/worker.ts). */
        const pidOf = (lockedBy: string | null) => Number(lockedBy?.split(":").at(-2));

        // Start-up: one worker process, a child of the start process; the server runs no worker of its own.
        await eventually(ready, "readiness to answer 200", 45_000, 200);
        expect(output()).toContain("[start] the job worker runs in 1 process(es) of its own (WORKER_PROCESSES)");
        expect(output()).toMatch(/"msg":"the job worker runs in processes of its own \(npm start, WORKER_PROCESSES\)"/);
        expect(output()).not.toMatch(/in-process worker started/);
        const [worker, ...moreWorkers] = started();
        expect(worker, "a worker process").toBeDefined();
        expect(moreWorkers).toEqual([]);
        expect(processName(worker)).toBe("kyc-worker");
        const [server, ...others] = children().filter((p) => p !== worker);
        expect(others, "the start process's children besides the server and the worker").toEqual([]);
        expect(children()).toContain(worker);
        expect(processName(server)).toMatch(/^next-server/);

        // Readiness reports the worker process, as the start process relays it.
        const health = await eventually(
          async () => {
            const body = await ready();
            const w = (body?.checks as { worker?: { processes?: { pid: number }[] } } | undefined)?.worker;
            return w?.processes?.[0]?.pid === worker ? w : undefined;
          },
          "readiness to list the worker process",
          10_000,
          200,
        );
        expect(health).toMatchObject({ ok: true, inProcess: false, processes: [{ pid: worker, restarts: 0, sinceLastPollMs: expect.any(Number) }] });

        // A job is done by the worker process.
        const first = await startFlow();
        await settled(first.id);
        expect(await pluginJob(first.id)).toMatchObject({ status: "succeeded", locked_until: null });
        expect(pidOf((await pluginJob(first.id)).locked_by)).toBe(worker);

        // SIGKILL: the worker process is restarted after the back-off, with a log line, and jobs still get done.
        process.kill(worker, "SIGKILL");
        await eventually(async () => output().includes(`[workers] worker process 1/1 (pid ${worker}) exited unexpectedly (signal SIGKILL); restarting it in 1 s`), "the restart log line", 10_000, 50);
        const replacement = await eventually(async () => started().find((p) => p !== worker), "a new worker process", 15_000, 100);
        expect(started()).toEqual([worker, replacement]);
        expect(children()).toEqual([server, replacement].sort((a, b) => a - b));
        expect(isAlive(worker)).toBe(false);
        await eventually(
          async () => {
            const body = await ready();
            const w = (body?.checks as { worker?: { processes?: { pid: number; restarts: number }[] } } | undefined)?.worker;
            return w?.processes?.[0]?.pid === replacement && w.processes[0].restarts === 1;
          },
          "readiness to list the restarted worker process",
          30_000,
          200,
        );
        const second = await startFlow();
        await settled(second.id);
        expect(pidOf((await pluginJob(second.id)).locked_by)).toBe(replacement);

        // SIGTERM to the start process while the worker waits on a slow vendor: the job finishes, everything exits 0.
        vendorDelayMs = 3_000;
        const third = await startFlow();
        await eventually(async () => stub!.received.some((r) => r.path === `/registry/${third.reg}`), "the slow vendor call to start", 20_000, 25);
        expect(await pluginJob(third.id)).toMatchObject({ status: "pending" });
        app.process.kill("SIGTERM");
        const { code, signal } = await within(app.exited, 30_000, "the start process's exit after SIGTERM");
        expect({ code, signal }).toEqual({ code: 0, signal: null });
        expect(output()).toContain(`[workers] worker process 1/1 (pid ${replacement}) stopped (code 0)`);
        const job = await pluginJob(third.id);
        expect(job).toMatchObject({ status: "succeeded", locked_until: null });
        expect(pidOf(job.locked_by)).toBe(replacement);
        const [runtime] = await sql<{ state: string }[]>`select state from workflow_runtimes where id = ${third.id}`;
        expect(runtime.state).toBe("auto_approve");
        const leased = await sql`select id, kind, locked_by from jobs where status = 'pending' and locked_until > now()`;
        expect(leased, "jobs left leased").toEqual([]);
        // Every job was claimed by a worker process, none by the server.
        const claimers = await sql<{ locked_by: string }[]>`select distinct locked_by from jobs where locked_by is not null`;
        for (const { locked_by } of claimers) expect([worker, replacement]).toContain(pidOf(locked_by));
        expect(seen.size).toBe(4);
        for (const pid of seen) expect(isAlive(pid), `pid ${pid} still running`).toBe(false);
      },
      90_000,
    );
  });
});
