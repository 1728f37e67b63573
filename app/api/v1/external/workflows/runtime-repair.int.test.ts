import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import { jobs, projects, runtimeHistory } from "@/lib/db/schema";
import { resetEnvCache } from "@/lib/config/env";
import { resetOutboundPolicy } from "@/lib/plugins/outbound-policy";
import { sendEvent } from "@/lib/runtime/send-event";
import { startRun } from "@/lib/runtime/start-run";
import { encryptString } from "@/lib/security/encryption";
import { generateWebhookSecret, secretAad } from "@/lib/webhooks/signing";
import { createSubscription } from "@/lib/webhooks/subscriptions";
import { startWorker, type RunningWorker } from "@/lib/worker/worker";
import { call } from "@/tests/support/http";
import { getRuntime, runContext, seedDefinition, seedProject } from "@/tests/support/seed";
import { openTestDatabase, type TestDatabase } from "@/tests/support/test-database";
import { eventually, startVendorStub, type ReceivedRequest, type StubReply } from "@/tests/support/vendor-stub";
import { eventsOf, SECRETS } from "@/tests/support/webhook-test";
import { startWebhookReceiver, type WebhookReceiver } from "@/tests/support/webhook-receiver";
import { POST as cancel } from "./[workflowRuntimeId]/cancel/route";
import { POST as move } from "./[workflowRuntimeId]/move/route";
import { GET as list } from "./route";

const P = "runtime-repair";
const actor = { type: "api_key" as const, id: "test" };
let t: TestDatabase;
let key: string;
let vendor: Awaited<ReturnType<typeof startVendorStub>>;
let receiver: WebhookReceiver;
let worker: RunningWorker;
/** While true the vendor answers 503 (it is down). */
let vendorDown = false;

/** The worked example's registry: 503 while down; registration `slow` answers after 800 ms; names always match (score 1.0). */
function vendorReply(req: ReceivedRequest): StubReply {
  if (req.path.startsWith("/hooks/")) return { status: 204 };
  if (vendorDown) return { status: 503, body: { error: "maintenance" } };
  const reg = req.path.split("/").pop()!;
  return { status: 200, delayMs: reg === "slow" ? 800 : 0, body: { business_details: { registered_name: req.query.business_name, registration_number: reg }, name_fuzziness_score: 1 } };
}

beforeAll(async () => {
  t = await openTestDatabase();
  vendor = await startVendorStub(vendorReply);
  receiver = await startWebhookReceiver();
  process.env.OUTBOUND_ALLOWED_HOSTS = `127.0.0.1:${vendor.port},127.0.0.1:${receiver.port}`;
  resetEnvCache();
  resetOutboundPolicy();
  key = await seedProject(t.db, P, SECRETS);
  await t.db.update(projects).set({ webhookSecret: encryptString(generateWebhookSecret(), secretAad(P)) }).where(eq(projects.id, P));
  // Two quick attempts, so an outage reaches the plugin's errorAction (API_CALL_ERROR -> manual_review) at once.
  await seedDefinition(t.db, P, { edit: (d) => Object.assign(d.extensions.apiPlugins[0], { retry: { maxAttempts: 2, initialDelayMs: 50, maxDelayMs: 100 } }) });
  await createSubscription(t.db, P, { url: `${receiver.origin}/project`, events: ["workflow.state.changed", "workflow.completed", "workflow.canceled"] });
  worker = await startWorker(t, { pollMs: 50, log: () => undefined });
});

afterAll(async () => {
  await worker?.stop();
  await receiver?.close();
  await vendor?.close();
  delete process.env.OUTBOUND_ALLOWED_HOSTS;
  resetEnvCache();
  resetOutboundPolicy();
  await t?.dispose();
});

const post = (handler: typeof move, id: string, body: unknown, headers: Record<string, string> = {}) =>
  call(handler, "POST", `/api/v1/external/workflows/${id}/x`, { key, body, params: { workflowRuntimeId: id }, headers });
const historyOf = (id: string) => t.db.select().from(runtimeHistory).where(eq(runtimeHistory.runtimeId, id)).orderBy(asc(runtimeHistory.id));
/** The history of what happened to the runtime: without the `webhook` rows the worker adds as it delivers. */
const stepsOf = async (id: string) => (await historyOf(id)).filter((h) => h.kind !== "webhook");
const vendorCalls = (reg: string) => vendor.received.filter((r) => r.path === `/registry/${reg}`).length;

