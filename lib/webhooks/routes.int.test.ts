import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as subscriptionsRoute from "@/app/api/v1/external/webhook-subscriptions/route";
import * as subscriptionRoute from "@/app/api/v1/external/webhook-subscriptions/[subscriptionId]/route";
import * as enableRoute from "@/app/api/v1/external/webhook-subscriptions/[subscriptionId]/enable/route";
import * as disableRoute from "@/app/api/v1/external/webhook-subscriptions/[subscriptionId]/disable/route";
import * as deliveriesRoute from "@/app/api/v1/external/webhook-deliveries/route";
import * as redeliverRoute from "@/app/api/v1/external/webhook-deliveries/[deliveryId]/redeliver/route";
import * as secretRoute from "@/app/api/v1/external/webhook-secret/route";
import * as rotateRoute from "@/app/api/v1/external/webhook-secret/rotate/route";
import { Webhook } from "standardwebhooks";
import { startRun } from "../runtime/start-run";
import { eventually } from "../../tests/support/vendor-stub";
import { runContext, seedDefinition, seedProject } from "../../tests/support/seed";
import { secretFingerprint } from "./signing";
import { setUpWebhookTest, type WebhookTest } from "../../tests/support/webhook-test";

const P = "wh-routes";
const BASE = "http://localhost/api/v1/external";
let w: WebhookTest;
let otherKey: string;

beforeAll(async () => {
  w = await setUpWebhookTest({ projectId: P });
  await seedDefinition(w.t.db, P);
  otherKey = await seedProject(w.t.db, "wh-routes-other");
});

afterAll(async () => w?.close());

