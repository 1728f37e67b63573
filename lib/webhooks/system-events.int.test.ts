import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { runtimeHistory, users, webhookDeliveries, webhookSubscriptions, workflowRuntimes } from "../db/schema";
import { startRun } from "../runtime/start-run";
import { sendEvent } from "../runtime/send-event";
import { eventually } from "../../tests/support/vendor-stub";
import { runContext, seedDefinition } from "../../tests/support/seed";
import { SUBSCRIBABLE_EVENTS } from "./event-names";
import { createSubscription } from "./subscriptions";
import { eventsOf, SECRETS, setUpWebhookTest, type WebhookTest } from "../../tests/support/webhook-test";

const P = "wh-events";
const ALL = [...SUBSCRIBABLE_EVENTS];
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
let w: WebhookTest;
let runtimeSubs: Record<string, unknown>;

beforeAll(async () => {
  w = await setUpWebhookTest({ projectId: P });
  await seedDefinition(w.t.db, P, {
    edit: (d) => Object.assign(d.config, { subscriptions: [{ type: "webhook", url: `${w.receiver.origin}/definition`, events: ALL }] }),
  });
  await seedDefinition(w.t.db, P, { id: "kyb_plain" });
  await createSubscription(w.t.db, P, { url: `${w.receiver.origin}/project`, events: ["workflow.completed"] });
  runtimeSubs = { subscriptions: [{ type: "webhook", url: `${w.receiver.origin}/runtime`, events: ALL }] };
});

afterAll(async () => w?.close());

/** Wait for the runtime-level receiver to have `count` distinct events of `runtimeId`. */
const receivedEvents = (runtimeId: string, count: number, path = "/runtime") =>
  eventually(async () => {
    const events = eventsOf(w.receiver.received, runtimeId, path);
    return events.length >= count ? events : null;
  }, `${count} events of ${runtimeId} at ${path}`);

const summary = (events: Array<{ eventName: string; state: string; previousState: string | null }>) =>
  events.map((e) => `${e.eventName} ${e.previousState ?? "∅"}→${e.state}`);

const DOCS = [
  { category: "registration_document", type: "certificate_of_incorporation", issuer: { country: "GB" }, pages: [] },
  { category: "proof_of_address", type: "utility_bill", decision: { status: "approved", revisionReason: null, rejectionReason: null } },
];

