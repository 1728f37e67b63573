import { describe, expect, it } from "vitest";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import { testProject } from "../../tests/support/test-project";
import { throughCountingRelay } from "../../tests/support/counting-relay";
import { runContext, seedDefinition, seedProject } from "../../tests/support/seed";
import { rejection } from "../../tests/support/thrown";
import { businesses, jobs, webhookDeliveries, webhookSubscriptions, workflowRuntimes } from "../db/schema";
import { newScope, runInScope } from "../observability/request-scope";
import { startRun } from "./start-run";

// A run nobody's webhook hears is written by its statement alone, without a transaction (start-run.ts, `writeAlone`),
// and the runs of a project started in one turn of the event loop share that statement (`groupPerTurn`).
const P = "start-run-alone";
// "checking" starts in the state with the vendor call: its runs queue a job at once.
const checking = { id: "checking", edit: (d: { definition: { initial: string } }) => void (d.definition.initial = "check_business_details") };
const t = testProject(P, { definitions: [{ id: "quiet" }, { id: "moving" }, checking] });
const actor = { type: "api_key" as const, id: "test" };
const onServer = process.env.TEST_DB_KIND === "postgres";

const deliveriesOf = async (runtimeId: string) =>
  (await t.db.select({ n: count() }).from(webhookDeliveries).where(eq(webhookDeliveries.runtimeId, runtimeId)))[0].n;

describe("a run written by its statement alone", () => {
  it("still writes the delivery of a subscription another process created after this process's last run", async () => {
    const heard = "start-run-alone-heard";
    await seedProject(t.db, heard);
    await seedDefinition(t.db, heard, { id: "heard" });
    const before = await startRun(t.db, { projectId: heard, workflowId: "heard", context: runContext("http://127.0.0.1:9", "1"), actor });
    expect(await deliveriesOf(before.workflowRuntimeId)).toBe(0);

    // An inactive subscription, and one to other events, deliver nothing: the run still goes alone.
    await t.db.insert(webhookSubscriptions).values([
      { projectId: heard, level: "project", url: "https://receiver.example/off", events: ["workflow.state.changed"], active: false },
      { projectId: heard, level: "project", url: "https://receiver.example/other", events: ["workflow.completed"] },
    ]);
    const unheard = await startRun(t.db, { projectId: heard, workflowId: "heard", context: runContext("http://127.0.0.1:9", "2"), actor });
    expect(await deliveriesOf(unheard.workflowRuntimeId)).toBe(0);

    // Written straight to the table, as another process would: this process has seen no subscriber yet.
    await t.db.insert(webhookSubscriptions).values({ projectId: heard, level: "project", url: "https://receiver.example/hook", events: ["workflow.state.changed"] });
    const after = await startRun(t.db, { projectId: heard, workflowId: "heard", context: runContext("http://127.0.0.1:9", "3"), actor });
    expect(await deliveriesOf(after.workflowRuntimeId)).toBe(1);
    // Once the process knows, the next run takes the transaction at once; its delivery is written the same.
    const next = await startRun(t.db, { projectId: heard, workflowId: "heard", context: runContext("http://127.0.0.1:9", "4"), actor });
    expect(await deliveriesOf(next.workflowRuntimeId)).toBe(1);
  });

  it("stores nothing, not even the subject, when a version stored behind the process's back refuses the context", async () => {
    await startRun(t.db, { projectId: P, workflowId: "moving", context: runContext("http://127.0.0.1:9", "10"), actor });
    await seedDefinition(t.db, P, { id: "moving", version: 2 });
    await t.db.execute(sql`update workflow_definitions set context_schema = ${JSON.stringify({ type: "object", required: ["mustHave"] })}::jsonb
      where project_id = ${P} and id = 'moving' and version = 2`);

    const context = { ...runContext("http://127.0.0.1:9", "11"), entity: { id: "refused-subject", type: "business" as const, data: { companyName: "Refused Ltd" } } };
    const refused = await rejection(startRun(t.db, { projectId: P, workflowId: "moving", context, actor }));
    expect(refused).toMatchObject({ status: 422 });
    expect(await t.db.select().from(businesses).where(and(eq(businesses.projectId, P), eq(businesses.correlationId, "refused-subject")))).toEqual([]);

    const accepted = await startRun(t.db, { projectId: P, workflowId: "moving", context: { ...context, mustHave: true }, actor });
    expect(accepted.runtime.workflowDefinitionVersion).toBe(2);
  });

  it.runIf(onServer)("reaches PostgreSQL in one socket write when nobody subscribes (a transaction takes two)", async () => {
    await throughCountingRelay(t.url!, 1, async (db, sent) => {
      const run = (n: string) => startRun(db, { projectId: P, workflowId: "quiet", context: runContext("http://127.0.0.1:9", n), actor });
      // The first use of a statement on a connection describes it first (a round trip of its own).
      await run("20");
      const before = sent();
      const written = await run("21");
      expect(sent() - before).toBe(1);
      const [row] = await t.db.select().from(workflowRuntimes).where(eq(workflowRuntimes.id, written.workflowRuntimeId));
      expect(row).toMatchObject({ state: written.runtime.state, businessId: written.serviceEntityId });
    });
  });
});

