import { eq } from "drizzle-orm";
import { openTestDatabase, type TestDatabase } from "./test-database";
import { projects } from "../../lib/db/schema";
import { resetEnvCache } from "../../lib/config/env";
import { resetOutboundPolicy } from "../../lib/plugins/outbound-policy";
import { encryptString } from "../../lib/security/encryption";
import { startRun } from "../../lib/runtime/start-run";
import { sendEvent } from "../../lib/runtime/send-event";
import { startWorker, type RunningWorker } from "../../lib/worker/worker";
import { eventually, startVendorStub, type ReceivedRequest, type StubReply } from "./vendor-stub";
import { getRuntime, runContext, seedProject } from "./seed";
import type { SystemEventPayload } from "../../lib/webhooks/build-payload";
import { generateWebhookSecret, secretAad } from "../../lib/webhooks/signing";
import { startWebhookReceiver, type ReceiverReply, type ReceivedWebhook } from "./webhook-receiver";

/** Registry answers of the worked example's vendor by registration number: 1.0 auto-approves, 0.7 goes to review, 0.3 auto-rejects. */
export const SCORES: Record<string, number> = { "1000": 1.0, "0700": 0.7, "0300": 0.3 };

function vendorReply(req: ReceivedRequest): StubReply {
  if (req.path.startsWith("/hooks/")) return { status: 204 };
  const reg = req.path.split("/").pop()!;
  const score = SCORES[reg] ?? 1.0;
  return { status: 200, body: { business_details: { registered_name: score === 1 ? req.query.business_name : "Other Name Ltd", registration_number: reg }, name_fuzziness_score: score } };
}

export const SECRETS = { REGISTRY_API_KEY: "registry-secret-value-123", WEBHOOK_TOKEN: "hook-token-value-456" };

/**
 * A test database with a project (API key, plugin secrets, a known webhook signing secret), a vendor stub for
 * the worked example, a webhook receiver, both allowed through OUTBOUND_ALLOWED_HOSTS, and optionally a worker.
 */
export async function setUpWebhookTest(options: { projectId: string; reply?: (req: ReceivedWebhook, nth: number) => ReceiverReply; worker?: boolean }) {
  const t: TestDatabase = await openTestDatabase();
  const vendor = await startVendorStub(vendorReply);
  const receiver = await startWebhookReceiver(options.reply);
  process.env.OUTBOUND_ALLOWED_HOSTS = `127.0.0.1:${vendor.port},127.0.0.1:${receiver.port}`;
  resetEnvCache();
  resetOutboundPolicy();
  const apiKey = await seedProject(t.db, options.projectId, SECRETS);
  const secret = generateWebhookSecret();
  await t.db.update(projects).set({ webhookSecret: encryptString(secret, secretAad(options.projectId)) }).where(eq(projects.id, options.projectId));
  const worker: RunningWorker | undefined = options.worker === false ? undefined : await startWorker(t, { pollMs: 50, log: () => undefined });
  const actor = { type: "api_key" as const, id: "test" };

  /** Start the worked example (optionally with runtime-level subscriptions) and send `start`; resolves once it left check_business_details. */
  async function runExample(reg: string, extra: { workflowId?: string; config?: Record<string, unknown>; documents?: Record<string, unknown>[] } = {}) {
    const context = { ...runContext(vendor.origin, reg), documents: extra.documents ?? [] };
    const run = await startRun(t.db, { projectId: options.projectId, workflowId: extra.workflowId ?? "kyb_manual_review_example", context, config: extra.config, actor });
    await sendEvent(t.db, { projectId: options.projectId, runtimeId: run.workflowRuntimeId, name: "start", origin: "api", actor });
    const runtime = await eventually(async () => {
      const r = await getRuntime(t.db, run.workflowRuntimeId);
      return r.state !== "check_business_details" && r.state !== "idle" ? r : null;
    }, `runtime ${reg} to leave check_business_details`);
    return { run, runtime, correlationId: context.entity.id };
  }

  return {
    t,
    vendor,
    receiver,
    secret,
    apiKey,
    worker,
    actor,
    runExample,
    async close() {
      await worker?.stop();
      await receiver.close();
      await vendor.close();
      delete process.env.OUTBOUND_ALLOWED_HOSTS;
      resetEnvCache();
      resetOutboundPolicy();
      await t.dispose();
    },
  };
}

export type WebhookTest = Awaited<ReturnType<typeof setUpWebhookTest>>;

/** Webhooks received at `path` for `runtimeId`, one per event id (the first arrival), in sequence order. */
export function eventsOf(received: ReceivedWebhook[], runtimeId: string, path: string): SystemEventPayload[] {
  const seen = new Map<string, SystemEventPayload>();
  for (const r of received) {
    if (r.path === path && r.body.workflowRuntimeId === runtimeId && !seen.has(String(r.body.id))) seen.set(String(r.body.id), r.body as unknown as SystemEventPayload);
  }
  return [...seen.values()].sort((a, b) => a.sequence - b.sequence);
}
