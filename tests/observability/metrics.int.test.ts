// GET /api/metrics: refused without the token, and the counters move by exactly what N flows did.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { resetEnvCache } from "@/lib/config/env";
import { jobs } from "@/lib/db/schema";
import { call } from "@/tests/support/http";
import { eventually } from "@/tests/support/vendor-stub";
import { runContext, seedDefinition } from "@/tests/support/seed";
import { setUpWebhookTest, type WebhookTest } from "@/tests/support/webhook-test";
import { GET as scrapeRoute } from "@/app/api/metrics/route";
import { POST as run } from "@/app/api/v1/external/workflows/run/route";
import { POST as sendEvent } from "@/app/api/v1/external/workflows/[workflowRuntimeId]/send-event/route";
import { POST as subscribe } from "@/app/api/v1/external/webhook-subscriptions/route";

const P = "metrics";
const TOKEN = "metrics-token-0123456789abcdef";
// METRICS_TEST_FLOWS=100 runs the 100 flows.
const FLOWS = Number(process.env.METRICS_TEST_FLOWS ?? 20);
let w: WebhookTest;

beforeAll(async () => {
  process.env.METRICS_TOKEN = TOKEN;
  w = await setUpWebhookTest({ projectId: P });
  await seedDefinition(w.t.db, P);
});

afterAll(async () => {
  await w?.close();
  delete process.env.METRICS_TOKEN;
  resetEnvCache();
});

/** Sample values by `name{labels}` as written in the exposition (labels in prom-client's order). */
async function scrape(): Promise<Map<string, number>> {
  const res = await scrapeRoute(new Request("http://localhost/api/metrics", { headers: { authorization: `Bearer ${TOKEN}` } }));
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("text/plain");
  const samples = new Map<string, number>();
  for (const line of (await res.text()).split("\n")) {
    const m = /^([a-z_:]+(?:\{[^}]*\})?) (\S+)$/i.exec(line);
    if (m) samples.set(m[1], Number(m[2]));
  }
  return samples;
}

const delta = (before: Map<string, number>, after: Map<string, number>, key: string) => (after.get(key) ?? 0) - (before.get(key) ?? 0);

describe(`GET /api/metrics (${process.env.TEST_DB_KIND})`, () => {
  it("401 problem+json without the token or with a wrong one; 404 when no token is configured", async () => {
    for (const authorization of [undefined, "Bearer wrong-token-0123456789abcdef", `Basic ${TOKEN}`]) {
      const res = await scrapeRoute(new Request("http://localhost/api/metrics", { headers: authorization ? { authorization } : {} }));
      expect(res.status).toBe(401);
      expect(res.headers.get("content-type")).toContain("application/problem+json");
      expect(res.headers.get("www-authenticate")).toContain("Bearer");
    }
    delete process.env.METRICS_TOKEN;
    resetEnvCache();
    try {
      expect((await scrapeRoute(new Request("http://localhost/api/metrics", { headers: { authorization: `Bearer ${TOKEN}` } }))).status).toBe(404);
    } finally {
      process.env.METRICS_TOKEN = TOKEN;
      resetEnvCache();
    }
  });

  it(`counters move by what ${FLOWS} flows did`, async () => {
    const api = (body?: unknown) => ({ key: w.apiKey, body });
    expect((await call(subscribe, "POST", "/api/v1/external/webhook-subscriptions", api({ url: `${w.receiver.origin}/system`, events: ["workflow.completed"] }))).status).toBe(201);
    const before = await scrape();
    const ids: string[] = [];
    for (let i = 0; i < FLOWS; i++) {
      const started = await call(run, "POST", "/api/v1/external/workflows/run", api({ workflowId: "kyb_manual_review_example", context: runContext(w.vendor.origin, "1000") }));
      expect(started.status).toBe(201);
      const id = started.json.workflowRuntimeId as string;
      ids.push(id);
      expect((await call(sendEvent, "POST", `/api/v1/external/workflows/${id}/send-event`, { ...api({ name: "start" }), params: { workflowRuntimeId: id } })).status).toBe(200);
    }
    await eventually(async () => new Set(w.receiver.received.filter((r) => r.body.eventName === "workflow.completed").map((r) => r.body.workflowRuntimeId)).size === FLOWS, `${FLOWS} completed webhooks`, 60_000);
    await eventually(async () => (await w.t.db.select().from(jobs).where(eq(jobs.projectId, P))).every((j) => j.status !== "pending"), "every job finished", 30_000);
    const after = await scrape();

    const d = (key: string) => delta(before, after, key);
    expect(d('kyc_http_request_duration_seconds_count{method="POST",route="/api/v1/external/workflows/run",status="201"}')).toBe(FLOWS);
    expect(d('kyc_http_request_duration_seconds_count{method="POST",route="/api/v1/external/workflows/[workflowRuntimeId]/send-event",status="200"}')).toBe(FLOWS);
    expect(d('kyc_job_attempts_total{kind="api_plugin",outcome="done"}')).toBe(FLOWS);
    expect(d('kyc_job_attempts_total{kind="webhook_plugin",outcome="done"}')).toBe(FLOWS);
    expect(d('kyc_job_attempts_total{kind="webhook_delivery",outcome="done"}')).toBe(FLOWS);
    expect(d('kyc_webhook_delivery_attempts_total{result="succeeded"}')).toBe(FLOWS);
    expect(d("kyc_webhook_delivery_duration_seconds_count")).toBe(FLOWS);
    // A vendor call that timed out on this loaded machine is retried: every attempt is a call and a job attempt.
    const vendorAttempts = FLOWS + d('kyc_job_attempts_total{kind="api_plugin",outcome="retry"}');
    expect(d('kyc_plugin_call_duration_seconds_count{plugin="external_request_example",kind="api"}')).toBe(vendorAttempts);
    expect(d('kyc_job_attempt_duration_seconds_count{kind="api_plugin"}')).toBe(vendorAttempts);
    expect(after.get('kyc_runtimes{definition="kyb_manual_review_example",status="completed",state="auto_approve"}')).toBe(FLOWS);
    expect([...after].filter(([k]) => k.startsWith("kyc_job_queue_depth")).reduce((s, [, v]) => s + v, 0)).toBe(0);
    expect(after.get("kyc_job_oldest_due_age_seconds")).toBe(0);
    expect(after.has("kyc_process_cpu_user_seconds_total")).toBe(true);
  });
});
