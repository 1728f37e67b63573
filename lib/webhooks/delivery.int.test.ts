import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { jobs, runtimeHistory, webhookDeliveries, webhookSubscriptions } from "../db/schema";
import { startRun } from "../runtime/start-run";
import { eventually } from "../../tests/support/vendor-stub";
import { runContext, seedDefinition } from "../../tests/support/seed";
import { redeliver } from "./deliveries";
import { MAX_DELIVERY_ATTEMPTS } from "./retry-schedule";
import { setSubscriptionActive } from "./subscriptions";
import { setUpWebhookTest, type WebhookTest } from "../../tests/support/webhook-test";
import type { ReceivedWebhook, ReceiverReply } from "../../tests/support/webhook-receiver";

const P = "wh-delivery";
const SCALE = 0.01; // 5 s, 30 s, 2 min… become 50 ms, 300 ms, 1.2 s
let w: WebhookTest;
let downIsUp = false;
let goneIsBack = false;

function reply(req: ReceivedWebhook, nth: number): ReceiverReply {
  switch (req.path) {
    case "/flaky":
      return { status: nth <= 3 ? 500 : 200 };
    case "/retry-after":
      return nth === 1 ? { status: 503, headers: { "Retry-After": "1" } } : { status: 200 };
    case "/gone":
      return { status: goneIsBack ? 200 : 410 };
    case "/down":
      return { status: downIsUp ? 200 : 500 };
    case "/held":
      return { status: 500, delayMs: nth === 2 ? 1500 : 0 };
    case "/slow":
      return nth === 1 ? { status: 200, delayMs: 1500 } : { status: 200 };
    case "/redirect":
      return { status: 302, headers: { Location: `http://127.0.0.1:${req.headers.host?.split(":")[1]}/ok` } };
    default:
      return { status: 200 };
  }
}

beforeAll(async () => {
  process.env.WEBHOOK_RETRY_SCALE = String(SCALE);
  w = await setUpWebhookTest({ projectId: P, reply });
  await seedDefinition(w.t.db, P);
});

afterAll(async () => {
  delete process.env.WEBHOOK_RETRY_SCALE;
  delete process.env.WEBHOOK_TIMEOUT_MS;
  await w?.close();
});

/** A run subscribed (runtime level) to state changes at `url`: its creation event makes exactly one delivery. */
async function runSubscribedTo(url: string) {
  const config = { subscriptions: [{ type: "webhook", url, events: ["workflow.state.changed", "workflow.context.document.changed"] }] };
  const run = await startRun(w.t.db, { projectId: P, workflowId: "kyb_manual_review_example", context: runContext(w.vendor.origin, "1000"), config, actor: w.actor });
  return run.workflowRuntimeId;
}

const deliveryOf = async (runtimeId: string) => (await w.t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.runtimeId, runtimeId)))[0];
const settled = (runtimeId: string, status: "succeeded" | "failed", attempts?: number) =>
  eventually(async () => {
    const d = await deliveryOf(runtimeId);
    return d?.status === status && (attempts === undefined || d.attempts === attempts) ? d : null;
  }, `delivery of ${runtimeId} to be ${status}`, 30_000);
const historyOf = (runtimeId: string) =>
  w.t.db.select().from(runtimeHistory).where(and(eq(runtimeHistory.runtimeId, runtimeId), eq(runtimeHistory.kind, "webhook"))).orderBy(asc(runtimeHistory.id));

