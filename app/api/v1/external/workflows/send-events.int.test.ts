import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { runtimeHistory } from "@/lib/db/schema";
import { BATCH_MAX_BYTES } from "@/lib/api/schemas/batches";
import { setLogDestination } from "@/lib/observability/logger";
import { startRun } from "@/lib/runtime/start-run";
import { testProject } from "@/tests/support/test-project";
import { EXAMPLE, getRuntime, seedDefinition, seedProject } from "@/tests/support/seed";
import { call } from "@/tests/support/http";
import { POST as sendEvents } from "./send-events/route";
import { POST as sendEvent } from "./[workflowRuntimeId]/send-event/route";

const P = "send-events";
const OTHER = "send-events-other";
const kind = process.env.TEST_DB_KIND;
const actor = { type: "api_key" as const, id: "test" };

/**
 * idle -start-> review -approve-> approved (final); review -note-> review, and ping_a / ping_b likewise (re-entered):
 * no plugins, so every applied event is one version and one transition row. The contextSchema caps `score` at 100.
 */
const chart = {
  id: "batch_events_v1",
  initial: "idle",
  states: {
    idle: { on: { start: "review" } },
    review: { on: { approve: "approved", note: "review", ping_a: "review", ping_b: "review" } },
    approved: { type: "final", tags: ["approved"] },
  },
};
const definition = { id: "batch_events", edit: (d: typeof EXAMPLE) => Object.assign(d, { definition: chart, extensions: { apiPlugins: [] } }) };
const t = testProject(P, { definitions: [definition] });

beforeAll(async () => {
  await seedProject(t.db, OTHER);
  await seedDefinition(t.db, OTHER, definition);
  await t.db.execute(
    sql`update workflow_definitions set context_schema = ${JSON.stringify({ type: "object", properties: { score: { type: "number", maximum: 100 } } })}::json where id = 'batch_events'`,
  );
});

const path = "/api/v1/external/workflows/send-events";
type Answer = { status: number; body: { version: number; state: string; code?: string; errors?: { path: string }[] }; replayed?: true };
const batch = (items: unknown[], headers: Record<string, string> = {}) => call(sendEvents, "POST", path, { key: t.apiKey, body: { items }, headers });
const single = (id: string, body: unknown, headers: Record<string, string> = {}) =>
  call(sendEvent, "POST", `/api/v1/external/workflows/${id}/send-event`, { key: t.apiKey, body, params: { workflowRuntimeId: id }, headers });
const statuses = (res: { json: { items: Answer[] } }) => res.json.items.map((a) => a.status);

async function newRuntimes(n: number, projectId = P): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const entity = { id: `e-${randomUUID()}`, type: "business" as const, data: { companyName: "Acme" } };
    ids.push((await startRun(t.db, { projectId, workflowId: "batch_events", context: { entity, documents: [] }, actor })).workflowRuntimeId);
  }
  return ids;
}

const historyCount = async (ids: string[]): Promise<number> => (await t.db.select({ n: count() }).from(runtimeHistory).where(inArray(runtimeHistory.runtimeId, ids)))[0].n;

/** What a refused event must leave as it was. */
async function stored(id: string) {
  const { version, state, context, updatedAt } = await getRuntime(t.db, id);
  return { version, state, context, updatedAt, history: await historyCount([id]) };
}

