// The vendor stub and the integrator's receiver the HTTP benches drive the worked example against.
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { BenchPost } from "./api-client";
import type { Latencies } from "./stats";

/**
 * The vendor (registry answers, plugin webhooks) and the integrator's system-webhook receiver: `POST /system`
 * records when each runtime's `workflow.completed` arrived (`completedAt`, by runtime id, on this process's clock).
 */
export async function startStub(): Promise<{ origin: string; completedAt: Map<string, number>; close: () => void }> {
  const body = JSON.stringify({ business_details: { registered_name: "Other Ltd", registration_number: "1" }, name_fuzziness_score: 0.7 });
  const completedAt = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (req.url === "/system") {
        const event = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { eventName?: string; workflowRuntimeId?: string };
        if (event.eventName === "workflow.completed" && event.workflowRuntimeId && !completedAt.has(event.workflowRuntimeId)) completedAt.set(event.workflowRuntimeId, performance.now());
      }
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(req.url?.startsWith("/hooks") || req.url === "/system" ? "{}" : body);
    });
  });
  server.keepAliveTimeout = 10_000;
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, completedAt, close: () => server.close() };
}

/** A run of the worked example (`kyb_manual_review_example`) whose plugins call the stub at `origin`; `n` makes it unique. */
export function exampleRunBody(origin: string, n: number) {
  return {
    workflowId: "kyb_manual_review_example",
    context: {
      entity: { id: `bench-${n}`, type: "business", data: { companyName: `Bench ${n} Ltd`, registrationNumber: String(10_000_000 + n) } },
      documents: [],
      api_config: { url: `${origin}/registry`, webhook_url: `${origin}/hooks` },
    },
  };
}


/** A complete flow of the worked example: run, `start` waiting for its vendor call, `approve`; resolves to the runtime's id. */
export async function completeFlow(post: BenchPost, runBody: unknown, into: { run: Latencies; wait: Latencies; approve: Latencies }): Promise<string> {
  const id = (await post("/api/v1/external/workflows/run", runBody, into.run)).workflowRuntimeId as string;
  const settled = await post(`/api/v1/external/workflows/${id}/send-event`, { name: "start" }, into.wait, { prefer: "wait=10" });
  if (settled.state !== "manual_review") throw new Error(`flow settled in ${String(settled.state)}`);
  const done = await post(`/api/v1/external/workflows/${id}/send-event`, { name: "approve" }, into.approve);
  if (done.status !== "completed") throw new Error("flow did not complete");
  return id;
}

/**
 * Waits (up to 10 s) until every approved runtime's `workflow.completed` arrived at the stub, then each arrived
 * one's latency from its approval (`approvedAt` and `completedAt` on this process's clock), by runtime id.
 */
export async function completedWebhookLatencies(approvedAt: Map<string, number>, completedAt: Map<string, number>): Promise<Map<string, number>> {
  const deadline = performance.now() + 10_000;
  while (performance.now() < deadline && [...approvedAt.keys()].some((id) => !completedAt.has(id))) await new Promise((r) => setTimeout(r, 100));
  const latencies = new Map<string, number>();
  for (const [id, at] of approvedAt) {
    const arrived = completedAt.get(id);
    if (arrived !== undefined) latencies.set(id, Math.max(0, arrived - at));
  }
  return latencies;
}
