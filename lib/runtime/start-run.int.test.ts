import { describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { testProject } from "../../tests/support/test-project";
import { businesses, runtimeHistory, workflowRuntimes } from "../db/schema";
import { runContext, seedDefinition } from "../../tests/support/seed";
import { startRun } from "./start-run";

const P = "start-run";
const t = testProject(P, { definitions: [{ id: "versioned" }] });
const actor = { type: "api_key" as const, id: "test" };

const runtimesOf = async (projectId: string) => (await t.db.select({ n: count() }).from(workflowRuntimes).where(eq(workflowRuntimes.projectId, projectId)))[0].n;

describe("startRun", () => {
  it("uses a version stored behind the process's back (another process) for the very next run, and leaves no trace of the stale attempt", async () => {
    const first = await startRun(t.db, { projectId: P, workflowId: "versioned", context: runContext("http://127.0.0.1:9", "1"), actor });
    expect(first.runtime.workflowDefinitionVersion).toBe(1);

    // Written straight to the table, as another app process would: this process's latest-version cache still says 1.
    await seedDefinition(t.db, P, { id: "versioned", version: 2 });
    const second = await startRun(t.db, { projectId: P, workflowId: "versioned", context: runContext("http://127.0.0.1:9", "2"), actor });
    expect(second.runtime.workflowDefinitionVersion).toBe(2);

    expect(await runtimesOf(P)).toBe(2);
    const history = await t.db.select().from(runtimeHistory).where(eq(runtimeHistory.runtimeId, second.workflowRuntimeId));
    expect(history.map((h) => [h.kind, h.payload])).toEqual([["created", { workflowDefinitionVersion: 2 }]]);
  });

  it("keeps an explicitly requested older version", async () => {
    const run = await startRun(t.db, { projectId: P, workflowId: "versioned", workflowVersion: 1, context: runContext("http://127.0.0.1:9", "3"), actor });
    expect(run.runtime.workflowDefinitionVersion).toBe(1);
  });

  it("finds the entity again by the caller's id and refreshes its fields, in the run's one statement", async () => {
    const context = (name: string) => ({ entity: { id: "same-entity", type: "business" as const, data: { companyName: name, registrationNumber: "42" } }, documents: [{ type: "passport" }] });
    const a = await startRun(t.db, { projectId: P, workflowId: "versioned", context: context("Old Name Ltd"), actor });
    const b = await startRun(t.db, { projectId: P, workflowId: "versioned", context: context("New Name Ltd"), actor });
    expect(b.serviceEntityId).toBe(a.serviceEntityId);
    const [row] = await t.db.select().from(businesses).where(eq(businesses.id, a.serviceEntityId));
    expect(row).toMatchObject({ companyName: "New Name Ltd", registrationNumber: "42", correlationId: "same-entity" });
    expect(row.documents).toEqual([expect.objectContaining({ type: "passport", id: expect.any(String) })]);
    expect(b.runtime).toMatchObject({ businessId: a.serviceEntityId, endUserId: null, state: "idle", status: "active", version: 1 });
    expect(b.runtime.createdAt).toBeInstanceOf(Date);
  });

  it("stores nothing when the entity data is invalid", async () => {
    const before = await runtimesOf(P);
    const bad = { entity: { id: "bad-date", type: "business" as const, data: { companyName: "X", dateOfIncorporation: "not a date" } }, documents: [] };
    await expect(startRun(t.db, { projectId: P, workflowId: "versioned", context: bad, actor })).rejects.toMatchObject({ code: "validation_failed" });
    expect(await runtimesOf(P)).toBe(before);
    expect(await t.db.select().from(businesses).where(eq(businesses.correlationId, "bad-date"))).toEqual([]);
  });
});