describe(`POST /workflows/send-events (${kind})`, () => {
  it("answers every item in order as its single send-event would: valid items apply, refused ones get their own problem and store nothing", async () => {
    const [ok1, ok2, refused, stale, invalid, overCap] = await newRuntimes(6);
    const [foreign] = await newRuntimes(1, OTHER);
    const unknown = randomUUID();
    const items: { workflowRuntimeId: string; [k: string]: unknown }[] = [
      { workflowRuntimeId: ok1, name: "start", payload: { n: 1 } },
      { workflowRuntimeId: unknown, name: "start" },
      { workflowRuntimeId: refused, name: "approve" },
      { workflowRuntimeId: stale, name: "start", ifMatch: '"7"' },
      { workflowRuntimeId: invalid, name: "start", payload: "not an object" },
      { workflowRuntimeId: invalid, name: "" },
      { workflowRuntimeId: foreign, name: "start" },
      { workflowRuntimeId: overCap, name: "start", contextPatch: { score: 1000 } },
      { workflowRuntimeId: ok2, name: "start", ifMatch: 1, contextPatch: { score: 5 } },
      { workflowRuntimeId: "not-a-uuid", name: "start" },
      { workflowRuntimeId: invalid, name: "start", extra: true },
    ];
    const refusedIds = [unknown, refused, stale, invalid, foreign, overCap];
    const before = await Promise.all(refusedIds.slice(1).map(stored));
    const res = await batch(items);
    expect(res.status).toBe(200);
    expect(statuses(res)).toEqual([200, 404, 409, 412, 422, 422, 404, 422, 200, 404, 422]);

    expect(res.json.items[0].body).toMatchObject({ id: ok1, state: "review", version: 2 });
    expect(res.json.items[8].body).toMatchObject({ id: ok2, state: "review", version: 2, context: { score: 5 } });
    expect(await getRuntime(t.db, ok2)).toMatchObject({ state: "review", version: 2, context: { score: 5 } });
    const [moved] = await t.db.select().from(runtimeHistory).where(and(eq(runtimeHistory.runtimeId, ok1), eq(runtimeHistory.kind, "transition")));
    expect(moved).toMatchObject({ eventName: "start", payload: { n: 1 }, fromState: "idle", toState: "review", actorType: "api_key" });
    // Pointers are relative to the item, as in the single request's body.
    expect(res.json.items[4].body.errors).toEqual([expect.objectContaining({ path: "/payload" })]);
    expect(res.json.items[5].body.errors).toEqual([expect.objectContaining({ path: "/name" })]);
    expect(await Promise.all(refusedIds.slice(1).map(stored))).toEqual(before);

    // Each refused item's answer is exactly the single send-event's (its ifMatch sent as If-Match).
    for (const i of [1, 2, 3, 4, 5, 6, 7, 9, 10]) {
      const { workflowRuntimeId, ifMatch, ...sent } = items[i];
      const alone = await single(workflowRuntimeId, sent, ifMatch === undefined ? {} : { "if-match": String(ifMatch) });
      // An item also holds its runtime, ifMatch and key, so the fields an unknown one is told of name them too.
      const body = JSON.parse(JSON.stringify(res.json.items[i].body).replaceAll(", workflowRuntimeId, ifMatch, idempotencyKey", ""));
      expect({ i, status: res.json.items[i].status, body }).toEqual({ i, status: alone.status, body: alone.json });
    }
    expect(await Promise.all(refusedIds.slice(1).map(stored))).toEqual(before);
  });

  it("applies two items for one runtime in their order: the second sees the first's version and state", async () => {
    const [a, b, c] = await newRuntimes(3);
    const res = await batch([
      { workflowRuntimeId: a, name: "start", ifMatch: 1 },
      { workflowRuntimeId: b, name: "approve" },
      { workflowRuntimeId: a, name: "approve", ifMatch: '"2"' },
      { workflowRuntimeId: b, name: "start" },
      { workflowRuntimeId: c, name: "start", contextPatch: { score: 1 } },
      { workflowRuntimeId: c, name: "note", ifMatch: 1 },
      { workflowRuntimeId: c, name: "note", contextPatch: { score: 2 }, ifMatch: 2 },
      { workflowRuntimeId: c.toUpperCase(), name: "note", ifMatch: 3 },
    ]);
    expect(statuses(res)).toEqual([200, 409, 200, 200, 200, 412, 200, 200]);
    expect(res.json.items[0].body).toMatchObject({ state: "review", version: 2 });
    expect(res.json.items[2].body).toMatchObject({ state: "approved", status: "completed", version: 3 });
    expect(res.json.items[3].body).toMatchObject({ state: "review", version: 2 });
    expect(res.json.items[6].body).toMatchObject({ state: "review", version: 3, context: { score: 2 } });
    const history = await t.db.select().from(runtimeHistory).where(and(eq(runtimeHistory.runtimeId, a), eq(runtimeHistory.kind, "transition"))).orderBy(asc(runtimeHistory.id));
    expect(history.map((h) => h.eventName)).toEqual(["start", "approve"]);
    expect(res.json.items[7].body).toMatchObject({ id: c, version: 4 });
    expect(await getRuntime(t.db, c)).toMatchObject({ version: 4, context: { score: 2 } });
  });

  it("item keys commit with the work: a repeated batch stores nothing new and replays; another body is 422; the single route replays the item's answer", async () => {
    const ids = await newRuntimes(3);
    const items = ids.map((workflowRuntimeId, i) => ({ workflowRuntimeId, name: "start", payload: { i }, idempotencyKey: `ev-${i}-${kind}` }));
    const first = await batch(items);
    expect(statuses(first)).toEqual([200, 200, 200]);
    const history = await historyCount(ids);

    const again = await batch(items);
    expect(again.json.items).toEqual(first.json.items.map((a: Answer) => ({ ...a, replayed: true })));
    expect(await historyCount(ids)).toBe(history);

    const mixed = await batch([{ ...items[0], name: "note" }, items[1], { workflowRuntimeId: ids[2], name: "note", idempotencyKey: `ev-new-${kind}` }]);
    expect(statuses(mixed)).toEqual([422, 200, 200]);
    expect(mixed.json.items[0].body).toMatchObject({ code: "idempotency_key_reused", errors: [{ path: "/idempotencyKey" }] });
    expect(mixed.json.items[1]).toEqual({ ...first.json.items[1], replayed: true });
    expect(mixed.json.items[2].body.version).toBe(3);
    expect(await historyCount(ids)).toBe(history + 1);
    expect((await getRuntime(t.db, ids[0])).version).toBe(2);

    // The key is the single send-event's, in its scope: the same body sent alone replays the batch item's answer.
    // (Its body is hashed as read, so the order of its fields does not matter.)
    const { workflowRuntimeId, idempotencyKey, name, payload } = items[0];
    const alone = await single(workflowRuntimeId, { payload, name }, { "idempotency-key": idempotencyKey });
    expect(alone.status).toBe(200);
    expect(alone.headers.get("idempotent-replayed")).toBe("true");
    expect(alone.json).toEqual(first.json.items[0].body);
    expect(await historyCount(ids)).toBe(history + 1);
  });

  it("a key repeated within a batch gets the first item's answer; a refused item's key is not remembered", async () => {
    const [id, other] = await newRuntimes(2);
    const key = `dup-${kind}`;
    const start = { workflowRuntimeId: id, name: "start", idempotencyKey: key };
    const res = await batch([start, start, { ...start, name: "note" }, { workflowRuntimeId: other, name: "start", idempotencyKey: key }]);
    expect(statuses(res)).toEqual([200, 200, 422, 200]);
    expect(res.json.items[1]).toEqual({ ...res.json.items[0], replayed: true });
    expect((await getRuntime(t.db, id)).version).toBe(2);

    const refused = { workflowRuntimeId: id, name: "start", idempotencyKey: `refused-${kind}` };
    expect(statuses(await batch([refused]))).toEqual([409]);
    expect((await batch([{ ...refused, name: "note" }])).json.items[0]).toMatchObject({ status: 200, body: { version: 3 } });
  });

  it("an Idempotency-Key on the batch replays the whole answer, and refuses another body with the key", async () => {
    const ids = await newRuntimes(2);
    const header = { "idempotency-key": `batch-${kind}` };
    const items = [{ workflowRuntimeId: ids[0], name: "start" }, { workflowRuntimeId: randomUUID(), name: "start" }, { workflowRuntimeId: ids[1], name: "approve" }];
    const first = await batch(items, header);
    expect(statuses(first)).toEqual([200, 404, 409]);
    const history = await historyCount(ids);
    const again = await batch(items, header);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.json).toEqual(first.json);
    const other = await batch([{ workflowRuntimeId: ids[1], name: "start" }], header);
    expect(other.status).toBe(422);
    expect(other.json.code).toBe("idempotency_key_reused");
    expect(await historyCount(ids)).toBe(history);
    expect((await getRuntime(t.db, ids[1])).version).toBe(1);
  });

  it("refuses 0 and 501 items (422 at /items naming the limit) and a body over 4 MiB (413), storing nothing; an item over a single request's limit is its own 413", async () => {
    const [id, other] = await newRuntimes(2);
    const before = await stored(id);
    const empty = await batch([]);
    expect(empty.status).toBe(422);
    expect(empty.json).toMatchObject({ code: "validation_failed", errors: [{ path: "/items", message: "1 to 500 items (got 0)" }] });
    const many = await batch(Array.from({ length: 501 }, () => ({ workflowRuntimeId: id, name: "start" })));
    expect(many.status).toBe(422);
    expect(many.json.detail).toContain("1 to 500 items");
    expect(many.json.errors).toEqual([{ path: "/items", message: "1 to 500 items (got 501)" }]);
    const huge = await batch([{ workflowRuntimeId: id, name: "start", payload: { notes: "x".repeat(BATCH_MAX_BYTES) } }]);
    expect(huge.status).toBe(413);
    expect(huge.json.code).toBe("payload_too_large");
    expect(await stored(id)).toEqual(before);

    const mixed = await batch([{ workflowRuntimeId: id, name: "start" }, { workflowRuntimeId: other, name: "start", payload: { notes: "x".repeat(1_000_001) } }]);
    expect(statuses(mixed)).toEqual([200, 413]);
    expect((await getRuntime(t.db, other)).version).toBe(1);
  });

  it("keeps the order across chunks of 100: each item's ifMatch is the version the items before it left", async () => {
    const ids = await newRuntimes(25);
    const version = new Map(ids.map((id) => [id, 1]));
    const expected: number[] = [];
    const items = Array.from({ length: 260 }, (_, i) => {
      const id = ids[i % ids.length];
      const at = version.get(id)!;
      // The first item of each runtime starts it; every 9th later one is an event review does not accept (409).
      const name = at === 1 ? "start" : i % 9 === 0 ? "start" : "note";
      expected.push(at === 1 || name === "note" ? 200 : 409);
      if (expected[i] === 200) version.set(id, at + 1);
      return { workflowRuntimeId: id, name, payload: { i }, ifMatch: at };
    });
    const res = await batch(items);
    expect(statuses(res)).toEqual(expected);
    res.json.items.forEach((a: Answer, i: number) => {
      if (a.status === 200) expect({ i, version: a.body.version }).toEqual({ i, version: items[i].ifMatch + 1 });
    });
    for (const id of ids) expect((await getRuntime(t.db, id)).version).toBe(version.get(id));
    const rows = await t.db.select().from(runtimeHistory).where(and(inArray(runtimeHistory.runtimeId, ids), eq(runtimeHistory.kind, "transition"))).orderBy(asc(runtimeHistory.id));
    const applied = items.map((item, i) => ({ ...item, i })).filter((_, i) => expected[i] === 200);
    for (const id of ids) {
      expect(rows.filter((r) => r.runtimeId === id).map((r) => (r.payload as { i: number }).i)).toEqual(applied.filter((a) => a.workflowRuntimeId === id).map((a) => a.i));
    }
  });

  describe("two overlapping batches in parallel", () => {
    const lines: string[] = [];
    beforeAll(() => setLogDestination({ write: (chunk: string) => void lines.push(...chunk.split("\n").filter(Boolean)) }));
    afterAll(() => setLogDestination(undefined));

    it("locking the same 50 runtimes in opposite orders: no deadlock or retried chunk, every event applied exactly once", async () => {
      const ids = await newRuntimes(50);
      expect(statuses(await batch(ids.map((workflowRuntimeId) => ({ workflowRuntimeId, name: "start" }))))).toEqual(ids.map(() => 200));
      const rounds = 4;
      for (let round = 0; round < rounds; round++) {
        const forward = ids.map((workflowRuntimeId) => ({ workflowRuntimeId, name: "ping_a", payload: { round } }));
        const backward = [...ids].reverse().map((workflowRuntimeId) => ({ workflowRuntimeId, name: "ping_b", payload: { round } }));
        const results = await Promise.all([batch(forward), batch(backward), batch(forward.slice(10, 40)), batch(backward.slice(5, 45))]);
        for (const res of results) {
          expect(res.status).toBe(200);
          expect(new Set(statuses(res))).toEqual(new Set([200]));
        }
      }
      const rows = await t.db
        .select({ id: runtimeHistory.runtimeId, event: runtimeHistory.eventName, n: count() })
        .from(runtimeHistory)
        .where(and(inArray(runtimeHistory.runtimeId, ids), eq(runtimeHistory.kind, "transition")))
        .groupBy(runtimeHistory.runtimeId, runtimeHistory.eventName);
      const counts = new Map(rows.map((r) => [`${r.id} ${r.event}`, r.n]));
      for (const [k, id] of ids.entries()) {
        // ping_a from the full batch and, for ids 10 to 39, the partial one; ping_b likewise for ids 5 to 44 from the end.
        const a = rounds * (k >= 10 && k < 40 ? 2 : 1);
        const b = rounds * (49 - k >= 5 && 49 - k < 45 ? 2 : 1);
        const { version } = await getRuntime(t.db, id);
        expect({ k, start: counts.get(`${id} start`), a: counts.get(`${id} ping_a`), b: counts.get(`${id} ping_b`), version }).toEqual({ k, start: 1, a, b, version: 2 + a + b });
      }
      // A chunk that deadlocked would be redone item by item (and still answer 200s): none was.
      expect(lines.filter((l) => l.includes("batch chunk failed"))).toEqual([]);
    });

    it("the same item keys sent at once by two batches in opposite orders and by single send-events: each event applied once, the rest replay it", async () => {
      const ids = await newRuntimes(30);
      const items = ids.map((workflowRuntimeId, i) => ({ workflowRuntimeId, name: "start", payload: { i }, idempotencyKey: `par-${i}-${kind}` }));
      const alone = (k: number) => single(ids[k], { name: "start", payload: { i: k } }, { "idempotency-key": items[k].idempotencyKey });
      const [forward, backward, ...singles] = await Promise.all([batch(items), batch([...items].reverse()), alone(0), alone(15), alone(29)]);
      const answers = [forward.json.items as Answer[], [...(backward.json.items as Answer[])].reverse()];
      ids.forEach((id, k) => {
        const both = answers.map((a) => a[k]);
        const fromSingle = [0, 15, 29].indexOf(k);
        const replays = both.filter((a) => a.replayed).length + (fromSingle >= 0 && singles[fromSingle].headers.get("idempotent-replayed") === "true" ? 1 : 0);
        expect({ k, statuses: both.map((a) => a.status), replays }).toEqual({ k, statuses: [200, 200], replays: fromSingle >= 0 ? 2 : 1 });
        expect(both[0].body).toEqual(both[1].body);
        if (fromSingle >= 0) expect(singles[fromSingle]).toMatchObject({ status: 200, json: both[0].body });
      });
      const rows = await t.db
        .select({ id: runtimeHistory.runtimeId, n: count() })
        .from(runtimeHistory)
        .where(and(inArray(runtimeHistory.runtimeId, ids), eq(runtimeHistory.kind, "transition")))
        .groupBy(runtimeHistory.runtimeId);
      expect(rows.map((r) => r.n)).toEqual(ids.map(() => 1));
      expect(lines.filter((l) => l.includes("batch chunk failed"))).toEqual([]);
    });
  });
});
