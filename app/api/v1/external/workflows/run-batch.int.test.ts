import { beforeAll, describe, expect, it } from "vitest";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import { businesses, idempotencyKeys, runtimeHistory, workflowRuntimes } from "@/lib/db/schema";
import { BATCH_MAX_BYTES } from "@/lib/api/schemas/batches";
import { testProject } from "@/tests/support/test-project";
import { runContext } from "@/tests/support/seed";
import { call } from "@/tests/support/http";
import { testOtherProcess } from "@/tests/support/test-project";
import { untilALockIsAwaited } from "@/tests/support/lock-wait";
import { POST as runBatch } from "./run-batch/route";
import { POST as run } from "./run/route";

const P = "run-batch";
const t = testProject(P, { definitions: [{}, { id: "with_schema" }] });
/** A second pool on the test's database: holds a key's record while a batch claims it. */
const other = testOtherProcess(t, 1);
const origin = "http://127.0.0.1:9";
const path = "/api/v1/external/workflows/run-batch";

beforeAll(async () => {
  await t.db.execute(
    sql`update workflow_definitions set context_schema = ${JSON.stringify({
      type: "object",
      properties: { entity: { type: "object", properties: { data: { type: "object", required: ["companyName", "country"] } } } },
    })}::json where id = 'with_schema'`,
  );
});

const item = (reg: string, extra: Record<string, unknown> = {}) =>
  ({ workflowId: "kyb_manual_review_example", context: runContext(origin, reg), ...extra }) as { workflowId: string; context: ReturnType<typeof runContext>; idempotencyKey: string };
const batch = (items: unknown[], headers: Record<string, string> = {}) => call(runBatch, "POST", path, { key: t.apiKey, body: { items }, headers });
const single = (body: unknown, headers: Record<string, string> = {}) => call(run, "POST", "/api/v1/external/workflows/run", { key: t.apiKey, body, headers });

async function runtimeCount(): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(workflowRuntimes).where(eq(workflowRuntimes.projectId, P));
  return row.n;
}