describe("runs started in one turn of the event loop", () => {
  it("answer each on its own: the valid ones start, an invalid context and an unknown definition fail alone, and each run's jobs carry its own request", async () => {
    const start = (requestId: string, workflowId: string, context: Parameters<typeof startRun>[1]["context"]) =>
      runInScope(newScope(requestId), () => startRun(t.db, { projectId: P, workflowId, context, actor }));
    const [a, invalid, unknown, b] = await Promise.allSettled([
      start("req-a", "checking", runContext("http://127.0.0.1:9", "30")),
      start("req-invalid", "quiet", { entity: { id: "grouped-bad-date", type: "business" as const, data: { companyName: "X", dateOfIncorporation: "not a date" } }, documents: [] }),
      start("req-unknown", "no_such_definition", runContext("http://127.0.0.1:9", "32")),
      start("req-b", "checking", runContext("http://127.0.0.1:9", "33")),
    ]);
    expect(invalid).toMatchObject({ status: "rejected", reason: { status: 422 } });
    expect(await t.db.select().from(businesses).where(eq(businesses.correlationId, "grouped-bad-date"))).toEqual([]);
    expect(unknown).toMatchObject({ status: "rejected", reason: { status: 404 } });
    if (a.status !== "fulfilled" || b.status !== "fulfilled") throw new Error("the valid runs did not start");
    expect(a.value.workflowRuntimeId).not.toBe(b.value.workflowRuntimeId);
    for (const [run, requestId] of [[a.value, "req-a"], [b.value, "req-b"]] as const) {
      const [row] = await t.db.select().from(workflowRuntimes).where(eq(workflowRuntimes.id, run.workflowRuntimeId));
      expect(row.businessId).toBe(run.serviceEntityId);
      const queued = await t.db.select().from(jobs).where(eq(jobs.runtimeId, run.workflowRuntimeId));
      expect(queued.length).toBeGreaterThan(0);
      expect(queued.map((j) => (j.payload.trace as { requestId?: string } | undefined)?.requestId)).toEqual(queued.map(() => requestId));
    }
  });

  it.runIf(onServer)("share one statement: two runs, one socket write", async () => {
    await throughCountingRelay(t.url!, 2, async (db, sent) => {
      const run = (n: string) => startRun(db, { projectId: P, workflowId: "quiet", context: runContext("http://127.0.0.1:9", n), actor });
      await run("40");
      const before = sent();
      const [first, second] = await Promise.all([run("41"), run("42")]);
      expect(sent() - before).toBe(1);
      const stored = await t.db.select({ id: workflowRuntimes.id }).from(workflowRuntimes).where(inArray(workflowRuntimes.id, [first.workflowRuntimeId, second.workflowRuntimeId]));
      expect(stored).toHaveLength(2);
    });
  });
});