/** Start the worked example with `reg`, send `start`, and wait until it left check_business_details. */
async function started(reg: string, waitFor = (state: string) => state !== "check_business_details") {
  const run = await startRun(t.db, { projectId: P, workflowId: "kyb_manual_review_example", context: runContext(vendor.origin, reg), actor });
  await sendEvent(t.db, { projectId: P, runtimeId: run.workflowRuntimeId, name: "start", origin: "api", actor });
  return eventually(async () => {
    const row = await getRuntime(t.db, run.workflowRuntimeId);
    return waitFor(row.state) ? row : null;
  }, `runtime ${reg} to settle`);
}

/** The webhooks the receiver got for the runtime, as `eventName previous→state`. */
const webhooks = (id: string) => eventsOf(receiver.received, id, "/project").map((e) => `${e.eventName} ${e.previousState ?? "∅"}→${e.state}`);

describe(`POST /workflows/{id}/move (${process.env.TEST_DB_KIND})`, () => {
  it("re-runs a check after a vendor outage: down -> errorAction lands the case in review; back -> move to the check state, the call runs again and the case proceeds", async () => {
    vendorDown = true;
    const inReview = await started("1000");
    vendorDown = false;
    expect(inReview).toMatchObject({ state: "manual_review", status: "active", manualReviewReason: expect.stringContaining("Plugin 'external_request_example' failed: HTTP 503") });
    expect(vendorCalls("1000")).toBe(2);

    const res = await post(move, inReview.id, { state: "check_business_details", reason: "registry back after its outage" }, { prefer: "wait=10", "if-match": `"${inReview.version}"` });
    expect(res.status).toBe(200);
    expect(res.headers.get("preference-applied")).toBe("wait=10");
    expect(res.json).toMatchObject({ state: "auto_approve", status: "completed", workflowFinalState: "auto_approved" });
    expect(res.headers.get("etag")).toBe(`"${res.json.version}"`);
    expect(vendorCalls("1000")).toBe(3);

    const forced = (await historyOf(inReview.id)).find((h) => h.eventName === "move")!;
    expect(forced).toMatchObject({ kind: "transition", fromState: "manual_review", toState: "check_business_details", actorType: "api_key", actorId: expect.any(String) });
    expect(forced.payload).toEqual({ forced: true, reason: "registry back after its outage" });
    const hooks = await eventually(async () => (webhooks(inReview.id).length >= 6 ? webhooks(inReview.id) : null), "the webhooks of the repaired case");
    expect(hooks).toEqual([
      "workflow.state.changed ∅→idle",
      "workflow.state.changed idle→check_business_details",
      "workflow.state.changed check_business_details→manual_review",
      "workflow.state.changed manual_review→check_business_details",
      "workflow.state.changed check_business_details→auto_approve",
      "workflow.completed check_business_details→auto_approve",
    ]);
  });

  it("enters a final state like a transition: the runtime completes with a person's outcome and its entry plugins run", async () => {
    vendorDown = true;
    const inReview = await started("2000");
    vendorDown = false;
    const res = await post(move, inReview.id, { state: "approve", reason: "checked by phone" });
    expect(res.json).toMatchObject({ state: "approve", status: "completed", workflowFinalState: "approved", nextEvents: [], resolvedAt: expect.any(String) });
    const hook = await t.db.select().from(jobs).where(and(eq(jobs.runtimeId, inReview.id), eq(jobs.kind, "webhook_plugin")));
    expect(hook.map((j) => (j.payload as { pluginName: string }).pluginName)).toEqual(["finish_webhook"]);
    const again = await post(move, inReview.id, { state: "manual_review", reason: "reopen" });
    expect([again.status, again.json.code]).toEqual([409, "runtime_not_active"]);
  });

  it("refuses an unknown state (422 listing the states), a missing or long reason (422), a stale If-Match (412), an unknown runtime (404); nothing stored", async () => {
    vendorDown = true;
    const inReview = await started("3000");
    vendorDown = false;
    const before = { row: await getRuntime(t.db, inReview.id), history: await stepsOf(inReview.id) };
    const unknown = await post(move, inReview.id, { state: "check_everything", reason: "typo" });
    expect([unknown.status, unknown.json.code]).toEqual([422, "validation_failed"]);
    expect(unknown.json.errors).toEqual([{ path: "/state", message: expect.stringContaining("use one of: idle, check_business_details, manual_review, revision, auto_approve, approve, auto_reject, reject") }]);
    expect(unknown.json.detail).toContain("check_business_details");
    for (const body of [{ state: "idle" }, { state: "idle", reason: "  " }, { state: "idle", reason: "x".repeat(1001) }]) {
      const res = await post(move, inReview.id, body);
      expect([res.status, res.json.errors[0].path]).toEqual([422, "/reason"]);
    }
    expect((await post(move, inReview.id, { state: "idle", reason: "r" }, { "if-match": '"1"' })).status).toBe(412);
    expect((await post(move, "8d8ac610-566d-4ef0-9c22-186b2a5ed793", { state: "idle", reason: "r" })).status).toBe(404);
    expect({ row: await getRuntime(t.db, inReview.id), history: await stepsOf(inReview.id) }).toEqual(before);
  });
});

