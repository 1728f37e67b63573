import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq, gt, inArray, like, ne, sql } from "drizzle-orm";
import { allowOutbound, resetOutbound } from "../../tests/support/outbound";
import { testProject } from "../../tests/support/test-project";
import { eventually } from "../../tests/support/vendor-stub";
import { startWebhookReceiver } from "../../tests/support/webhook-receiver";
import { jobs, runtimeHistory } from "../db/schema";
import { getRuntime } from "../../tests/support/seed";
import { claimJobs } from "../jobs/queue";
import { rotateWebhookSecret } from "../webhooks/rotate-secret";
import { fireTimers } from "../worker/fire-timers";
import { startWorker, type RunningWorker } from "../worker/worker";
import { newScope, runInScope } from "../observability/request-scope";
import { cancelRuntime } from "./cancel-runtime";
import { moveRuntime } from "./move-runtime";
import { sendEvent } from "./send-event";
import { startRun } from "./start-run";
import { metrics } from "@/lib/observability/metrics";

// Short real delays (PT1S, PT2S), real workers, no mocked clock: timers are jobs due at run_at, fired through step().
const P = "timers";
const onPostgres = process.env.TEST_DB_KIND === "postgres";
const actor = { type: "api_key" as const, id: "test" };
const chart = {
  id: "timed_v1",
  initial: "idle",
  states: {
    idle: { on: { start: "waiting", review: "review", both: "timedReview" } },
    waiting: { on: { leave: "left", poke: "waiting" }, after: { PT1S: "fired" } },
    fired: { on: { done: "closed" } },
    left: { on: { done: "closed" } },
    review: { meta: { sla: { due: "PT2S", warnBefore: "PT1S" } }, on: { done: "closed" } },
    timedReview: { meta: { sla: { due: "PT1S" } }, after: { PT1S: "fired" } },
    closed: { type: "final" },
  },
};
const t = testProject(P, { definitions: [{ id: "timed", edit: (d) => Object.assign(d, { definition: chart, extensions: { apiPlugins: [] }, config: {} }) }] });
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
const children: ChildProcess[] = [];

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  allowOutbound(`127.0.0.1:${receiver.port}`);
  await rotateWebhookSecret(t.db, P);
});

afterAll(async () => {
  for (const c of children) c.kill("SIGKILL");
  await receiver?.close();
  resetOutbound();
});

async function newRuntime(event: string, config?: Record<string, unknown>): Promise<string> {
  const entity = { id: `e-${Math.random().toString(36).slice(2)}`, type: "business" as const, data: { companyName: "Acme" } };
  const run = await startRun(t.db, { projectId: P, workflowId: "timed", context: { entity, documents: [] }, actor, ...(config ? { config } : {}) });
  await sendEvent(t.db, { projectId: P, runtimeId: run.workflowRuntimeId, name: event, origin: "api", actor });
  return run.workflowRuntimeId;
}

const timerJobsOf = (id: string) => t.db.select().from(jobs).where(and(eq(jobs.runtimeId, id), eq(jobs.kind, "timer"))).orderBy(asc(jobs.id));
const firedRows = (id: string) =>
  t.db.select().from(runtimeHistory).where(and(eq(runtimeHistory.runtimeId, id), like(runtimeHistory.eventName, "after %"))).orderBy(asc(runtimeHistory.id));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function withWorker<T>(fn: (w: RunningWorker) => Promise<T>, options: { concurrency?: number } = {}): Promise<T> {
  const worker = await startWorker(t, { pollMs: 100, ...options });
  try {
    return await fn(worker);
  } finally {
    await worker.stop();
  }
}