function call(handler: (req: Request, route?: { params: Promise<Record<string, string>> }) => Promise<Response>, path: string, init: { method?: string; body?: unknown; key?: string | null; params?: Record<string, string> } = {}) {
  const headers: Record<string, string> = {};
  if (init.key !== null) headers.authorization = `Bearer ${init.key ?? w.apiKey}`;
  if (init.body !== undefined) headers["content-type"] = "application/json";
  const req = new Request(`${BASE}${path}`, { method: init.method ?? "GET", headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
  return handler(req, { params: Promise.resolve(init.params ?? {}) });
}

async function json(res: Response) {
  return { status: res.status, type: res.headers.get("content-type"), body: res.status === 204 ? null : await res.json() };
}

describe(`webhook routes (${process.env.TEST_DB_KIND})`, () => {
  it("creates, lists, pauses, re-enables and deletes project-level subscriptions", async () => {
    const url = `${w.receiver.origin}/routes`;
    const created = await json(await call(subscriptionsRoute.POST, "/webhook-subscriptions", { method: "POST", body: { url, events: ["workflow.completed", "workflow.state.changed"] } }));
    expect(created).toMatchObject({ status: 201, body: { type: "webhook", level: "project", url, events: ["workflow.completed", "workflow.state.changed"], active: true } });
    const id = created.body.id as string;

    const list = await json(await call(subscriptionsRoute.GET, "/webhook-subscriptions"));
    expect(list.body.data.map((s: { id: string }) => s.id)).toContain(id);
    expect((await json(await call(subscriptionsRoute.GET, "/webhook-subscriptions", { key: otherKey }))).body.data).toEqual([]);

    const params = { subscriptionId: id };
    expect((await json(await call(disableRoute.POST, `/webhook-subscriptions/${id}/disable`, { method: "POST", params }))).body).toMatchObject({ active: false, disabledReason: expect.any(String) });
    expect((await json(await call(enableRoute.POST, `/webhook-subscriptions/${id}/enable`, { method: "POST", params }))).body).toMatchObject({ active: true, disabledReason: null });
    expect((await json(await call(subscriptionRoute.DELETE, `/webhook-subscriptions/${id}`, { method: "DELETE", params, key: otherKey }))).status).toBe(404);
    expect((await call(subscriptionRoute.DELETE, `/webhook-subscriptions/${id}`, { method: "DELETE", params })).status).toBe(204);
    expect((await json(await call(subscriptionRoute.DELETE, `/webhook-subscriptions/${id}`, { method: "DELETE", params }))).body.code).toBe("not_found");
    expect((await json(await call(subscriptionRoute.DELETE, "/webhook-subscriptions/nope", { method: "DELETE", params: { subscriptionId: "nope" } }))).status).toBe(404);
  });

  it("validates the body: http(s) URL, known event names, no extra fields; needs an API key", async () => {
    const bad = await json(await call(subscriptionsRoute.POST, "/webhook-subscriptions", { method: "POST", body: { url: "ftp://x.example/h", events: ["workflow.finished"], secret: "x" } }));
    expect(bad.status).toBe(422);
    expect(bad.type).toContain("application/problem+json");
    expect(bad.body.code).toBe("validation_failed");
    const paths = bad.body.errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(["/url", "/events/0"]));
    expect(bad.body.errors.find((e: { path: string }) => e.path === "/events/0").message).toContain("workflow.context.document.changed");
    expect((await json(await call(subscriptionsRoute.POST, "/webhook-subscriptions", { method: "POST", body: { url: "https://x.example/h", events: [] } }))).status).toBe(422);
    const metadata = await json(await call(subscriptionsRoute.POST, "/webhook-subscriptions", { method: "POST", body: { url: "http://169.254.169.254/latest", events: ["workflow.completed"] } }));
    expect(metadata.status).toBe(422);
    expect(metadata.body.errors).toEqual([{ path: "/url", message: expect.stringContaining('add "169.254.169.254:80" to OUTBOUND_ALLOWED_HOSTS') }]);
    expect((await call(subscriptionsRoute.GET, "/webhook-subscriptions", { key: null })).status).toBe(401);
    expect((await call(subscriptionsRoute.PUT, "/webhook-subscriptions", { method: "PUT" })).status).toBe(405);
  });

  it("lists a runtime's deliveries (404 for another project's runtime) and redelivers with the same webhook-id", async () => {
    const config = { subscriptions: [{ type: "webhook", url: `${w.receiver.origin}/listed`, events: ["workflow.state.changed"] }] };
    const run = await startRun(w.t.db, { projectId: P, workflowId: "kyb_manual_review_example", context: runContext(w.vendor.origin, "1000"), config, actor: w.actor });
    const runtimeId = run.workflowRuntimeId;
    const listed = await eventually(async () => {
      const res = await json(await call(deliveriesRoute.GET, `/webhook-deliveries?workflowRuntimeId=${runtimeId}`));
      return res.body.data?.[0]?.status === "succeeded" ? res.body.data : null;
    }, "the delivery to be listed as succeeded");
    expect(listed).toEqual([
      expect.objectContaining({ workflowRuntimeId: runtimeId, eventName: "workflow.state.changed", sequence: 1, status: "succeeded", attempts: 1, lastResponseCode: 200, nextAttemptAt: null, deliveredAt: expect.any(String) }),
    ]);
    expect((await json(await call(deliveriesRoute.GET, `/webhook-deliveries?workflowRuntimeId=${runtimeId}`, { key: otherKey }))).status).toBe(404);
    expect((await json(await call(deliveriesRoute.GET, "/webhook-deliveries"))).body.errors[0].path).toBe("/workflowRuntimeId");

    const params = { deliveryId: listed[0].id };
    expect((await call(redeliverRoute.POST, `/webhook-deliveries/${listed[0].id}/redeliver`, { method: "POST", params, key: otherKey })).status).toBe(404);
    const again = await json(await call(redeliverRoute.POST, `/webhook-deliveries/${listed[0].id}/redeliver`, { method: "POST", params }));
    expect(again).toMatchObject({ status: 202, body: { id: listed[0].id, eventId: listed[0].eventId, status: "pending" } });
    const arrivals = await eventually(async () => (w.receiver.forRuntime(runtimeId).length === 2 ? w.receiver.forRuntime(runtimeId) : null), "the redelivery");
    expect(arrivals.map((a) => a.headers["webhook-id"])).toEqual([listed[0].eventId, listed[0].eventId]);
  });

  it("shows only a fingerprint of the secret; rotation returns the new secret once and deliveries verify with it", async () => {
    const before = await json(await call(secretRoute.GET, "/webhook-secret"));
    expect(before.body).toEqual({ configured: true, fingerprint: secretFingerprint(w.secret), previous: null });
    const rotated = await json(await call(rotateRoute.POST, "/webhook-secret/rotate", { method: "POST" }));
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    const after = await json(await call(secretRoute.GET, "/webhook-secret"));
    expect(after.body).toMatchObject({ configured: true, fingerprint: secretFingerprint(rotated.body.secret), previous: { fingerprint: secretFingerprint(w.secret) } });
    expect(JSON.stringify(after.body)).not.toContain(rotated.body.secret.slice(6));
    expect((await json(await call(secretRoute.GET, "/webhook-secret", { key: otherKey }))).body).toEqual({ configured: false, fingerprint: null, previous: null });

    const config = { subscriptions: [{ type: "webhook", url: `${w.receiver.origin}/rotated`, events: ["workflow.state.changed"] }] };
    const run = await startRun(w.t.db, { projectId: P, workflowId: "kyb_manual_review_example", context: runContext(w.vendor.origin, "1000"), config, actor: w.actor });
    const req = await eventually(async () => w.receiver.forRuntime(run.workflowRuntimeId)[0], "the signed event");
    expect(new Webhook(rotated.body.secret).verify(req.rawBody, req.headers)).toMatchObject({ workflowRuntimeId: run.workflowRuntimeId });
    expect(new Webhook(w.secret).verify(req.rawBody, req.headers)).toMatchObject({ workflowRuntimeId: run.workflowRuntimeId });
  });
});
