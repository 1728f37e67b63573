// A full flow's logs: every HTTP request and every job attempt has a JSON line carrying the id of the request
// that caused it, outgoing calls carry that request's trace, and no secret, key or personal data is ever logged.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { jobs } from "@/lib/db/schema";
import { setLogDestination } from "@/lib/observability/logger";
import { parseTraceparent } from "@/lib/observability/trace-context";
import { call } from "@/tests/support/http";
import { eventually } from "@/tests/support/vendor-stub";
import { getRuntime, runContext, seedDefinition } from "@/tests/support/seed";
import { setUpWebhookTest, type WebhookTest } from "@/tests/support/webhook-test";
import { POST as run } from "@/app/api/v1/external/workflows/run/route";
import { POST as sendEvent } from "@/app/api/v1/external/workflows/[workflowRuntimeId]/send-event/route";
import { POST as subscribe } from "@/app/api/v1/external/webhook-subscriptions/route";
import { PUT as putSecret } from "@/app/api/v1/external/secrets/[name]/route";

const P = "logs";
const CANARY_SECRET = "canary-secret-5b1e9c0d7a";
const CANARY_EMAIL = "canary.pii.4f2a@example.org";
const CANARY_NAME = "Zebedee Canarypii";
const lines: string[] = [];
let w: WebhookTest;

type Line = Record<string, unknown> & { msg: string; requestId?: string };
const parsed = () => lines.map((l) => JSON.parse(l) as Line);

beforeAll(async () => {
  setLogDestination({ write: (chunk: string) => void lines.push(...chunk.split("\n").filter(Boolean)) });
  w = await setUpWebhookTest({ projectId: P });
  await seedDefinition(w.t.db, P);
});

afterAll(async () => {
  await w?.close();
  setLogDestination(undefined);
});

describe(`logs of a full flow (${process.env.TEST_DB_KIND})`, () => {
  it("one JSON line per request and job attempt, chained by request id; traceparent on outgoing calls; no canary logged", async () => {
    const api = (id: string, body?: unknown) => ({ key: w.apiKey, body, headers: { "x-request-id": id } });
    expect((await call(putSecret, "PUT", "/api/v1/external/secrets/REGISTRY_API_KEY", { ...api("req-secret-0001", { value: CANARY_SECRET }), params: { name: "REGISTRY_API_KEY" } })).status).toBe(200);
    const hook = `${w.receiver.origin}/system`;
    expect((await call(subscribe, "POST", "/api/v1/external/webhook-subscriptions", api("req-subscribe-0001", { url: hook, events: ["workflow.completed", "workflow.state.changed"] }))).status).toBe(201);

    const context = runContext(w.vendor.origin, "0700", CANARY_NAME);
    context.entity.data.additionalInfo.mainRepresentative = { firstName: "Zebedee", lastName: "Canarypii", email: CANARY_EMAIL };
    const started = await call(run, "POST", "/api/v1/external/workflows/run", api("req-run-0001", { workflowId: "kyb_manual_review_example", context }));
    expect(started.status).toBe(201);
    const runtimeId = started.json.workflowRuntimeId as string;
    const params = { workflowRuntimeId: runtimeId };
    expect((await call(sendEvent, "POST", `/api/v1/external/workflows/${runtimeId}/send-event`, { ...api("req-start-0001", { name: "start" }), params })).status).toBe(200);
    await eventually(async () => (await getRuntime(w.t.db, runtimeId)).state === "manual_review", "manual review");
    expect((await call(sendEvent, "POST", `/api/v1/external/workflows/${runtimeId}/send-event`, { ...api("req-approve-0001", { name: "approve" }), params })).status).toBe(200);
    await eventually(async () => w.receiver.received.some((r) => r.body.eventName === "workflow.completed" && r.body.workflowRuntimeId === runtimeId), "the completed webhook");
    const projectJobs = await eventually(async () => {
      const rows = await w.t.db.select().from(jobs).where(eq(jobs.projectId, P));
      return rows.every((j) => j.status !== "pending") ? rows : null;
    }, "every job finished");
    // The vendor got the canary secret: the log check below could find it.
    expect(w.vendor.received.some((r) => r.headers.authorization === `Bearer ${CANARY_SECRET}`)).toBe(true);
    await eventually(async () => parsed().filter((l) => l.msg === "job attempt").length >= projectJobs.length || null, "a line per job attempt");

    const all = parsed();
    const requests = new Map(all.filter((l) => l.msg === "request").map((l) => [l.requestId, l]));
    for (const id of ["req-secret-0001", "req-subscribe-0001", "req-run-0001", "req-start-0001", "req-approve-0001"]) {
      expect(requests.get(id), id).toMatchObject({ projectId: P, caller: expect.stringMatching(/^api_key:/), level: "info" });
    }
    expect(requests.get("req-start-0001")).toMatchObject({ method: "POST", route: "/api/v1/external/workflows/[workflowRuntimeId]/send-event", status: 200 });
    expect(typeof requests.get("req-start-0001")!.durationMs).toBe("number");

    // Every job has an attempt line with the id of the request whose step (or whose job's step) enqueued it.
    const attempts = all.filter((l) => l.msg === "job attempt");
    const ours = new Set(["req-run-0001", "req-start-0001", "req-approve-0001"]);
    for (const job of projectJobs) {
      const line = attempts.find((l) => l.jobId === job.id);
      expect(line, `job ${job.id} (${job.kind})`).toMatchObject({ kind: job.kind, runtimeId: job.runtimeId, attempt: job.attempts, outcome: "done" });
      expect(ours.has(line!.requestId!), `job ${job.id} request id ${line!.requestId}`).toBe(true);
      expect((job.payload as { trace?: { requestId: string } }).trace?.requestId).toBe(line!.requestId);
    }
    const plugin = attempts.find((l) => l.kind === "api_plugin")!;
    expect(plugin.requestId).toBe("req-start-0001");
    // The vendor call carries the trace of the request that caused it.
    const vendorCall = w.vendor.received.find((r) => r.path.startsWith("/registry/"))!;
    expect(parseTraceparent(vendorCall.headers.traceparent as string)?.traceId).toBe(requests.get("req-start-0001")!.traceId);
    const completed = w.receiver.received.find((r) => r.body.eventName === "workflow.completed")!;
    expect(parseTraceparent(completed.headers.traceparent)?.traceId).toBe(requests.get("req-approve-0001")!.traceId);

    const text = lines.join("\n");
    for (const canary of [CANARY_SECRET, CANARY_EMAIL, "Canarypii", w.apiKey, w.secret, "registry-secret-value-123", "hook-token-value-456"]) {
      expect(text.includes(canary), `log output contains ${canary.slice(0, 12)}…`).toBe(false);
    }
  });
});