describe(`timers (${process.env.TEST_DB_KIND})`, () => {
  it("a delayed transition fires once, through the step path, and history says which timer fired", async () => {
    await withWorker(async () => {
      const id = await newRuntime("start");
      const [job] = await timerJobsOf(id);
      const row = await getRuntime(t.db, id);
      expect(job.runAt.getTime() - row.updatedAt.getTime()).toBeGreaterThanOrEqual(999);
      await eventually(async () => (await getRuntime(t.db, id)).state === "fired", "the timer to fire", 5_000, 50);
      await sleep(1_500);
      const fired = await firedRows(id);
      expect(fired).toHaveLength(1);
      expect(fired[0]).toMatchObject({ kind: "transition", eventName: "after PT1S", fromState: "waiting", toState: "fired", actorType: "system", payload: { timer: { jobId: job.id, node: "waiting", after: "PT1S" } } });
      expect((await timerJobsOf(id)).map((j) => j.status)).toEqual(["succeeded"]);
    });
  });

  it("leaving the state before the timer is due voids it in the same step: it never fires", async () => {
    await withWorker(async () => {
      const id = await newRuntime("start");
      await sendEvent(t.db, { projectId: P, runtimeId: id, name: "leave", origin: "api", actor });
      expect((await timerJobsOf(id)).map((j) => j.status)).toEqual(["canceled"]);
      await sleep(1_600);
      expect((await getRuntime(t.db, id)).state).toBe("left");
      expect(await firedRows(id)).toHaveLength(0);
    });
  });

  it("a self-transition restarts the timer: the first is void, the second fires once a full delay after the re-entry", async () => {
    await withWorker(async () => {
      const id = await newRuntime("start");
      await sleep(600);
      const poked = await sendEvent(t.db, { projectId: P, runtimeId: id, name: "poke", origin: "api", actor });
      await eventually(async () => (await getRuntime(t.db, id)).state === "fired", "the restarted timer to fire", 5_000, 50);
      const [first, second] = await timerJobsOf(id);
      expect([first.status, second.status]).toEqual(["canceled", "succeeded"]);
      const fired = await firedRows(id);
      expect(fired).toHaveLength(1);
      expect(fired[0].at.getTime() - poked.updatedAt.getTime()).toBeGreaterThanOrEqual(990);
    });
  });

  it("a cancel and a move void the timers and clear the deadline", async () => {
    const waiting = await newRuntime("start");
    await cancelRuntime(t.db, { projectId: P, runtimeId: waiting, reason: "duplicate", actor });
    expect((await timerJobsOf(waiting)).map((j) => j.status)).toEqual(["canceled"]);
    const review = await newRuntime("review");
    expect((await getRuntime(t.db, review)).dueAt).not.toBeNull();
    await moveRuntime(t.db, { projectId: P, runtimeId: review, state: "left", reason: "handled elsewhere", actor });
    expect(await getRuntime(t.db, review)).toMatchObject({ dueAt: null, dueWarnAt: null });
    expect((await timerJobsOf(review)).map((j) => j.status)).toEqual(["canceled", "canceled"]);
  });

  it("timers due while no worker runs fire once each, in due order, as soon as a worker starts", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push(await newRuntime("start"));
      await sleep(100);
    }
    await sleep(1_500);
    for (const id of ids) expect((await getRuntime(t.db, id)).state).toBe("waiting");
    await withWorker(
      async () => {
        await eventually(async () => (await Promise.all(ids.map((id) => getRuntime(t.db, id)))).every((r) => r.state === "fired"), "every overdue timer to fire", 5_000, 50);
        await sleep(500);
      },
      { concurrency: 1 },
    );
    const fired = await Promise.all(ids.map(firedRows));
    expect(fired.map((rows) => rows.length)).toEqual([1, 1, 1]);
    const order = fired.map((rows) => rows[0].id);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it("a worker that dies holding a due timer's lease does not make it fire twice: the next worker fires it once after the lease", async () => {
    const id = await newRuntime("start");
    await sleep(1_100);
    if (onPostgres) {
      // A real worker process claims the timer and waits on the runtime's row lock, which this test holds; then SIGKILL.
      await t.db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from workflow_runtimes where id = ${id}::uuid for update`);
        const child = spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts"], {
          cwd: path.resolve(__dirname, "../.."),
          env: { ...process.env, DATABASE_URL: t.url, WORKER_CONCURRENCY: "4" },
          stdio: ["ignore", "ignore", "inherit"],
        });
        children.push(child);
        await eventually(async () => (await timerJobsOf(id)).some((j) => j.lockedBy !== null), "the worker process to claim the timer", 30_000, 50);
        child.kill("SIGKILL");
        await new Promise((r) => child.once("exit", r));
      });
    } else {
      expect(await claimJobs(t.db, "dead-worker", 100)).toEqual(expect.arrayContaining([expect.objectContaining({ kind: "timer", runtimeId: id })]));
    }
    const [held] = await timerJobsOf(id);
    expect(held).toMatchObject({ status: "pending", attempts: 1 });
    expect((await getRuntime(t.db, id)).state).toBe("waiting");
    await withWorker(async () => {
      await eventually(async () => (await getRuntime(t.db, id)).state === "fired", "the timer to fire after the lease", 20_000, 100);
      await sleep(500);
    });
    expect(await firedRows(id)).toHaveLength(1);
    expect((await timerJobsOf(id))[0]).toMatchObject({ status: "succeeded", attempts: 2 });
  }, 60_000);

  it("a review deadline sets dueAt, and sla.warning then sla.breached reach a subscribed receiver once each, in order", async () => {
    const events = ["workflow.sla.warning", "workflow.sla.breached"];
    const config = { subscriptions: [{ type: "webhook", url: `${receiver.origin}/sla`, events }] };
    const breaches = async () => (await metrics().slaBreaches.get()).values.reduce((sum, v) => sum + v.value, 0);
    const breachesBefore = await breaches();
    await withWorker(async () => {
      const id = await newRuntime("review", config);
      const row = await getRuntime(t.db, id);
      expect(row.dueAt!.getTime() - row.updatedAt.getTime()).toBe(2_000);
      expect(row.dueWarnAt!.getTime() - row.updatedAt.getTime()).toBe(1_000);
      const mine = () => receiver.received.filter((r) => r.path === "/sla" && r.body.workflowRuntimeId === id);
      await eventually(async () => mine().length >= 2, "both deadline events", 8_000, 50);
      await sleep(1_000);
      const got = mine();
      expect(got.map((r) => r.body.eventName)).toEqual(events);
      for (const r of got) expect(r.body).toMatchObject({ state: "review", dueAt: row.dueAt!.toISOString() });
      expect(got[0].at).toBeGreaterThanOrEqual(row.dueWarnAt!.getTime() - 50);
      expect(got[1].at).toBeGreaterThanOrEqual(row.dueAt!.getTime() - 50);
      expect(Number(got[1].body.sequence)).toBeGreaterThan(Number(got[0].body.sequence));
      const history = await t.db.select().from(runtimeHistory).where(eq(runtimeHistory.runtimeId, id)).orderBy(asc(runtimeHistory.id));
      expect(history.filter((h) => h.kind.startsWith("sla_")).map((h) => h.kind)).toEqual(["sla_warning", "sla_breached"]);
      // The events change nothing a client holds: an If-Match read at the start still applies.
      expect((await getRuntime(t.db, id)).version).toBe(row.version);
      expect(await breaches()).toBe(breachesBefore + 1); // kyc_sla_breaches_total
    });
  });

  it("a warning and a breach both overdue when a worker starts are still sent once each, the warning first", async () => {
    const events = ["workflow.sla.warning", "workflow.sla.breached"];
    const config = { subscriptions: [{ type: "webhook", url: `${receiver.origin}/late`, events }] };
    const ids = [await newRuntime("review", config), await newRuntime("review", config), await newRuntime("review", config)];
    await sleep(2_300);
    const mine = (id: string) => receiver.received.filter((r) => r.path === "/late" && r.body.workflowRuntimeId === id);
    await withWorker(async () => {
      await eventually(async () => ids.every((id) => mine(id).length >= 2), "both deadline events of each runtime", 8_000, 50);
      await sleep(800);
    });
    for (const id of ids) {
      const got = mine(id).sort((a, b) => Number(a.body.sequence) - Number(b.body.sequence));
      expect(got.map((r) => r.body.eventName)).toEqual(events);
      const history = await t.db.select().from(runtimeHistory).where(eq(runtimeHistory.runtimeId, id)).orderBy(asc(runtimeHistory.id));
      expect(history.filter((h) => h.kind.startsWith("sla_")).map((h) => h.kind)).toEqual(["sla_warning", "sla_breached"]);
    }
  });

  it("many due timers are claimed in batches, oldest due first, each by one claimer only", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push(await newRuntime("start"));
    await sleep(1_100);
    const mine = (claimed: Awaited<ReturnType<typeof claimJobs>>) => claimed.filter((j) => j.kind === "timer" && ids.includes(j.runtimeId!));
    const first = mine(await claimJobs(t.db, "batch-a", 16));
    const second = mine(await claimJobs(t.db, "batch-b", 16));
    expect(first).toHaveLength(16);
    expect(second).toHaveLength(4);
    // The first batch is the 16 due first (a batch's rows come back in no particular order).
    expect(Math.max(...first.map((j) => j.runAt.getTime()))).toBeLessThanOrEqual(Math.min(...second.map((j) => j.runAt.getTime())));
    expect(new Set([...first, ...second].map((j) => j.id)).size).toBe(20);
    expect(mine(await claimJobs(t.db, "batch-c", 16))).toHaveLength(0);
  });
  it("a claimed batch fires in one transaction: each timer once, a timer its batch voided never, a warning before its breach, each step in its own request's chain", async () => {
    const config = { subscriptions: [{ type: "webhook", url: `${receiver.origin}/batch`, events: ["workflow.state.changed"] }] };
    const a = await runInScope(newScope("req-batch-a"), () => newRuntime("start", config));
    const b = await runInScope(newScope("req-batch-b"), () => newRuntime("start", config));
    const review = await newRuntime("review");
    const both = await newRuntime("both"); // its PT1S timer and its PT1S deadline come due together; the timer goes first
    const ids = [a, b, review, both];
    await sleep(2_300);
    const claimed = (await claimJobs(t.db, "batch-fire", 50)).filter((j) => j.kind === "timer" && ids.includes(j.runtimeId!));
    expect(claimed).toHaveLength(2 + 2 + 2);
    const [{ max }] = await t.db.select({ max: sql<number>`max(${jobs.id})::bigint` }).from(jobs);
    const lines: string[] = [];
    await fireTimers(t.db, claimed, "batch-fire", (line) => lines.push(line));
    expect(lines).toEqual([]); // no fallback: the batch committed as one

    for (const id of [a, b]) {
      expect((await getRuntime(t.db, id)).state).toBe("fired");
      expect(await firedRows(id)).toHaveLength(1);
    }
    const chainOf = async (id: string) =>
      (await t.db.select().from(jobs).where(and(eq(jobs.runtimeId, id), ne(jobs.kind, "timer"), gt(jobs.id, Number(max))))).map((j) => (j.payload.trace as { requestId?: string } | undefined)?.requestId);
    expect(await chainOf(a)).toEqual(["req-batch-a"]);
    expect(await chainOf(b)).toEqual(["req-batch-b"]);

    const kinds = async (id: string) => (await t.db.select().from(runtimeHistory).where(eq(runtimeHistory.runtimeId, id)).orderBy(asc(runtimeHistory.id))).map((h) => h.kind);
    expect((await kinds(review)).filter((k) => k.startsWith("sla_"))).toEqual(["sla_warning", "sla_breached"]);
    // The delayed transition left the state, voiding its deadline in the same step: the breach never fired.
    expect((await getRuntime(t.db, both)).state).toBe("fired");
    expect((await kinds(both)).filter((k) => k.startsWith("sla_"))).toEqual([]);
    expect(await firedRows(both)).toHaveLength(1);
    const statuses = await t.db.select({ runtimeId: jobs.runtimeId, status: jobs.status, timer: sql<string>`${jobs.payload}->>'timer'` }).from(jobs).where(inArray(jobs.id, claimed.map((j) => j.id)));
    expect(statuses.filter((s) => s.runtimeId === both).map((s) => `${s.timer}:${s.status}`).sort()).toEqual(["after:succeeded", "sla_breached:canceled"]);
    expect(statuses.filter((s) => s.runtimeId !== both).every((s) => s.status === "succeeded")).toBe(true);
  });
});