describe(`system webhook delivery (${process.env.TEST_DB_KIND})`, () => {
  it("a receiver failing three times gets the event on the fourth attempt, same id and body, on the schedule", async () => {
    const id = await runSubscribedTo(`${w.receiver.origin}/flaky`);
    const d = await settled(id, "succeeded", 4);
    expect(d).toMatchObject({ lastResponseCode: 200, lastError: null, nextAttemptAt: null });
    const arrivals = w.receiver.forRuntime(id, "/flaky");
    expect(arrivals).toHaveLength(4);
    expect(new Set(arrivals.map((a) => a.headers["webhook-id"]))).toEqual(new Set([d.eventId]));
    expect(new Set(arrivals.map((a) => a.rawBody)).size).toBe(1);
    for (const a of arrivals) expect(new Webhook(w.secret).verify(a.rawBody, a.headers)).toMatchObject({ id: d.eventId });
    const nominal = [5_000, 30_000, 120_000].map((ms) => ms * SCALE);
    arrivals.slice(1).forEach((a, i) => {
      const gap = a.at - arrivals[i].at;
      expect(gap, `gap before attempt ${i + 2}`).toBeGreaterThanOrEqual(nominal[i] * 0.9 - 5);
      expect(gap, `gap before attempt ${i + 2}`).toBeLessThanOrEqual(nominal[i] * 1.1 + 500);
    });
    const history = await historyOf(id);
    expect(history.map((h) => [(h.payload as { status: string }).status, (h.payload as { attempt: number }).attempt, (h.payload as { responseCode: number }).responseCode])).toEqual([
      ["retrying", 1, 500],
      ["retrying", 2, 500],
      ["retrying", 3, 500],
      ["succeeded", 4, 200],
    ]);
  });

  it("Retry-After is honoured (not scaled)", async () => {
    const id = await runSubscribedTo(`${w.receiver.origin}/retry-after`);
    await settled(id, "succeeded", 2);
    const [first, second] = w.receiver.forRuntime(id);
    expect(second.at - first.at).toBeGreaterThanOrEqual(990);
  });

  it("410 disables the subscription and stops; after re-enabling, redeliver sends the same webhook-id", async () => {
    const id = await runSubscribedTo(`${w.receiver.origin}/gone`);
    const d = await settled(id, "failed", 1);
    expect(d).toMatchObject({ lastResponseCode: 410, lastError: expect.stringContaining("410"), nextAttemptAt: null });
    // Ended by the attempt's own statement: read at once, the job has failed too.
    const [job] = await w.t.db.select().from(jobs).where(and(eq(jobs.runtimeId, id), eq(jobs.kind, "webhook_delivery")));
    expect(job).toMatchObject({ status: "failed", attempts: 1, lockedUntil: null, lastError: expect.stringContaining("410") });
    const [sub] = await w.t.db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, d.subscriptionId!));
    expect(sub).toMatchObject({ active: false, disabledReason: expect.stringContaining("410 Gone") });
    expect((await historyOf(id)).map((h) => (h.payload as { errorCode: string }).errorCode)).toEqual(["gone"]);

    await expect(redeliver(w.t.db, P, d.id)).rejects.toMatchObject({ code: "subscription_disabled", status: 409 });
    goneIsBack = true;
    await setSubscriptionActive(w.t.db, P, sub.id, true);
    const view = await redeliver(w.t.db, P, d.id);
    expect(view.status).toBe("pending");
    const again = await settled(id, "succeeded", 2);
    const arrivals = w.receiver.forRuntime(id, "/gone");
    expect(arrivals.map((a) => a.headers["webhook-id"])).toEqual([d.eventId, d.eventId]);
    expect(again.deliveredAt).toBeInstanceOf(Date);
  });

  it("an exhausted delivery is marked failed after the last attempt and can be redelivered with the same id", async () => {
    process.env.WEBHOOK_RETRY_SCALE = "0.00001";
    try {
      const id = await runSubscribedTo(`${w.receiver.origin}/down`);
      const d = await settled(id, "failed", MAX_DELIVERY_ATTEMPTS);
      expect(d).toMatchObject({ lastResponseCode: 500, nextAttemptAt: null, lastError: expect.stringContaining(`gave up after ${MAX_DELIVERY_ATTEMPTS} attempts`) });
      // The attempt's statement fails the job with the delivery: read at once, the two agree.
      const [job] = await w.t.db.select().from(jobs).where(and(eq(jobs.runtimeId, id), eq(jobs.kind, "webhook_delivery")));
      expect(job).toMatchObject({ status: "failed", attempts: MAX_DELIVERY_ATTEMPTS });
      expect((await historyOf(id)).map((h) => (h.payload as { status: string }).status).slice(-2)).toEqual(["retrying", "failed"]);

      downIsUp = true;
      await redeliver(w.t.db, P, d.id);
      const done = await settled(id, "succeeded");
      expect(done.attempts).toBe(MAX_DELIVERY_ATTEMPTS + 1);
      const arrivals = w.receiver.forRuntime(id, "/down");
      expect(arrivals).toHaveLength(MAX_DELIVERY_ATTEMPTS + 1);
      expect(new Set(arrivals.map((a) => a.headers["webhook-id"]))).toEqual(new Set([d.eventId]));
    } finally {
      process.env.WEBHOOK_RETRY_SCALE = String(SCALE);
    }
  });

  it("redeliver moves a waiting retry to now, and is refused while an attempt is running", async () => {
    process.env.WEBHOOK_RETRY_SCALE = "1";
    try {
      const id = await runSubscribedTo(`${w.receiver.origin}/held`);
      const waiting = await eventually(async () => {
        const d = await deliveryOf(id);
        return d.attempts === 1 ? d : null;
      }, "the first failed attempt");
      expect(waiting.nextAttemptAt!.getTime() - Date.now()).toBeGreaterThan(3_000);
      await redeliver(w.t.db, P, waiting.id);
      await eventually(async () => w.receiver.forRuntime(id).length === 2, "the pulled-forward attempt", 2_000);
      await expect(redeliver(w.t.db, P, waiting.id)).rejects.toMatchObject({ code: "delivery_in_progress", status: 409 });
    } finally {
      process.env.WEBHOOK_RETRY_SCALE = String(SCALE);
    }
  });

  it("a receiver the guard always refuses is a 422 when subscribing, naming OUTBOUND_ALLOWED_HOSTS", async () => {
    for (const url of ["http://169.254.169.254/latest/meta-data", "http://127.0.0.1:1/hook", "http://[::ffff:10.0.0.1]/hook", "http://localhost:9/hook"]) {
      await expect(runSubscribedTo(url)).rejects.toMatchObject({
        code: "validation_failed",
        errors: [expect.objectContaining({ path: "/config/subscriptions/0/url", message: expect.stringContaining("OUTBOUND_ALLOWED_HOSTS") })],
      });
    }
  });

  it("a destination refused at delivery (e.g. allowed when subscribed, no longer allowed) is recorded as destination_not_allowed and not retried", async () => {
    // Stored directly, as a subscription made while OUTBOUND_ALLOWED_HOSTS listed these receivers would be.
    const rows = await w.t.db
      .insert(webhookSubscriptions)
      .values(["http://169.254.169.254/latest/meta-data", "http://127.0.0.1:1/hook"].map((url) => ({ projectId: P, level: "project" as const, url, events: ["workflow.state.changed"] })))
      .returning();
    try {
      const id = await runSubscribedTo(`${w.receiver.origin}/beside-refused`);
      for (const row of rows) {
        const d = await eventually(async () => {
          const [found] = await w.t.db.select().from(webhookDeliveries).where(and(eq(webhookDeliveries.runtimeId, id), eq(webhookDeliveries.subscriptionId, row.id)));
          return found?.status === "failed" ? found : null;
        }, `delivery to ${row.url} to fail`, 30_000);
        expect(d).toMatchObject({ attempts: 1, lastResponseCode: null });
        expect(d.lastError).toMatch(/^destination_not_allowed: /);
      }
      const refused = (await historyOf(id)).map((h) => h.payload).filter((p) => (p as { errorCode?: string }).errorCode === "destination_not_allowed");
      expect(refused).toEqual([
        expect.objectContaining({ status: "failed", errorCode: "destination_not_allowed", responseCode: null }),
        expect.objectContaining({ status: "failed", errorCode: "destination_not_allowed", responseCode: null }),
      ]);
    } finally {
      for (const row of rows) await setSubscriptionActive(w.t.db, P, row.id, false);
    }
  });

  it("a timeout is retried; a redirect is not followed", async () => {
    process.env.WEBHOOK_TIMEOUT_MS = "300";
    let slow: string;
    try {
      slow = await runSubscribedTo(`${w.receiver.origin}/slow`);
    } finally {
      delete process.env.WEBHOOK_TIMEOUT_MS;
    }
    await settled(slow, "succeeded", 2);
    expect((await historyOf(slow)).map((h) => (h.payload as { errorCode: string | null }).errorCode)).toEqual(["timeout", null]);

    const redirected = await runSubscribedTo(`${w.receiver.origin}/redirect`);
    const d = await eventually(async () => {
      const row = await deliveryOf(redirected);
      return row.attempts >= 1 ? row : null;
    }, "the redirect attempt");
    expect(d).toMatchObject({ status: "pending", lastResponseCode: 302, lastError: expect.stringContaining("redirects are not followed") });
    expect(w.receiver.received.filter((r) => r.path === "/ok")).toEqual([]);
    await setSubscriptionActive(w.t.db, P, d.subscriptionId!, false);
  });
});
