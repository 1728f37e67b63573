// OpenTelemetry on: spans per request, step, outgoing call and job attempt reach a real OTLP/HTTP receiver, and a
// job's span is linked to the request that enqueued it.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTracing, type TracingHandle } from "@/lib/observability/start-tracing";
import { parseTraceparent } from "@/lib/observability/trace-context";
import { call } from "@/tests/support/http";
import { eventually } from "@/tests/support/vendor-stub";
import { getRuntime, runContext, seedDefinition } from "@/tests/support/seed";
import { setUpWebhookTest, type WebhookTest } from "@/tests/support/webhook-test";
import { POST as run } from "@/app/api/v1/external/workflows/run/route";
import { POST as sendEvent } from "@/app/api/v1/external/workflows/[workflowRuntimeId]/send-event/route";

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  links?: { traceId: string; spanId: string }[];
  attributes?: { key: string; value: Record<string, unknown> }[];
}

const P = "traces";
const bodies: { contentType: string; body: string }[] = [];
let receiver: http.Server;
let tracing: TracingHandle | null;
let w: WebhookTest;

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (req.method === "POST" && req.url === "/v1/traces") bodies.push({ contentType: req.headers["content-type"] ?? "", body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(200, { "content-type": "application/json" });
      res.end("{}");
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  process.env.OTEL_EXPORTER_OTLP_ENDPOINT = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  tracing = await startTracing();
  w = await setUpWebhookTest({ projectId: P });
  await seedDefinition(w.t.db, P);
});

afterAll(async () => {
  await w?.close();
  await tracing?.shutdown();
  delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  await new Promise((r) => receiver.close(r));
});

const spans = (): OtlpSpan[] =>
  bodies.flatMap((b) => (JSON.parse(b.body) as { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] }).resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)));

describe(`traces (${process.env.TEST_DB_KIND})`, () => {
  it("a span per request, step, job attempt and outgoing call, exported as OTLP/JSON; the job links to the request", async () => {
    expect(tracing).not.toBeNull();
    const api = (body: unknown) => ({ key: w.apiKey, body });
    const started = await call(run, "POST", "/api/v1/external/workflows/run", api({ workflowId: "kyb_manual_review_example", context: runContext(w.vendor.origin, "1000") }));
    const id = started.json.workflowRuntimeId as string;
    expect((await call(sendEvent, "POST", `/api/v1/external/workflows/${id}/send-event`, { ...api({ name: "start" }), params: { workflowRuntimeId: id } })).status).toBe(200);
    await eventually(async () => (await getRuntime(w.t.db, id)).status === "completed", "the flow to complete");
    await w.worker?.stop();
    await tracing!.shutdown(); // exports what is buffered
    tracing = null;

    expect(bodies.length).toBeGreaterThan(0);
    expect(bodies[0].contentType).toContain("application/json");
    const all = spans();
    const request = all.find((s) => s.name === "POST /api/v1/external/workflows/[workflowRuntimeId]/send-event")!;
    expect(request).toBeDefined();
    expect(request.kind).toBe(2); // SERVER
    expect(all.find((s) => s.name === "POST /api/v1/external/workflows/run")).toBeDefined();
    // The start event's step runs inside its request.
    expect(all.some((s) => s.name === "step" && s.traceId === request.traceId && s.parentSpanId === request.spanId)).toBe(true);
    // The vendor call's job: its own trace, linked to the request's span (the step that enqueued it).
    const job = all.find((s) => s.name === "job api_plugin")!;
    expect(job).toBeDefined();
    expect(job.traceId).not.toBe(request.traceId);
    expect(job.links?.some((l) => l.traceId === request.traceId)).toBe(true);
    // The outgoing call is a client span inside the job, and the vendor received its context.
    const vendorHost = new URL(w.vendor.origin).host;
    const outgoing = all.find((s) => s.name === `GET ${vendorHost}` && s.traceId === job.traceId)!;
    expect(outgoing).toBeDefined();
    expect(outgoing.kind).toBe(3); // CLIENT
    const received = parseTraceparent(w.vendor.received.find((r) => r.path.startsWith("/registry/"))!.headers.traceparent as string);
    expect(received).toMatchObject({ traceId: job.traceId, spanId: outgoing.spanId });
    // The result's step runs in the job's trace; the completion's webhook delivery is its own linked job.
    expect(all.some((s) => s.name === "step" && s.traceId === job.traceId)).toBe(true);
    expect(all.some((s) => s.name === "job webhook_plugin" && s.links?.some((l) => l.traceId === job.traceId))).toBe(true);
  });
});
