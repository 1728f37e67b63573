import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { testProject } from "../../tests/support/test-project";
import { throughCountingRelay } from "../../tests/support/counting-relay";
import { getRuntime, runContext } from "../../tests/support/seed";
import { jobs } from "../db/schema";
import { newScope, runInScope } from "../observability/request-scope";
import { sendEvent } from "./send-event";
import { startRun } from "./start-run";

// Events sent in one turn of the event loop to runtimes of one project share one transaction (send-event.ts,
// `groupPerTurn`), and each is answered as if it had been sent alone.
const P = "send-event-grouped";
const review = { id: "review", edit: (d: { definition: { states: { idle: { on: Record<string, string> } } } }) => void Object.assign(d.definition.states.idle.on, { start: "manual_review" }) };
const t = testProject(P, { definitions: [{ id: "checking" }, review] });
const actor = { type: "api_key" as const, id: "test" };
const onServer = process.env.TEST_DB_KIND === "postgres";

const newRuntime = async (workflowId: string) =>
  (await startRun(t.db, { projectId: P, workflowId, context: runContext("http://127.0.0.1:9", "1"), actor })).workflowRuntimeId;
const send = (runtimeId: string, name: string, requestId = `req-${name}-${runtimeId}`) =>
  runInScope(newScope(requestId), () => sendEvent(t.db, { projectId: P, runtimeId, name, origin: "api", actor }));

describe("events sent in one turn of the event loop", () => {
  it("answer each as alone: two for one runtime apply in their order, a refused one and an unknown runtime fail alone", async () => {
    const [a, b] = [await newRuntime("review"), await newRuntime("review")];
    const [start, approve, refused, unknown] = await Promise.allSettled([send(a, "start"), send(a, "approve"), send(b, "approve"), send("00000000-0000-4000-8000-000000000000", "start")]);
    expect(start).toMatchObject({ status: "fulfilled", value: { state: "manual_review" } });
    expect(approve).toMatchObject({ status: "fulfilled", value: { status: "completed" } });
    expect(refused).toMatchObject({ status: "rejected", reason: { status: 409, code: "event_not_accepted" } });
    expect(unknown).toMatchObject({ status: "rejected", reason: { status: 404 } });
    expect(await getRuntime(t.db, a)).toMatchObject({ status: "completed" });
    expect(await getRuntime(t.db, b)).toMatchObject({ state: "idle", version: 1 });
  });

  it("queue each event's jobs with the trace of the request that sent it", async () => {
    const ids = [await newRuntime("checking"), await newRuntime("checking")];
    await Promise.all(ids.map((id, i) => send(id, "start", `req-grouped-${i}`)));
    for (const [i, id] of ids.entries()) {
      const queued = await t.db.select().from(jobs).where(and(eq(jobs.runtimeId, id), eq(jobs.kind, "api_plugin")));
      expect(queued.map((j) => (j.payload.trace as { requestId?: string } | undefined)?.requestId)).toEqual([`req-grouped-${i}`]);
    }
  });

  it.runIf(onServer)("cost the socket writes of one event: lock, statement and commit once for all of them", async () => {
    await throughCountingRelay(t.url!, 2, async (db, sent) => {
      const ids = await Promise.all([1, 2, 3, 4, 5, 6].map(() => newRuntime("review")));
      const event = (id: string) => sendEvent(db, { projectId: P, runtimeId: id, name: "start", origin: "api", actor });
      // The first use of each statement on a connection describes it first (a round trip of its own).
      await event(ids[0]);
      await Promise.all([event(ids[1]), event(ids[2])]);
      let before = sent();
      await event(ids[3]);
      const alone = sent() - before;
      before = sent();
      await Promise.all([event(ids[4]), event(ids[5])]);
      expect(sent() - before).toBe(alone);
      for (const id of ids) expect(await getRuntime(t.db, id)).toMatchObject({ state: "manual_review" });
    });
  });
});
