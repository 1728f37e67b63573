import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { jobs, runtimeHistory, webhookDeliveries } from "@/lib/db/schema";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { startRun } from "@/lib/runtime/start-run";
import { call } from "@/tests/support/http";
import { getRuntime, runContext, seedDefinition, seedProject } from "@/tests/support/seed";
import { eventually } from "@/tests/support/vendor-stub";
import { setUpWebhookTest, type WebhookTest } from "@/tests/support/webhook-test";
import { GET as listJobs } from "./route";
import { POST as retry } from "./[jobId]/retry/route";

const P = "jobs-api";
let w: WebhookTest;
let otherKey: string;
/** The receiver answers 500 (retry at once) until this is set: a receiver that is down, then fixed. */
let receiverFixed = false;

beforeAll(async () => {
  w = await setUpWebhookTest({ projectId: P, reply: () => (receiverFixed ? { status: 200 } : { status: 500, headers: { "retry-after": "0" } }) });
  otherKey = await seedProject(w.t.db, "jobs-other");
  await seedDefinition(w.t.db, P);
});

afterAll(async () => w?.close());

const list = (query: string, key = w.apiKey) => call(listJobs, "GET", `/api/v1/external/jobs${query}`, { key });
const retryJob = (jobId: string | number, key = w.apiKey) => call(retry, "POST", "/r", { key, params: { jobId: String(jobId) } });
const jobsOf = (runtimeId: string, kind: "webhook_delivery" | "api_plugin") => w.t.db.select().from(jobs).where(and(eq(jobs.runtimeId, runtimeId), eq(jobs.kind, kind)));

/** A runtime in idle whose one event (state.changed at creation) goes to the receiver; resolves once its delivery job failed. */
async function runtimeWithFailedDelivery() {
  const config = { subscriptions: [{ type: "webhook", url: `${w.receiver.origin}/down`, events: ["workflow.state.changed"] }] };
  const run = await startRun(w.t.db, { projectId: P, workflowId: "kyb_manual_review_example", context: runContext(w.vendor.origin, "1000"), config, actor: w.actor });
  const [job] = await eventually(async () => {
    const rows = await jobsOf(run.workflowRuntimeId, "webhook_delivery");
    return rows.length === 1 && rows[0].status === "failed" ? rows : null;
  }, "the delivery job to exhaust its attempts");
  return { runtimeId: run.workflowRuntimeId, job };
}

let first: Awaited<ReturnType<typeof runtimeWithFailedDelivery>>;
let second: Awaited<ReturnType<typeof runtimeWithFailedDelivery>>;

