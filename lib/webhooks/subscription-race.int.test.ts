import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { openTestDatabase, type TestDatabase } from "@/tests/support/test-database";
import { jobs, webhookDeliveries, webhookSubscriptions } from "@/lib/db/schema";
import { SUBSCRIBABLE_EVENTS } from "@/lib/webhooks/event-names";
import { deleteSubscription } from "@/lib/webhooks/subscriptions";
import { call } from "@/tests/support/http";
import { untilALockIsAwaited } from "@/tests/support/lock-wait";
import { runContext, seedDefinition, seedProject } from "@/tests/support/seed";
import { POST as run } from "@/app/api/v1/external/workflows/run/route";
import { POST as sendEvent } from "@/app/api/v1/external/workflows/[workflowRuntimeId]/send-event/route";

/*
 * A project subscription deleted while a step is between reading its subscriptions and inserting the deliveries
 * (the step reads them without a lock): the deleted one is skipped, the others are delivered, and the request
 * succeeds; before, the insert was a foreign-key violation (a 500 on run and send-event, a failed worker job).
 * The delete is injected exactly there, deterministically: on PostgreSQL from another connection, committed
 * while the step's transaction is open; on PGlite (one connection) inside the step's own transaction.
 */

let betweenReadAndInsert: ((tx: Db) => Promise<void>) | undefined;

vi.mock("@/lib/webhooks/resolve-subscriptions", async (importOriginal) => {
  const original = await importOriginal<typeof import("@/lib/webhooks/resolve-subscriptions")>();
  return {
    ...original,
    subscriptionsForRuntime: async (tx: Db, ...rest: unknown[]) => {
      const rows = await (original.subscriptionsForRuntime as (tx: Db, ...r: unknown[]) => ReturnType<typeof original.subscriptionsForRuntime>)(tx, ...rest);
      const hook = betweenReadAndInsert;
      betweenReadAndInsert = undefined;
      await hook?.(tx);
      return rows;
    },
  };
});

const P = "proj-race";
let t: TestDatabase;
let key: string;
let doomed: string;
let kept: string;

beforeAll(async () => {
  t = await openTestDatabase();
  key = await seedProject(t.db, P, { REGISTRY_API_KEY: "a", WEBHOOK_TOKEN: "b" });
  await seedDefinition(t.db, P);
});

afterAll(async () => {
  await t?.dispose();
});

beforeEach(async () => {
  await t.db.execute(sql`delete from jobs`);
  await t.db.execute(sql`delete from webhook_deliveries`);
  await t.db.execute(sql`delete from webhook_subscriptions`);
  const events = [...SUBSCRIBABLE_EVENTS];
  [{ id: doomed }, { id: kept }] = await t.db
    .insert(webhookSubscriptions)
    .values([
      { projectId: P, level: "project", url: "https://doomed.example.com/hooks", events },
      { projectId: P, level: "project", url: "https://kept.example.com/hooks", events },
    ])
    .returning({ id: webhookSubscriptions.id });
});

/** Delete the subscription the way the API does, committed before the step inserts its deliveries. */
function deleteBeforeInsert(id: string) {
  betweenReadAndInsert = async (tx) => {
    if (process.env.TEST_DB_KIND === "postgres") await deleteSubscription(t.db, P, id);
    else await deleteSubscription(tx, P, id);
  };
}

async function deliveriesTo(subscriptionId: string) {
  return t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.subscriptionId, subscriptionId));
}

async function deliveryJobs() {
  return t.db.select().from(jobs).where(and(eq(jobs.kind, "webhook_delivery")));
}

describe(`a subscription deleted while a step reads it (${process.env.TEST_DB_KIND})`, () => {
  it("run: skips the deleted subscription, delivers to the others, answers 201", async () => {
    deleteBeforeInsert(doomed);
    const res = await call(run, "POST", "/api/v1/external/workflows/run", { key, body: { workflowId: "kyb_manual_review_example", context: runContext("http://127.0.0.1:9", "1") } });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(betweenReadAndInsert).toBeUndefined();
    expect(await t.db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, doomed))).toEqual([]);
    expect(await deliveriesTo(doomed)).toEqual([]);
    expect(await t.db.select().from(webhookDeliveries).where(sql`${webhookDeliveries.url} like 'https://doomed%'`)).toEqual([]);
    const delivered = await deliveriesTo(kept);
    expect(delivered.length).toBeGreaterThan(0);
    expect((await deliveryJobs()).map((j) => j.payload.deliveryId).sort()).toEqual(delivered.map((d) => d.id).sort());
  });

  it("send-event: skips the deleted subscription, delivers to the others, answers 200", async () => {
    const started = await call(run, "POST", "/api/v1/external/workflows/run", { key, body: { workflowId: "kyb_manual_review_example", context: runContext("http://127.0.0.1:9", "2") } });
    expect(started.status).toBe(201);
    const toDoomedUrl = () => t.db.select().from(webhookDeliveries).where(sql`${webhookDeliveries.url} like 'https://doomed%'`);
    const before = { doomed: (await toDoomedUrl()).length, kept: (await deliveriesTo(kept)).length };
    expect(before.doomed).toBeGreaterThan(0);
    deleteBeforeInsert(doomed);
    const res = await call(sendEvent, "POST", "/e", { key, body: { name: "start" }, params: { workflowRuntimeId: started.json.workflowRuntimeId } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(betweenReadAndInsert).toBeUndefined();
    expect(await toDoomedUrl()).toHaveLength(before.doomed);
    expect((await deliveriesTo(kept)).length).toBeGreaterThan(before.kept);
  });

  it.runIf(process.env.TEST_DB_KIND === "postgres")("waits for a delete still in flight and then skips its subscription", async () => {
    let release!: () => void;
    let deleting: Promise<void> | undefined;
    betweenReadAndInsert = async () => {
      let deleted!: () => void;
      const rowGone = new Promise<void>((resolve) => (deleted = resolve));
      // Another connection deletes the subscription and keeps its transaction open until released.
      deleting = t.db.transaction(async (tx) => {
        await tx.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, doomed)).for("update");
        await tx.update(webhookDeliveries).set({ subscriptionId: null }).where(eq(webhookDeliveries.subscriptionId, doomed));
        await tx.delete(webhookSubscriptions).where(eq(webhookSubscriptions.id, doomed));
        deleted();
        await new Promise<void>((resolve) => (release = resolve));
      });
      await rowGone;
    };
    const answer = call(run, "POST", "/api/v1/external/workflows/run", { key, body: { workflowId: "kyb_manual_review_example", context: runContext("http://127.0.0.1:9", "3") } });
    // Commit the delete only once the step's insert is waiting for the subscription's row lock.
    await untilALockIsAwaited(t.db, "the step's insert to wait for the subscription's row lock");
    release();
    await deleting;
    const res = await answer;
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(await deliveriesTo(doomed)).toEqual([]);
    expect(await t.db.select().from(webhookDeliveries).where(sql`${webhookDeliveries.url} like 'https://doomed%'`)).toEqual([]);
    expect((await deliveriesTo(kept)).length).toBeGreaterThan(0);
  });
});
