import { describe, expect, it } from "vitest";
import { and, count, eq, sql } from "drizzle-orm";
import { testOtherProcess, testProject } from "@/tests/support/test-project";
import { untilALockIsAwaited } from "@/tests/support/lock-wait";
import { inTransaction } from "@/lib/db/transaction";
import { idempotencyKeys, jobs, runtimeHistory, workflowRuntimes } from "@/lib/db/schema";
import { startRun } from "@/lib/runtime/start-run";
import { sendEvent } from "@/lib/runtime/send-event";
import { runContext } from "@/tests/support/seed";
import { idempotent, keyReused, type IdempotentResult } from "./idempotency";
import { claimKeys, KEY_TTL_MS, requestHashOf } from "./idempotency-keys";
import { rejection } from "@/tests/support/thrown";

// The key commits with the work: these tests force the work's transaction to fail after its writes, and let a
// first request hold its transaction open while a second with the same key arrives.

const PROJECT = "idem";
const t = testProject(PROJECT, { definitions: [{}] });
const other = testOtherProcess(t, 2);
const actor = { type: "api_key" as const, id: "k" };
const onPostgres = process.env.TEST_DB_KIND === "postgres";

const request = (key: string) => new Request("http://test/run", { method: "POST", headers: { "idempotency-key": key } });
const scope = (bodyText: string) => ({ projectId: PROJECT, endpoint: "POST /workflows/run", bodyText });

async function runtimesOf(entityId: string): Promise<number> {
  const [row] = await t.db
    .select({ n: count() })
    .from(workflowRuntimes)
    .where(and(eq(workflowRuntimes.projectId, PROJECT), sql`${workflowRuntimes.context}->'entity'->>'id' = ${entityId}`));
  return row.n;
}

/** A key's record as an earlier request left it, live for another hour. */
async function storeKey(key: string, record: Pick<typeof idempotencyKeys.$inferInsert, "requestHash" | "status" | "responseStatus" | "responseBody">) {
  await t.db.insert(idempotencyKeys).values({ projectId: PROJECT, scope: "POST /workflows/run", key, expiresAt: new Date(Date.now() + 3_600_000), ...record });
}

async function keyRow(key: string) {
  const [row] = await t.db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.projectId, PROJECT), eq(idempotencyKeys.key, key)));
  return row;
}

function startWork(context: ReturnType<typeof runContext>) {
  return async (tx: Parameters<Parameters<typeof idempotent>[3]>[0]): Promise<IdempotentResult> => {
    const run = await startRun(tx, { projectId: PROJECT, workflowId: "kyb_manual_review_example", context, actor });
    return { status: 201, body: { workflowRuntimeId: run.workflowRuntimeId } };
  };
}

/**
 * A first request with `key` that does the work for `context`, then keeps its transaction (and so the key) open
 * until `release()`, and ends as `end` says (answering the work's result, or throwing). Resolves once the work
 * is written.
 */
async function firstRequestHeldOpen(key: string, bodyText: string, context: ReturnType<typeof runContext>, end: (result: IdempotentResult) => IdempotentResult) {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let wrote!: () => void;
  const written = new Promise<void>((r) => (wrote = r));
  const first = idempotent(t.db, request(key), scope(bodyText), async (tx) => {
    const result = await startWork(context)(tx);
    wrote();
    await held;
    return end(result);
  });
  await written;
  return { first, release };
}