describe(`system webhook events (${process.env.TEST_DB_KIND})`, () => {
  it("auto_approve: every event in order, numbered 1..n, and every payload field", async () => {
    const { run, correlationId } = await w.runExample("1000", { config: runtimeSubs, documents: DOCS });
    const events = await receivedEvents(run.workflowRuntimeId, 7);
    expect(summary(events)).toEqual([
      "workflow.state.changed ∅→idle",
      "workflow.state.changed idle→check_business_details",
      "workflow.context.document.updated idle→check_business_details",
      "workflow.state.changed check_business_details→auto_approve",
      "workflow.context.changed check_business_details→auto_approve",
      "workflow.context.document.completed check_business_details→auto_approve",
      "workflow.completed check_business_details→auto_approve",
    ]);
    expect(events.map((e) => e.sequence)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(new Set(events.map((e) => e.id)).size).toBe(7);
    expect(events[2].actions).toEqual(["awaiting_third_party_data"]);

    const completed = events[6];
    const row = (await w.t.db.select().from(workflowRuntimes).where(eq(workflowRuntimes.id, run.workflowRuntimeId)))[0];
    expect(completed).toMatchObject({
      eventName: "workflow.completed",
      apiVersion: 1,
      workflowRuntimeId: run.workflowRuntimeId,
      workflowDefinitionId: "kyb_manual_review_example",
      workflowDefinitionVersion: 1,
      serviceEntityId: run.serviceEntityId,
      correlationId,
      environment: "sandbox",
      assignee: null,
      assignedAt: null,
      workflowFinalState: "auto_approved",
      workflowCreatedAt: row.createdAt.toISOString(),
      workflowResolvedAt: row.resolvedAt!.toISOString(),
    });
    expect(completed.id).toMatch(/^evt_[0-9a-f-]{36}$/);
    expect(completed.timestamp).toMatch(ISO);
    const data = completed.data as { entity: { id: string }; pluginsOutput: Record<string, unknown>; documents: Array<Record<string, unknown>> };
    expect(data.entity.id).toBe(correlationId);
    expect(data.pluginsOutput.external_request_example).toMatchObject({ name_fuzziness_score: 1 });
    expect(data.documents).toHaveLength(2);
    expect(data.documents[0]).toMatchObject({ id: expect.any(String), category: "registration_document", decision: { status: null, revisionReason: null, rejectionReason: null } });
    expect(data.documents[1]).toMatchObject({ category: "proof_of_address", decision: { status: "approved", revisionReason: null, rejectionReason: null } });
    expect(events[5]).toMatchObject({ workflowFinalState: "auto_approved", data: { documents: data.documents } });
    for (const e of events.slice(0, 5)) expect(e).not.toHaveProperty("workflowFinalState");
    expect(events[0]).toMatchObject({ workflowResolvedAt: null, data: { entity: { id: correlationId } } });
  });

  it("manual review then approve: vendor check and manual review actions, then the assignee on the outcome", async () => {
    const { run, runtime } = await w.runExample("0700", { config: runtimeSubs });
    expect(runtime.state).toBe("manual_review");
    const [reviewer] = await w.t.db
      .insert(users)
      .values({ projectId: P, email: `rev-${Date.now()}@example.com`, firstName: "Grace", lastName: "Hopper", role: "reviewer", passwordHash: "x" })
      .returning();
    const assignedAt = new Date("2026-01-02T03:04:05.678Z");
    await w.t.db.update(workflowRuntimes).set({ assigneeId: reviewer.id, assignedAt }).where(eq(workflowRuntimes.id, run.workflowRuntimeId));
    await sendEvent(w.t.db, { projectId: P, runtimeId: run.workflowRuntimeId, name: "approve", origin: "reviewer", actor: { type: "reviewer", id: reviewer.id } });
    const events = await receivedEvents(run.workflowRuntimeId, 9);
    expect(summary(events).slice(3)).toEqual([
      "workflow.state.changed check_business_details→manual_review",
      "workflow.context.changed check_business_details→manual_review",
      "workflow.context.document.updated check_business_details→manual_review",
      "workflow.state.changed manual_review→approve",
      "workflow.context.document.completed manual_review→approve",
      "workflow.completed manual_review→approve",
    ]);
    expect(events[5].actions).toEqual(["vendor_check_stored", "moved_to_manual_review"]);
    expect(events[8]).toMatchObject({
      workflowFinalState: "approved",
      assignedAt: assignedAt.toISOString(),
      assignee: { id: reviewer.id, firstName: "Grace", lastName: "Hopper", email: reviewer.email },
    });
    expect(events[8].workflowResolvedAt).toMatch(ISO);
  });

  it("manual review then reject, and auto_reject", async () => {
    const rejected = await w.runExample("0700", { config: runtimeSubs });
    await sendEvent(w.t.db, { projectId: P, runtimeId: rejected.run.workflowRuntimeId, name: "reject", origin: "reviewer", actor: { type: "reviewer", id: "r1" } });
    const r = await receivedEvents(rejected.run.workflowRuntimeId, 9);
    expect(r.slice(-3).map((e) => [e.eventName, e.workflowFinalState])).toEqual([
      ["workflow.state.changed", undefined],
      ["workflow.context.document.completed", "rejected"],
      ["workflow.completed", "rejected"],
    ]);

    const autoRejected = await w.runExample("0300", { config: runtimeSubs });
    const a = await receivedEvents(autoRejected.run.workflowRuntimeId, 7);
    expect(summary(a).slice(3)).toEqual([
      "workflow.state.changed check_business_details→auto_reject",
      "workflow.context.changed check_business_details→auto_reject",
      "workflow.context.document.completed check_business_details→auto_reject",
      "workflow.completed check_business_details→auto_reject",
    ]);
    expect(a[6].workflowFinalState).toBe("auto_rejected");
  });

  it("a revision request is a document update on the active case", async () => {
    const { run } = await w.runExample("0700", { config: runtimeSubs });
    await sendEvent(w.t.db, { projectId: P, runtimeId: run.workflowRuntimeId, name: "revision", origin: "reviewer", actor: { type: "reviewer", id: "r1" } });
    const events = await receivedEvents(run.workflowRuntimeId, 8);
    expect(summary(events.slice(6))).toEqual(["workflow.state.changed manual_review→revision", "workflow.context.document.updated manual_review→revision"]);
    expect(events[7].actions).toEqual(["revision_requested"]);
  });

  it("project level gets its events from every workflow; definition level only from its definition; runtime level only from its run", async () => {
    const withDefinitionSubs = await w.runExample("1000");
    const plain = await w.runExample("1000", { workflowId: "kyb_plain" });
    const onlyRuntime = plain.run.workflowRuntimeId;
    for (const id of [withDefinitionSubs.run.workflowRuntimeId, onlyRuntime]) {
      const projectEvents = await receivedEvents(id, 1, "/project");
      expect(projectEvents.map((e) => e.eventName)).toEqual(["workflow.completed"]);
    }
    const definitionEvents = await receivedEvents(withDefinitionSubs.run.workflowRuntimeId, 7, "/definition");
    expect(definitionEvents.map((e) => e.sequence)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    await new Promise((r) => setTimeout(r, 200));
    expect(eventsOf(w.receiver.received, onlyRuntime, "/definition")).toEqual([]);
    expect(eventsOf(w.receiver.received, withDefinitionSubs.run.workflowRuntimeId, "/runtime")).toEqual([]);
    const rows = await w.t.db.select().from(webhookSubscriptions).where(and(eq(webhookSubscriptions.projectId, P), eq(webhookSubscriptions.level, "definition")));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ workflowDefinitionId: "kyb_manual_review_example", url: `${w.receiver.origin}/definition`, active: true });
  });

  it("one URL subscribed at several levels receives each event once, attributed to the most specific level", async () => {
    const config = { subscriptions: [{ type: "webhook", url: `${w.receiver.origin}/definition`, events: ["workflow.completed"] }] };
    const { run } = await w.runExample("1000", { config });
    await receivedEvents(run.workflowRuntimeId, 7, "/definition");
    await new Promise((r) => setTimeout(r, 200));
    const arrivals = w.receiver.forRuntime(run.workflowRuntimeId, "/definition");
    expect(arrivals).toHaveLength(7);
    const rows = await w.t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.runtimeId, run.workflowRuntimeId));
    const completed = rows.filter((r) => r.eventName === "workflow.completed" && r.url.endsWith("/definition"));
    expect(completed).toHaveLength(1);
    const [sub] = await w.t.db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, completed[0].subscriptionId!));
    expect(sub.level).toBe("runtime");
  });

  it("deliveries and history record each attempt; no secret value is sent or recorded", async () => {
    const { run } = await w.runExample("1000", { config: runtimeSubs });
    await receivedEvents(run.workflowRuntimeId, 7);
    const rows = await eventually(async () => {
      const r = await w.t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.runtimeId, run.workflowRuntimeId));
      return r.length > 0 && r.every((d) => d.status === "succeeded") ? r : null;
    }, "all deliveries succeeded");
    for (const d of rows) expect(d).toMatchObject({ attempts: 1, lastResponseCode: 200, lastError: null, nextAttemptAt: null, deliveredAt: expect.any(Date) });
    const history = await eventually(async () => {
      const h = await w.t.db.select().from(runtimeHistory).where(and(eq(runtimeHistory.runtimeId, run.workflowRuntimeId), eq(runtimeHistory.kind, "webhook")));
      return h.length === rows.length ? h : null;
    }, "one webhook history row per delivery");
    expect(history[0].payload).toMatchObject({ status: "succeeded", attempt: 1, responseCode: 200, eventId: expect.stringMatching(/^evt_/), url: expect.stringContaining("127.0.0.1") });
    const everything = JSON.stringify([w.receiver.received, history, rows]);
    for (const value of [...Object.values(SECRETS), w.secret, w.secret.slice(6)]) expect(everything).not.toContain(value);
  });

  it("the first attempt reaches the receiver right after the commit", async () => {
    const started = Date.now();
    const run = await startRun(w.t.db, { projectId: P, workflowId: "kyb_plain", context: runContext(w.vendor.origin, "1000"), config: runtimeSubs, actor: w.actor });
    const committed = Date.now();
    const [first] = await receivedEvents(run.workflowRuntimeId, 1);
    const arrival = w.receiver.forRuntime(run.workflowRuntimeId)[0].at;
    expect(first.eventName).toBe("workflow.state.changed");
    expect(arrival - committed).toBeLessThan(1000);
    expect(arrival).toBeGreaterThanOrEqual(started);
  });

  it("a run whose config.subscriptions names an unknown event is refused with 422 and nothing is stored", async () => {
    const bad = { subscriptions: [{ type: "webhook", url: `${w.receiver.origin}/runtime`, events: ["workflow.completed", "workflow.finished"] }] };
    const error = await startRun(w.t.db, { projectId: P, workflowId: "kyb_plain", context: runContext(w.vendor.origin, "1000"), config: bad, actor: w.actor }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "validation_failed", status: 422, errors: [{ path: "/config/subscriptions/0/events/1", message: expect.stringContaining("workflow.state.changed") }] });
  });
});