describe(`POST /workflows/{id}/cancel (${process.env.TEST_DB_KIND})`, () => {
  it("cancels the runtime and its pending plugin job (even one in flight), records why, emits workflow.canceled; twice is 409", async () => {
    const inCheck = await started("slow", (state) => state === "check_business_details");
    await eventually(async () => vendorCalls("slow") > 0, "the slow vendor call to start");
    const res = await post(cancel, inCheck.id, { reason: "duplicate application" });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ state: "check_business_details", status: "canceled", nextEvents: [], version: inCheck.version + 1, resolvedAt: expect.any(String) });
    expect(res.headers.get("etag")).toBe(`"${inCheck.version + 1}"`);
    const plugin = await t.db.select().from(jobs).where(and(eq(jobs.runtimeId, inCheck.id), eq(jobs.kind, "api_plugin")));
    expect(plugin.map((j) => j.status)).toEqual(["canceled"]);

    const cancelRow = (await historyOf(inCheck.id)).find((h) => h.kind === "cancel")!;
    expect(cancelRow).toMatchObject({ eventName: "cancel", fromState: "check_business_details", toState: "check_business_details", actorType: "api_key", payload: { reason: "duplicate application" } });
    const hooks = await eventually(async () => (webhooks(inCheck.id).some((h) => h.startsWith("workflow.canceled")) ? webhooks(inCheck.id) : null), "workflow.canceled");
    expect(hooks.at(-1)).toBe("workflow.canceled check_business_details→check_business_details");

    // The call in flight answers after the cancel: its result is ignored, the job stays canceled.
    await eventually(async () => (await historyOf(inCheck.id)).some((h) => h.kind === "plugin_call"), "the late plugin result");
    const after = await getRuntime(t.db, inCheck.id);
    expect(after).toMatchObject({ status: "canceled", state: "check_business_details", version: inCheck.version + 1 });
    expect((await t.db.select().from(jobs).where(and(eq(jobs.runtimeId, inCheck.id), eq(jobs.kind, "api_plugin")))).map((j) => j.status)).toEqual(["canceled"]);

    const twice = await post(cancel, inCheck.id, { reason: "again" });
    expect([twice.status, twice.json.code]).toEqual([409, "runtime_not_active"]);
    const moved = await post(move, inCheck.id, { state: "manual_review", reason: "revive" });
    expect([moved.status, moved.json.code]).toEqual([409, "runtime_not_active"]);
    const listed = await call(list, "GET", "/api/v1/external/workflows?status=canceled", { key });
    expect(listed.json.data.map((r: { id: string; status: string }) => [r.id, r.status])).toEqual([[inCheck.id, "canceled"]]);
  });

  it("refuses a completed runtime (409), a missing reason (422) and a stale If-Match (412)", async () => {
    const done = await started("4000");
    expect(done.status).toBe("completed");
    expect((await post(cancel, done.id, { reason: "late" })).json.code).toBe("runtime_not_active");
    vendorDown = true;
    const inReview = await started("5000");
    vendorDown = false;
    expect((await post(cancel, inReview.id, {})).json.errors[0].path).toBe("/reason");
    expect((await post(cancel, inReview.id, { reason: "r" }, { "if-match": '"1"' })).status).toBe(412);
    expect((await getRuntime(t.db, inReview.id)).status).toBe("active");
  });
});
