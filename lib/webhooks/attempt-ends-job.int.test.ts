import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { jobs, webhookDeliveries } from "../db/schema";
import { claimJobs } from "../jobs/queue";
import { startRun } from "../runtime/start-run";
import { runContext, seedDefinition } from "../../tests/support/seed";
import { setUpWebhookTest, type WebhookTest } from "../../tests/support/webhook-test";
import { deliverSystemWebhook } from "./deliver";

const P = "wh-attempt-ends-job";
let w: WebhookTest;

beforeAll(async () => {
  // No worker: the test claims each job and performs its attempt itself, then reads what that one call wrote.
  w = await setUpWebhookTest({ projectId: P, worker: false, reply: (req) => ({ status: req.path === "/down" ? 500 : req.path === "/gone" ? 410 : 200 }) });
  await seedDefinition(w.t.db, P);
});

afterAll(async () => {
  await w?.close();
});

/** One attempt of a fresh delivery to `path`, performed here; then its job and delivery as stored. */
async function attemptTo(path: string) {
  const config = { subscriptions: [{ type: "webhook", url: `${w.receiver.origin}${path}`, events: ["workflow.state.changed"] }] };
  const run = await startRun(w.t.db, { projectId: P, workflowId: "kyb_manual_review_example", context: runContext(w.vendor.origin, "1000"), config, actor: w.actor });
  const id = run.workflowRuntimeId;
  const ofRuntime = and(eq(jobs.runtimeId, id), eq(jobs.kind, "webhook_delivery"));
  const [pending] = await w.t.db.select().from(jobs).where(ofRuntime);
  const claimed = (await claimJobs(w.t.db, "test-worker", 100)).find((j) => j.id === pending.id)!;
  const outcome = await deliverSystemWebhook(w.t.db, claimed);
  const [job] = await w.t.db.select().from(jobs).where(ofRuntime);
  const [delivery] = await w.t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.runtimeId, id));
  return { outcome, job, delivery };
}

describe(`a delivery attempt ends its job in its own statement (${process.env.TEST_DB_KIND})`, () => {
  it("delivered: the job succeeded", async () => {
    const { outcome, job, delivery } = await attemptTo("/ok");
    expect(outcome).toMatchObject({ type: "done", recorded: true });
    expect(delivery.status).toBe("succeeded");
    expect(job).toMatchObject({ status: "succeeded", lockedUntil: null, lastError: null });
  });

  it("refused with a retry to come: the job is pending again, unleased, due when the delivery's next attempt is", async () => {
    const { outcome, job, delivery } = await attemptTo("/down");
    expect(outcome).toMatchObject({ type: "retry", recorded: true });
    expect(delivery).toMatchObject({ status: "pending", attempts: 1, lastResponseCode: 500 });
    expect(job).toMatchObject({ status: "pending", lockedBy: null, lockedUntil: null, lastError: delivery.lastError });
    expect(Math.abs(job.runAt.getTime() - delivery.nextAttemptAt!.getTime())).toBeLessThan(1000);
  });

  it("gone: the job failed with the delivery's error", async () => {
    const { outcome, job, delivery } = await attemptTo("/gone");
    expect(outcome).toMatchObject({ type: "failed", recorded: true });
    expect(delivery).toMatchObject({ status: "failed", lastResponseCode: 410 });
    expect(job).toMatchObject({ status: "failed", lockedUntil: null, lastError: delivery.lastError });
    expect(job.finishedAt).toBeInstanceOf(Date);
  });
});
