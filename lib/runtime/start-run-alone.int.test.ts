import { describe, expect, it } from "vitest";
import { and, count, eq, sql } from "drizzle-orm";
import { testProject } from "../../tests/support/test-project";
import { countingRelay } from "../../tests/support/counting-relay";
import { runContext, seedDefinition, seedProject } from "../../tests/support/seed";
import { rejection } from "../../tests/support/thrown";
import { openPostgres } from "../db/open";
import { businesses, webhookDeliveries, webhookSubscriptions, workflowRuntimes } from "../db/schema";
import { startRun } from "./start-run";

// A run nobody's webhook hears is written by its statement alone, without a transaction (start-run.ts, `writeAlone`).
const P = "start-run-alone";
const t = testProject(P, { definitions: [{ id: "quiet" }, { id: "moving" }] });
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
    const relay = await countingRelay(t.url!);
    const handle = await openPostgres(relay.url, { max: 1 });
    try {
      const run = (n: string) => startRun(handle.db, { projectId: P, workflowId: "quiet", context: runContext("http://127.0.0.1:9", n), actor });
      // The first use of a statement on a connection describes it first (a round trip of its own).
      await run("20");
      const before = relay.sent();
      const written = await run("21");
      expect(relay.sent() - before).toBe(1);
      const [row] = await t.db.select().from(workflowRuntimes).where(eq(workflowRuntimes.id, written.workflowRuntimeId));
      expect(row).toMatchObject({ state: written.runtime.state, businessId: written.serviceEntityId });
    } finally {
      await handle.close();
      relay.close();
    }
  });
});