describe(`failed jobs API (${process.env.TEST_DB_KIND})`, () => {
  it("lists system webhook deliveries that exhausted their attempts, newest first in cursor pages, without their payloads", async () => {
    first = await runtimeWithFailedDelivery();
    second = await runtimeWithFailedDelivery();
    expect(w.receiver.forRuntime(first.runtimeId, "/down")).toHaveLength(11);

    const one = await list(`?status=failed&workflowRuntimeId=${first.runtimeId}`);
    expect(one.status).toBe(200);
    expect(one.json).toEqual({
      data: [
        {
          id: first.job.id,
          kind: "webhook_delivery",
          status: "failed",
          workflowRuntimeId: first.runtimeId,
          pluginName: null,
          deliveryId: first.job.payload.deliveryId,
          attempts: 11,
          maxAttempts: 11,
          lastError: expect.stringContaining("HTTP 500"),
          createdAt: expect.any(String),
          finishedAt: expect.any(String),
        },
      ],
      nextCursor: null,
    });

    const page1 = await list("?status=failed&limit=1");
    expect(page1.json.data.map((j: { id: number }) => j.id)).toEqual([second.job.id]);
    const page2 = await list(`?status=failed&limit=1&cursor=${page1.json.nextCursor}`);
    expect(page2.json.data.map((j: { id: number }) => j.id)).toEqual([first.job.id]);
    expect(page2.json.nextCursor).toBeNull();
    // Without a limit, a page holds up to 20: both, newest first.
    const all = await list("?status=failed");
    expect([all.json.data.map((j: { id: number }) => j.id), all.json.nextCursor]).toEqual([[second.job.id, first.job.id], null]);
    expect((await list("?status=failed", otherKey)).json.data).toEqual([]);
  });

  it("refuses other statuses and unknown runtimes", async () => {
    const pending = await list("?status=pending");
    expect(pending.status).toBe(422);
    expect(pending.json.errors).toEqual([expect.objectContaining({ path: "/status" })]);
    expect((await list("")).status).toBe(422);
    for (const runtimeId of ["7d9f4a52-0000-4000-8000-000000000999", "not-a-uuid"]) expect((await list(`?status=failed&workflowRuntimeId=${runtimeId}`)).status).toBe(404);
    expect((await list(`?status=failed&workflowRuntimeId=${first.runtimeId}`, otherKey)).status).toBe(404);
  });

  it("a delivery is retried only by a key that may redeliver webhooks (403 insufficient_scope naming webhooks:admin); a failed timer is not retried", async () => {
    const { key } = await createApiKey(w.t.db, P, "runtimes only", { scopes: ["runtimes:read", "runtimes:write"] });
    const refused = await retryJob(first.job.id, key);
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ code: "insufficient_scope", scope: "webhooks:admin" });
    const [timer] = await w.t.db
      .insert(jobs)
      .values({ projectId: P, kind: "timer", runtimeId: first.runtimeId, payload: { timer: { after: "PT1S" } }, status: "failed", attempts: 5 })
      .returning();
    const timerRetry = await retryJob(timer.id);
    expect(timerRetry.status).toBe(409);
    expect(timerRetry.json.code).toBe("job_not_retryable");
    await w.t.db.delete(jobs).where(eq(jobs.id, timer.id)); // out of the failed list the next tests read
    const [unchanged] = await w.t.db.select().from(jobs).where(eq(jobs.id, first.job.id));
    expect(unchanged).toMatchObject({ status: "failed", attempts: 11 });
  });

  it("a retried delivery is sent again with fresh attempts and delivered once the receiver is fixed; the retry is in the history", async () => {
    receiverFixed = true;
    const res = await retryJob(first.job.id);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: first.job.id, status: "pending", attempts: 0, finishedAt: null });
    const [delivered] = await eventually(async () => {
      const rows = await w.t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, String(first.job.payload.deliveryId)));
      return rows[0]?.status === "succeeded" ? rows : null;
    }, "the retried delivery to succeed");
    expect(delivered.attempts).toBe(12);
    const [job] = await w.t.db.select().from(jobs).where(eq(jobs.id, first.job.id));
    expect(job).toMatchObject({ status: "succeeded", attempts: 1 });
    const requests = w.receiver.forRuntime(first.runtimeId, "/down");
    expect(requests).toHaveLength(12);
    expect(new Set(requests.map((r) => r.headers["webhook-id"])).size).toBe(1);
    const history = await w.t.db.select().from(runtimeHistory).where(and(eq(runtimeHistory.runtimeId, first.runtimeId), eq(runtimeHistory.kind, "job_retried")));
    expect(history).toMatchObject([{ eventName: "webhook_delivery", actorType: "api_key", payload: { jobId: first.job.id, kind: "webhook_delivery", previousError: expect.stringContaining("HTTP 500") } }]);
    expect((await list(`?status=failed&workflowRuntimeId=${first.runtimeId}`)).json.data).toEqual([]);
  });

  it("a job that is not failed is 409 job_not_retryable; another project's job, an unknown id or a malformed one is 404", async () => {
    const again = await retryJob(first.job.id);
    expect(again.status).toBe(409);
    expect(again.json.code).toBe("job_not_retryable");
    for (const res of [await retryJob(second.job.id, otherKey), await retryJob(987654321), await retryJob("abc"), await retryJob("1e3")]) {
      expect(res.status).toBe(404);
      expect(res.json.code).toBe("not_found");
    }
    const [still] = await w.t.db.select().from(jobs).where(eq(jobs.id, second.job.id));
    expect(still).toMatchObject({ status: "failed", attempts: 11 });
  });

  it("a retried API plugin job whose runtime has left the plugin's state finishes without calling the vendor or moving the runtime", async () => {
    const { run, runtime } = await w.runExample("0700");
    expect(runtime.state).toBe("manual_review");
    const [pluginJob] = await jobsOf(run.workflowRuntimeId, "api_plugin");
    expect(pluginJob.status).toBe("succeeded");
    // As if the call had kept failing until its attempts ran out (a handler that threw every time).
    await w.t.db.update(jobs).set({ status: "failed", lastError: "simulated: the worker crashed on every attempt" }).where(eq(jobs.id, pluginJob.id));
    const vendorCalls = w.vendor.received.length;

    const res = await retryJob(pluginJob.id);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ kind: "api_plugin", pluginName: expect.any(String), status: "pending" });
    const [done] = await eventually(async () => {
      const rows = await w.t.db.select().from(jobs).where(eq(jobs.id, pluginJob.id));
      return rows[0]?.status !== "pending" ? rows : null;
    }, "the retried plugin job to finish");
    expect(done).toMatchObject({ status: "succeeded", attempts: 1 });
    expect(w.vendor.received.length).toBe(vendorCalls);
    expect(await getRuntime(w.t.db, run.workflowRuntimeId)).toMatchObject({ state: "manual_review", version: runtime.version });
  });
});
