import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { openTestDatabase, type TestDatabase } from "../../tests/support/test-database";
import { jobs, runtimeHistory } from "../db/schema";
import { getRuntime, seedDefinition, seedProject } from "../../tests/support/seed";
import { sendEvent } from "./send-event";
import { sendEvents } from "./send-events";
import { startRun } from "./start-run";

const P = "send-event";
const actor = { type: "api_key" as const, id: "test" };
let t: TestDatabase;

// idle -start-> review -approve-> approved (final); review -note-> review. No plugins, so every step is one version.
const chart = {
  id: "versioned_review_v1",
  initial: "idle",
  states: {
    idle: { on: { start: "review" } },
    review: { on: { approve: "approved", note: { target: "review", internal: true } } },
    approved: { type: "final" },
  },
};

beforeAll(async () => {
  t = await openTestDatabase();
  await seedProject(t.db, P);
  await seedDefinition(t.db, P, {
    id: "versioned_review",
    edit: (d) => Object.assign(d, { definition: chart, extensions: { apiPlugins: [] } }),
  });
});

afterAll(async () => {
  await t?.dispose();
});

async function newRuntime() {
  const run = await startRun(t.db, {
    projectId: P,
    workflowId: "versioned_review",
    context: { entity: { id: `e-${Math.random().toString(36).slice(2)}`, type: "business", data: { companyName: "Acme" } }, documents: [] },
    actor,
  });
  return run.workflowRuntimeId;
}

const historyOf = async (id: string) => t.db.select().from(runtimeHistory).where(eq(runtimeHistory.runtimeId, id));
const jobsOf = async (id: string) => (await t.db.select({ n: count() }).from(jobs).where(eq(jobs.runtimeId, id)))[0].n;

describe(`sendEvent with an expected version (${process.env.TEST_DB_KIND})`, () => {
  it("refuses a version read before the runtime moved on (read at 1, now at 2) with 412, storing nothing", async () => {
    const id = await newRuntime();
    const read = await getRuntime(t.db, id);
    expect(read.version).toBe(1);

    // Someone else moves the runtime on after our read.
    const moved = await sendEvent(t.db, { projectId: P, runtimeId: id, name: "start", origin: "api", actor, expectedVersion: 1 });
    expect(moved).toMatchObject({ state: "review", version: 2 });
    const historyBefore = await historyOf(id);
    const jobsBefore = await jobsOf(id);

    // We decide on what we read at version 1: refused, although `approve` is accepted in the current state.
    const stale = sendEvent(t.db, { projectId: P, runtimeId: id, name: "approve", origin: "api", actor, expectedVersion: read.version });
    await expect(stale).rejects.toMatchObject({ code: "version_conflict", status: 412 });
    await expect(stale).rejects.toThrow(/at version 2, not 1/);

    expect(await getRuntime(t.db, id)).toMatchObject({ state: "review", status: "active", version: 2 });
    expect(await historyOf(id)).toEqual(historyBefore);
    expect(await jobsOf(id)).toBe(jobsBefore);
  });

  it("refuses a version the runtime has not reached yet", async () => {
    const id = await newRuntime();
    await expect(sendEvent(t.db, { projectId: P, runtimeId: id, name: "start", origin: "api", actor, expectedVersion: 2 })).rejects.toMatchObject({
      code: "version_conflict",
      status: 412,
    });
    expect(await getRuntime(t.db, id)).toMatchObject({ state: "idle", version: 1 });
  });

  it("applies the event when the expected version is the current one, and without an expected version", async () => {
    const id = await newRuntime();
    await sendEvent(t.db, { projectId: P, runtimeId: id, name: "start", origin: "api", actor });
    const noted = await sendEvent(t.db, { projectId: P, runtimeId: id, name: "note", origin: "api", actor, expectedVersion: 2 });
    expect(noted.state).toBe("review");
    const approved = await sendEvent(t.db, { projectId: P, runtimeId: id, name: "approve", origin: "api", actor, expectedVersion: noted.version });
    expect(approved).toMatchObject({ state: "approved", status: "completed", version: noted.version + 1 });
  });
});

describe(`sendEvents: many events in one step statement per round (${process.env.TEST_DB_KIND})`, () => {
  it("applies two events for one runtime in their order, each at its own version, beside another runtime's", async () => {
    const [a, b] = [await newRuntime(), await newRuntime()];
    const outcomes = await sendEvents(t.db, P, [
      { projectId: P, runtimeId: a, name: "start", origin: "api", actor },
      { projectId: P, runtimeId: b, name: "start", origin: "api", actor },
      // Upper case: the same runtime, found whatever the id's letter case.
      { projectId: P, runtimeId: a.toUpperCase(), name: "approve", origin: "api", actor, expectedVersion: 2 },
    ]);
    expect(outcomes.map((o) => (o.ok ? [o.value.state, o.value.version] : o.error))).toEqual([
      ["review", 2],
      ["review", 2],
      ["approved", 3],
    ]);
    expect((await historyOf(a)).filter((h) => h.kind === "transition").map((h) => h.toState)).toEqual(["review", "approved"]);
  });

  it("answers 404 for an unknown or malformed id and applies the rest; an event nothing applies to leaves its runtime as it is", async () => {
    const id = await newRuntime();
    const outcomes = await sendEvents(t.db, P, [
      { projectId: P, runtimeId: "00000000-0000-4000-8000-00000000dead", name: "start", origin: "api", actor },
      { projectId: P, runtimeId: "not-a-uuid", name: "start", origin: "api", actor },
      { projectId: P, runtimeId: id, name: "start", origin: "api", actor },
    ]);
    expect(outcomes.map((o) => o.ok || (o.error as { code?: string }).code)).toEqual(["not_found", "not_found", true]);
    const none = await sendEvents(t.db, P, [{ projectId: P, runtimeId: "not-a-uuid", name: "start", origin: "api", actor }]);
    expect(none.map((o) => o.ok || (o.error as { code?: string }).code)).toEqual(["not_found"]);
  });
});
