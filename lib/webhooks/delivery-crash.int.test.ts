import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { jobs, webhookDeliveries } from "../db/schema";
import { claimJobs, failJob } from "../jobs/queue";
import { startRun } from "../runtime/start-run";
import { startWorker } from "../worker/worker";
import { eventually } from "../../tests/support/vendor-stub";
import { runContext, seedDefinition } from "../../tests/support/seed";
import { setUpWebhookTest, type WebhookTest } from "../../tests/support/webhook-test";

const P = "wh-crash";
const onPostgres = process.env.TEST_DB_KIND === "postgres";
let w: WebhookTest;

beforeAll(async () => {
  process.env.WEBHOOK_TIMEOUT_MS = "2000"; // lease = timeout + 10 s, so a killed worker's jobs return after 12 s
  w = await setUpWebhookTest({ projectId: P, worker: false, reply: () => ({ status: 200, delayMs: 20 }) });
  await seedDefinition(w.t.db, P);
});

afterAll(async () => {
  delete process.env.WEBHOOK_TIMEOUT_MS;
  await w?.close();
});

/** `count` runs subscribed to their creation event: `count` pending deliveries, nobody working on them yet. */
async function pendingDeliveries(count: number, batch = 25): Promise<string[]> {
  const config = { subscriptions: [{ type: "webhook", url: `${w.receiver.origin}/crash`, events: ["workflow.state.changed"] }] };
  for (let i = 0; i < count; i += batch) {
    await Promise.all(
      Array.from({ length: Math.min(batch, count - i) }, () =>
        startRun(w.t.db, { projectId: P, workflowId: "kyb_manual_review_example", context: runContext(w.vendor.origin, "1000"), config, actor: w.actor }),
      ),
    );
  }
  const rows = await w.t.db.select({ eventId: webhookDeliveries.eventId }).from(webhookDeliveries).where(eq(webhookDeliveries.status, "pending"));
  return rows.map((r) => r.eventId);
}

const receivedIds = () => new Set(w.receiver.received.map((r) => r.headers["webhook-id"]));

describe(`worker crashes (${process.env.TEST_DB_KIND})`, () => {
  it("jobs claimed by a worker that never finishes them are taken over once their lease expires", async () => {
    const before = w.receiver.received.length;
    const ids = await pendingDeliveries(5);
    await w.t.db.execute(sql`update jobs set payload = jsonb_set(payload, '{leaseMs}', '300') where kind = 'webhook_delivery' and status = 'pending'`);
    const claimed = await claimJobs(w.t.db, "dead-worker", 100);
    expect(claimed).toHaveLength(5);
    const claimedAt = Date.now();
    // The dead worker's lease (300 ms) is taken; the live worker's claims get the normal lease again.
    await w.t.db.execute(sql`update jobs set payload = jsonb_set(payload, '{leaseMs}', '12000') where kind = 'webhook_delivery' and status = 'pending'`);
    const worker = await startWorker(w.t, { pollMs: 50, log: () => undefined });
    try {
      await eventually(async () => ids.every((id) => receivedIds().has(id)), "every event to arrive after the takeover", 10_000);
      const first = Math.min(...w.receiver.received.slice(before).map((r) => r.at));
      expect(first - claimedAt).toBeGreaterThanOrEqual(250);
      const rows = await eventually(async () => {
        const r = await w.t.db.select().from(jobs).where(eq(jobs.kind, "webhook_delivery"));
        return r.every((j) => j.status === "succeeded") ? r : null;
      }, "the jobs to be completed by the live worker");
      for (const job of rows) expect(job).toMatchObject({ attempts: 2, lockedBy: worker.id });
      await failJob(w.t.db, claimed[0], "dead-worker", "a late outcome from the dead worker");
      const [late] = await w.t.db.select().from(jobs).where(eq(jobs.id, claimed[0].id));
      expect(late.status).toBe("succeeded");
    } finally {
      await worker.stop();
    }
  });

  describe.skipIf(!onPostgres)("a separate worker process (PostgreSQL only: PGlite is one process and cannot be shared)", () => {
    const children: ChildProcess[] = [];
    const spawnWorker = async (): Promise<ChildProcess> => {
      const child = spawn(path.join(process.cwd(), "node_modules/.bin/tsx"), ["scripts/worker.ts"], {
        cwd: process.cwd(),
        env: { ...process.env, DATABASE_URL: w.t.url, WORKER_CONCURRENCY: "16", LOG_LEVEL: "info" },
        detached: true, // its own process group: tsx runs node as a child, and SIGKILL must reach both
        stdio: ["ignore", "pipe", "pipe"],
      });
      children.push(child);
      let output = "";
      child.stdout!.on("data", (c: Buffer) => (output += c.toString()));
      child.stderr!.on("data", (c: Buffer) => (output += c.toString()));
      await eventually(async () => output.includes("started"), `the worker process to start (output so far: ${output})`, 30_000, 50);
      return child;
    };
    const killGroup = (child: ChildProcess, signal: NodeJS.Signals) => {
      try {
        process.kill(-child.pid!, signal);
      } catch {
        // already gone
      }
    };
    afterAll(() => children.forEach((c) => killGroup(c, "SIGKILL")));

    it("a worker killed with SIGKILL during 500 deliveries loses none; duplicates share their id", { timeout: 120_000 }, async () => {
      const ids = await pendingDeliveries(500);
      expect(ids).toHaveLength(500);
      const first = await spawnWorker();
      await eventually(async () => receivedIds().size >= 150, "150 deliveries before the kill", 30_000, 5);
      killGroup(first, "SIGKILL");
      const atKill = receivedIds().size;
      expect(atKill).toBeLessThan(500);
      await spawnWorker();
      await eventually(async () => ids.every((id) => receivedIds().has(id)), "all 500 events at the receiver", 60_000, 100);

      const byId = new Map<string, string[]>();
      for (const r of w.receiver.received) byId.set(r.headers["webhook-id"], [...(byId.get(r.headers["webhook-id"]) ?? []), r.rawBody]);
      for (const [id, bodies] of byId) {
        expect(new Set(bodies).size, `every copy of ${id} is the same event`).toBe(1);
        expect(JSON.parse(bodies[0]).id).toBe(id);
      }
      const rows = await eventually(async () => {
        const r = await w.t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.url, `${w.receiver.origin}/crash`));
        return r.filter((d) => ids.includes(d.eventId)).every((d) => d.status === "succeeded") ? r : null;
      }, "every delivery recorded as succeeded", 30_000);
      expect(rows.filter((d) => ids.includes(d.eventId))).toHaveLength(500);
      console.info(`[crash test] ${atKill} events received before SIGKILL, ${w.receiver.received.length} requests in all for ${byId.size} events`);
    });
  });
});