describe(`POST /workflows/run-batch (${process.env.TEST_DB_KIND})`, () => {
  it("answers every item in order with what its single run answers: valid items start, invalid ones get their own problem", async () => {
    const long = item("long");
    long.context.entity.data.companyName = "x".repeat(600);
    const items: unknown[] = [
      item("1"),
      item("2", { workflowId: "nope" }),
      { workflowId: "kyb_manual_review_example", context: { entity: { id: "e", type: "robot" } } },
      { workflowId: "with_schema", context: { entity: { id: "s", type: "business", data: { companyName: "Acme" } } } },
      item("3", { state: "approved" }),
      long,
      JSON.parse('{"workflowId":"kyb_manual_review_example","__proto__":{"polluted":true}}'),
      "not a run",
      item("4"),
    ];
    const before = await runtimeCount();
    const res = await batch(items);
    expect(res.status).toBe(200);
    expect(res.json.items.map((a: { status: number }) => a.status)).toEqual([201, 404, 422, 422, 422, 422, 422, 422, 201]);
    expect(await runtimeCount()).toBe(before + 2);

    for (const i of [0, 8]) {
      const { body } = res.json.items[i];
      expect(Object.keys(body).sort()).toEqual(["serviceEntityId", "workflowDefinitionId", "workflowRuntimeId"]);
      const [row] = await t.db.select().from(workflowRuntimes).where(eq(workflowRuntimes.id, body.workflowRuntimeId));
      expect(row).toMatchObject({ state: "idle", status: "active", version: 1, businessId: body.serviceEntityId });
      const [created] = await t.db.select().from(runtimeHistory).where(eq(runtimeHistory.runtimeId, body.workflowRuntimeId));
      expect(created).toMatchObject({ kind: "created", toState: "idle", actorType: "api_key" });
    }
    // Each refused item's answer is exactly the single run's (pointers relative to the item).
    for (const i of [1, 2, 3, 4, 5, 6, 7]) {
      // `call` sends a string body as it is: encode it so the single run reads the same JSON value.
      const alone = await single(typeof items[i] === "string" ? JSON.stringify(items[i]) : items[i]);
      // An item may also carry its idempotencyKey, so the fields an unknown one is told of name it too.
      const body = JSON.parse(JSON.stringify(res.json.items[i].body).replaceAll(", idempotencyKey", ""));
      expect({ i, status: res.json.items[i].status, body }).toEqual({ i, status: alone.status, body: alone.json });
    }
    expect(res.json.items[2].body.errors[0].path).toBe("/context/entity/type");
    expect(await runtimeCount()).toBe(before + 2);
  });

  it("keeps the order across chunks of 100, and two runs of one entity share it with the later run's data", async () => {
    const items = Array.from({ length: 230 }, (_, i) => (i % 10 === 3 ? item(`c${i}`, { workflowId: "nope" }) : item(`c${i}`)));
    const shared = item("shared");
    const later = structuredClone(shared);
    later.context.entity.data.companyName = "Acme Renamed Ltd";
    items.splice(50, 0, shared);
    items.splice(180, 0, later);
    const res = await batch(items);
    const statuses: number[] = res.json.items.map((a: { status: number }) => a.status);
    expect(statuses).toEqual(items.map((it) => (it.workflowId === "nope" ? 404 : 201)));
    const ids = res.json.items.filter((a: { status: number }) => a.status === 201).map((a: { body: { workflowRuntimeId: string } }) => a.body.workflowRuntimeId);
    expect(new Set(ids).size).toBe(ids.length);
    const rows = await t.db.select({ id: workflowRuntimes.id, context: workflowRuntimes.context }).from(workflowRuntimes).where(inArray(workflowRuntimes.id, ids));
    const byId = new Map(rows.map((r) => [r.id, r.context]));
    res.json.items.forEach((a: { status: number; body: { workflowRuntimeId: string } }, i: number) => {
      if (a.status === 201) expect((byId.get(a.body.workflowRuntimeId) as { entity: { id: string } }).entity.id).toBe(items[i].context.entity.id);
    });
    expect(res.json.items[50].body.serviceEntityId).toBe(res.json.items[180].body.serviceEntityId);
    const [entity] = await t.db.select().from(businesses).where(and(eq(businesses.projectId, P), eq(businesses.correlationId, shared.context.entity.id)));
    expect(entity.companyName).toBe("Acme Renamed Ltd");
  });

  it("item keys commit with the work: a repeated batch creates nothing and replays each answer; another body is that item's 422", async () => {
    const items = ["k1", "k2", "k3"].map((key, i) => item(`key-${i}`, { idempotencyKey: `${key}-${process.env.TEST_DB_KIND}` }));
    const first = await batch(items);
    expect(first.json.items.map((a: { status: number }) => a.status)).toEqual([201, 201, 201]);
    const before = await runtimeCount();

    const again = await batch(items);
    expect(await runtimeCount()).toBe(before);
    expect(again.json.items).toEqual(first.json.items.map((a: object) => ({ ...a, replayed: true })));

    const changed = [item("other", { idempotencyKey: items[0].idempotencyKey }), items[1], item("new", { idempotencyKey: `k4-${process.env.TEST_DB_KIND}` })];
    const mixed = await batch(changed);
    expect(mixed.json.items.map((a: { status: number }) => a.status)).toEqual([422, 201, 201]);
    expect(mixed.json.items[0].body).toMatchObject({ code: "idempotency_key_reused", errors: [{ path: "/idempotencyKey" }] });
    expect(mixed.json.items[1]).toEqual({ ...first.json.items[1], replayed: true });
    expect(await runtimeCount()).toBe(before + 1);

    // The key is the single run's: the same body sent alone replays the batch item's answer.
    const { idempotencyKey, ...body } = items[2];
    const alone = await single(body, { "idempotency-key": idempotencyKey });
    expect(alone.status).toBe(201);
    expect(alone.headers.get("idempotent-replayed")).toBe("true");
    expect(alone.json).toEqual(first.json.items[2].body);
    expect(await runtimeCount()).toBe(before + 1);
  });

  // The record expires while the chunk's claim waits on its row. The chunk's statements all run at its transaction's
  // time, when the record was live, so the item replays it: no run twice (a single run instead reads after its
  // transaction, and claims an expired record afresh). Needs a second connection holding the row: PostgreSQL only.
  it.skipIf(process.env.TEST_DB_KIND !== "postgres")("an item whose key's record expires while the chunk's claim waits on it replays the record: nothing runs twice", async () => {
    const expiring = item("expires-mid-claim", { idempotencyKey: "expires-mid-claim" });
    const first = await batch([expiring]);
    expect(first.json.items[0].status).toBe(201);
    const before = await runtimeCount();
    let expire!: () => void;
    const expired = new Promise<void>((r) => (expire = r));
    let held!: () => void;
    const holding = new Promise<void>((r) => (held = r));
    const record = sql`project_id = ${P} and key = ${expiring.idempotencyKey}`;
    const holder = other.db.transaction(async (tx) => {
      await tx.execute(sql`select key from idempotency_keys where ${record} for update`);
      held();
      await expired;
      await tx.execute(sql`update idempotency_keys set expires_at = clock_timestamp() where ${record}`);
    });
    try {
      await holding;
      const again = batch([expiring]);
      // The chunk's claim waits on the held record before the record expires.
      await untilALockIsAwaited(t.db, "the claim to wait on the held record");
      expire();
      await holder;
      expect((await again).json.items).toEqual([{ ...first.json.items[0], replayed: true }]);
      expect(await runtimeCount()).toBe(before);
      const [stored] = await t.db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.projectId, P), eq(idempotencyKeys.key, expiring.idempotencyKey)));
      expect(stored).toMatchObject({ status: "completed", responseStatus: 201, responseBody: first.json.items[0].body });
    } finally {
      expire();
      await holder.catch(() => undefined);
    }
  });

  it("a key repeated within a batch gets the first item's answer; a failed item's key is not remembered", async () => {
    const key = `dup-${process.env.TEST_DB_KIND}`;
    const a = item("dup-a", { idempotencyKey: key });
    const before = await runtimeCount();
    const res = await batch([a, a, item("dup-b", { idempotencyKey: key })]);
    expect(res.json.items.map((x: { status: number }) => x.status)).toEqual([201, 201, 422]);
    expect(res.json.items[1]).toEqual({ ...res.json.items[0], replayed: true });
    expect(await runtimeCount()).toBe(before + 1);

    const failing = item("fails", { idempotencyKey: `fails-${process.env.TEST_DB_KIND}`, workflowId: "nope" });
    expect((await batch([failing])).json.items[0].status).toBe(404);
    const [stored] = await t.db.select({ n: count() }).from(idempotencyKeys).where(eq(idempotencyKeys.key, failing.idempotencyKey));
    expect(stored.n).toBe(0);
    expect((await batch([{ ...failing, workflowId: "kyb_manual_review_example" }])).json.items[0].status).toBe(201);
  });

  it("an Idempotency-Key on the batch replays the whole answer, and refuses another body with the key", async () => {
    const header = { "idempotency-key": `batch-${process.env.TEST_DB_KIND}` };
    const items = [item("h1"), item("h2", { workflowId: "nope" }), item("h3")];
    const first = await batch(items, header);
    expect(first.status).toBe(200);
    const before = await runtimeCount();
    const again = await batch(items, header);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.json).toEqual(first.json);
    expect(await runtimeCount()).toBe(before);
    const other = await batch([item("h4")], header);
    expect(other.status).toBe(422);
    expect(other.json.code).toBe("idempotency_key_reused");
    expect(await runtimeCount()).toBe(before);
  });

  it("refuses an empty batch and one over 500 items (422 at /items naming the limit) and a body over the size limit (413); nothing stored", async () => {
    const before = await runtimeCount();
    const empty = await batch([]);
    expect(empty.status).toBe(422);
    expect(empty.json).toMatchObject({ code: "validation_failed", errors: [{ path: "/items", message: "1 to 500 items (got 0)" }] });
    const many = await batch(Array.from({ length: 501 }, (_, i) => item(`many-${i}`)));
    expect(many.status).toBe(422);
    expect(many.json.detail).toContain("1 to 500 items");
    expect(many.json.errors).toEqual([{ path: "/items", message: "1 to 500 items (got 501)" }]);
    const huge = item("huge", { context: { ...runContext(origin, "huge"), notes: "x".repeat(BATCH_MAX_BYTES) } });
    const tooLarge = await batch([huge]);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.json.code).toBe("payload_too_large");
    const notItems = await call(runBatch, "POST", path, { key: t.apiKey, body: { runs: [item("x")] } });
    expect(notItems.status).toBe(422);
    expect(await runtimeCount()).toBe(before);

    // An item over a single request's limit (1,000,000 bytes) is that item's 413; the batch fits and the rest start.
    const big = item("big", { context: { ...runContext(origin, "big"), notes: "x".repeat(1_000_001) } });
    const mixed = await batch([item("small"), big]);
    expect(mixed.json.items.map((a: { status: number }) => a.status)).toEqual([201, 413]);
    expect(await runtimeCount()).toBe(before + 1);
  });
});