describe(`Idempotency-Key commits with the work (${process.env.TEST_DB_KIND})`, () => {
  it("a failure inside the work's transaction after its writes leaves neither the runtime nor the key; the retry runs once", async () => {
    const context = runContext("http://127.0.0.1:9", "crash-before-commit");
    const key = "crash-before-commit";
    const forced = idempotent(t.db, request(key), scope("body-1"), async (tx) => {
      await startWork(context)(tx);
      expect(await tx.select({ n: count() }).from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual([{ n: 1 }]);
      throw new Error("forced failure after the writes");
    });
    await expect(forced).rejects.toThrow("forced failure after the writes");
    expect(await runtimesOf(context.entity.id)).toBe(0);
    expect(await keyRow(key)).toBeUndefined();

    const started = Date.now();
    const retry = await idempotent(t.db, request(key), scope("body-1"), startWork(context));
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBeNull();
    expect(await runtimesOf(context.entity.id)).toBe(1);
    const stored = await keyRow(key);
    expect(stored).toMatchObject({ status: "completed", responseStatus: 201, responseBody: await retry.json() });
  });

  it("a response lost after the commit is replayed by the retry, without running the work again", async () => {
    const context = runContext("http://127.0.0.1:9", "crash-after-commit");
    const key = "crash-after-commit";
    let runs = 0;
    const work = async (tx: Parameters<ReturnType<typeof startWork>>[0]) => {
      runs++;
      return startWork(context)(tx);
    };
    const first = await idempotent(t.db, request(key), scope("body-2"), work);
    const firstBody = await first.json();
    const retry = await idempotent(t.db, request(key), scope("body-2"), work);
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(await retry.json()).toEqual(firstBody);
    expect(runs).toBe(1);
    expect(await runtimesOf(context.entity.id)).toBe(1);

    const reused = idempotent(t.db, request(key), scope("another body"), work);
    await expect(reused).rejects.toMatchObject({ code: "idempotency_key_reused", status: 422 });
    expect(runs).toBe(1);
  });

  it("a second request with the key waits for the first's commit, then replays it", async () => {
    const context = runContext("http://127.0.0.1:9", "concurrent");
    const key = "concurrent";
    const { first, release } = await firstRequestHeldOpen(key, "body-3", context, (result) => result);
    let secondRan = false;
    let secondDone = false;
    const second = idempotent(t.db, request(key), scope("body-3"), async (tx) => {
      secondRan = true;
      return startWork(context)(tx);
    }).finally(() => (secondDone = true));
    await new Promise((r) => setTimeout(r, 300));
    expect(secondDone).toBe(false);
    release();
    const [a, b] = await Promise.all([first, second]);
    expect(secondRan).toBe(false);
    expect(b.headers.get("idempotent-replayed")).toBe("true");
    expect(await b.json()).toEqual(await a.json());
    expect(await runtimesOf(context.entity.id)).toBe(1);
  });

  it("when the first request fails, the waiting one does the work itself", async () => {
    const context = runContext("http://127.0.0.1:9", "first-fails");
    const key = "first-fails";
    const { first, release } = await firstRequestHeldOpen(key, "body-4", context, () => {
      throw new Error("first request failed");
    });
    const second = idempotent(t.db, request(key), scope("body-4"), startWork(context));
    await new Promise((r) => setTimeout(r, 100));
    release();
    await expect(first).rejects.toThrow("first request failed");
    const res = await second;
    expect(res.status).toBe(201);
    expect(res.headers.get("idempotent-replayed")).toBeNull();
    expect(await runtimesOf(context.entity.id)).toBe(1);
  });

  it("a key left in_progress by an earlier release (a request that died mid-way) is taken over at once", async () => {
    const context = runContext("http://127.0.0.1:9", "legacy");
    const key = "legacy-in-progress";
    await storeKey(key, { requestHash: "x", status: "in_progress" });
    const started = Date.now();
    const res = await idempotent(t.db, request(key), scope("body-5"), startWork(context));
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(res.status).toBe(201);
    expect(await runtimesOf(context.entity.id)).toBe(1);
  });

  // The claim sees the record live (its transaction began before the record's new expiry), the read after it sees
  // it expired: the request claims the key again, in a new transaction, and does the work once. Needs a second
  // connection holding the record's row, so PostgreSQL only.
  it.skipIf(!onPostgres)("a record that expires between the claim and the read is claimed afresh: the work runs once, not replayed", async () => {
    const context = runContext("http://127.0.0.1:9", "expires-mid-claim");
    const key = "expires-mid-claim";
    await storeKey(key, { requestHash: requestHashOf("body-6"), status: "completed", responseStatus: 201, responseBody: { stale: true } });
    let expire!: () => void;
    const expiring = new Promise<void>((r) => (expire = r));
    let held!: () => void;
    const holding = new Promise<void>((r) => (held = r));
    const holder = inTransaction(other.db, async (tx) => {
      await tx.execute(sql`select key from idempotency_keys where project_id = ${PROJECT} and key = ${key} for update`);
      held();
      await expiring;
      await tx.execute(sql`update idempotency_keys set expires_at = clock_timestamp() where project_id = ${PROJECT} and key = ${key}`);
    });
    await holding;
    let runs = 0;
    const res = idempotent(t.db, request(key), scope("body-6"), async (tx) => {
      runs++;
      return startWork(context)(tx);
    });
    // The request's claim waits on the held row before the record expires.
    await untilALockIsAwaited(t.db, "the claim to wait on the held record");
    expire();
    await holder;
    const answer = await res;
    expect(answer.status).toBe(201);
    expect(answer.headers.get("idempotent-replayed")).toBeNull();
    const body = await answer.json();
    expect(body).not.toEqual({ stale: true });
    expect(runs).toBe(1);
    expect(await runtimesOf(context.entity.id)).toBe(1);
    expect(await keyRow(key)).toMatchObject({ status: "completed", responseStatus: 201, responseBody: body });
  });

  // Two batches claiming overlapping keys must take them in one order, or each could hold a key the other waits on.
  // A held key "order-b" stops a claim of ["order-b", "order-a"] midway: claimed in (scope, key) order, it already
  // holds "order-a", so a third writer of "order-a" waits (and times out); in the given order it would not.
  it.skipIf(!onPostgres)("claimKeys takes a batch's keys in (scope, key) order, whatever the order given", async () => {
    const claimOf = (key: string, keyScope = "POST /workflows/run") => ({ scope: keyScope, key, requestHash: "h" });
    const expires = new Date(Date.now() + KEY_TTL_MS);
    let releaseB!: () => void;
    const bReleased = new Promise<void>((r) => (releaseB = r));
    let bHeld!: () => void;
    const holdingB = new Promise<void>((r) => (bHeld = r));
    const holder = inTransaction(other.db, async (tx) => {
      await claimKeys(tx, PROJECT, [claimOf("order-b")], expires);
      bHeld();
      await bReleased;
      throw new Error("rolled back: order-b is free again");
    });
    await holdingB;
    const claimed = inTransaction(t.db, async (tx) => claimKeys(tx, PROJECT, [claimOf("order-b"), claimOf("order-a", "POST /workflows/run"), claimOf("order-c", "A scope")], expires));
    try {
      await untilALockIsAwaited(t.db, "the claim to wait on the held key");
      const third = await rejection<{ cause?: { code?: string } }>(
        inTransaction(t.db, async (tx) => {
          await tx.execute(sql`set local lock_timeout = '300ms'`);
          await claimKeys(tx, PROJECT, [claimOf("order-a")], expires);
        }),
      );
      // 55P03 lock_not_available: "order-a" (and "order-c", its scope sorting first) was taken before "order-b".
      expect(third.cause?.code).toBe("55P03");
    } finally {
      releaseB();
      await holder.catch(() => undefined);
    }
    expect([...(await claimed)].sort()).toEqual(["A scope\norder-c", "POST /workflows/run\norder-a", "POST /workflows/run\norder-b"]);
  });

  it("a key that is not 1 to 255 visible ASCII characters is a 400 invalid_idempotency_key, before any work or record", async () => {
    let runs = 0;
    const work = async (): Promise<IdempotentResult> => {
      runs++;
      return { status: 201, body: {} };
    };
    for (const key of ["", "a b", "clé", "a\tb", "k".repeat(256)]) {
      await expect(idempotent(t.db, request(key), scope("body-invalid"), work)).rejects.toMatchObject({
        code: "invalid_idempotency_key",
        status: 400,
        message: expect.stringContaining("1 to 255 visible ASCII characters"),
        errors: [{ path: "/headers/idempotency-key", message: "1 to 255 visible ASCII characters" }],
      });
    }
    expect(runs).toBe(0);
    const [stored] = await t.db.select({ n: count() }).from(idempotencyKeys).where(eq(idempotencyKeys.requestHash, requestHashOf("body-invalid")));
    expect(stored.n).toBe(0);

    const longest = "k".repeat(255);
    expect((await idempotent(t.db, request(longest), scope("body-invalid"), work)).status).toBe(201);
    expect(runs).toBe(1);
    expect(await keyRow(longest)).toMatchObject({ status: "completed", responseStatus: 201 });
  });

  it("without a key the work runs on every request and nothing is recorded or replayed", async () => {
    const bodies: unknown[] = [];
    const work = async (): Promise<IdempotentResult> => ({ status: 202, body: { n: bodies.push("ran") } });
    const noKey = () => new Request("http://test/run", { method: "POST" });
    const first = await idempotent(t.db, noKey(), scope("body-no-key"), work);
    const second = await idempotent(t.db, noKey(), scope("body-no-key"), work);
    expect([first.status, await first.json(), first.headers.get("idempotent-replayed")]).toEqual([202, { n: 1 }, null]);
    expect([second.status, await second.json(), second.headers.get("idempotent-replayed")]).toEqual([202, { n: 2 }, null]);
    const [stored] = await t.db.select({ n: count() }).from(idempotencyKeys).where(eq(idempotencyKeys.requestHash, requestHashOf("body-no-key")));
    expect(stored.n).toBe(0);
  });

  it("a key's record is kept for 24 hours, scoped to the project and endpoint, with the answer it replays", async () => {
    const key = "ttl";
    const before = Date.now();
    const res = await idempotent(t.db, request(key), scope("body-ttl"), async () => ({ status: 200, body: { b: 1, a: 2 } }));
    expect(await res.text()).toBe('{"b":1,"a":2}');
    const stored = await keyRow(key);
    expect(stored).toMatchObject({ scope: "POST /workflows/run", status: "completed", requestHash: requestHashOf("body-ttl"), responseStatus: 200 });
    expect(stored.expiresAt.getTime()).toBeGreaterThanOrEqual(before + KEY_TTL_MS - 1_000);
    expect(stored.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + KEY_TTL_MS + 1_000);

    const replay = await idempotent(t.db, request(key), scope("body-ttl"), async () => ({ status: 500, body: "not run" }));
    expect([replay.status, await replay.text(), replay.headers.get("idempotent-replayed")]).toEqual([200, '{"b":1,"a":2}', "true"]);
    const otherEndpoint = await idempotent(t.db, request(key), { ...scope("body-ttl"), endpoint: "POST /workflows/other" }, async () => ({ status: 201, body: {} }));
    expect([otherEndpoint.status, otherEndpoint.headers.get("idempotent-replayed")]).toEqual([201, null]);
  });

  it("keyReused names the header by default, or the pointer it is given (a batch item's key)", () => {
    expect(keyReused()).toMatchObject({
      code: "idempotency_key_reused",
      status: 422,
      message: expect.stringMatching(/already used with a different request body\. Use a new key/),
      errors: [{ path: "/headers/idempotency-key", message: "already used with another body" }],
    });
    expect(keyReused("/items/3/idempotencyKey").errors).toEqual([{ path: "/items/3/idempotencyKey", message: "already used with another body" }]);
  });

  it("send-event: a failure after the step's writes leaves the runtime, history, jobs and key as they were", async () => {
    const context = runContext("http://127.0.0.1:9", "event");
    const run = await startRun(t.db, { projectId: PROJECT, workflowId: "kyb_manual_review_example", context, actor });
    const id = run.workflowRuntimeId;
    const counts = async () => {
      const [rt] = await t.db.select().from(workflowRuntimes).where(eq(workflowRuntimes.id, id));
      const [h] = await t.db.select({ n: count() }).from(runtimeHistory).where(eq(runtimeHistory.runtimeId, id));
      const [j] = await t.db.select({ n: count() }).from(jobs).where(eq(jobs.runtimeId, id));
      return { state: rt.state, version: rt.version, history: h.n, jobs: j.n };
    };
    const before = await counts();
    const eventScope = { projectId: PROJECT, endpoint: `POST /workflows/${id}/send-event`, bodyText: "start" };
    const key = "event-crash";
    const start = (tx: Parameters<ReturnType<typeof startWork>>[0]) =>
      sendEvent(tx, { projectId: PROJECT, runtimeId: id, name: "start", origin: "api", actor });
    await expect(
      idempotent(t.db, request(key), eventScope, async (tx) => {
        const moved = await start(tx);
        expect(moved.version).toBe(before.version + 1);
        throw new Error("forced failure after the step");
      }),
    ).rejects.toThrow("forced failure after the step");
    expect(await counts()).toEqual(before);
    expect(await keyRow(key)).toBeUndefined();

    const res = await idempotent(t.db, request(key), eventScope, async (tx) => ({ status: 200, body: { version: (await start(tx)).version } }));
    expect(await res.json()).toEqual({ version: before.version + 1 });
    const replay = await idempotent(t.db, request(key), eventScope, async (tx) => ({ status: 200, body: { version: (await start(tx)).version } }));
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect((await counts()).version).toBe(before.version + 1);
  });
});
