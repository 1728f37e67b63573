import { describe, expect, it } from "vitest";
import { count, eq, sql } from "drizzle-orm";
import { testProject } from "../../tests/support/test-project";
import { businesses, runtimeHistory, workflowRuntimes } from "../db/schema";
import { runContext, seedDefinition } from "../../tests/support/seed";
import { inTransaction } from "../db/transaction";
import { startRun, startRuns } from "./start-run";

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

describe("startRuns: one statement for many runs", () => {
  const item = (reg: string, extra: Partial<Parameters<typeof startRun>[1]> = {}) => ({ projectId: P, workflowId: "many", context: runContext("http://127.0.0.1:9", reg, `Many ${reg} Ltd`), actor, ...extra });

  it("answers each item in order: runs start beside an unknown definition and an invalid context, which store nothing", async () => {
    await seedDefinition(t.db, P, { id: "many" });
    const before = await runtimesOf(P);
    const invalid = { ...item("m-3"), context: { entity: { id: "m-3", type: "business" as const, data: { companyName: "X", dateOfIncorporation: "not a date" } }, documents: [] } };
    const outcomes = await startRuns(t.db, [item("m-1"), item("m-2", { workflowId: "no_such_workflow" }), invalid, item("m-4")]);
    expect(outcomes.map((o) => o.ok)).toEqual([true, false, false, true]);
    expect(!outcomes[1].ok && outcomes[1].error).toMatchObject({ code: "not_found", status: 404 });
    expect(!outcomes[2].ok && outcomes[2].error).toMatchObject({ code: "validation_failed", status: 422 });
    expect(await runtimesOf(P)).toBe(before + 2);
    const [first, last] = [outcomes[0], outcomes[3]].map((o) => (o.ok ? o.value : undefined)!);
    expect(first.workflowRuntimeId).not.toBe(last.workflowRuntimeId);
    expect(first.serviceEntityId).not.toBe(last.serviceEntityId);
    for (const [run, reg] of [[first, "m-1"], [last, "m-4"]] as const) {
      expect(run).toMatchObject({ workflowDefinitionId: run.runtime.workflowDefinitionId, runtime: { id: run.workflowRuntimeId, businessId: run.serviceEntityId, state: "idle", version: 1, context: { entity: { data: { registrationNumber: reg } } } } });
      const history = await t.db.select().from(runtimeHistory).where(eq(runtimeHistory.runtimeId, run.workflowRuntimeId));
      expect(history.map((h) => h.kind)).toEqual(["created"]);
      const [entity] = await t.db.select().from(businesses).where(eq(businesses.id, run.serviceEntityId));
      expect(entity).toMatchObject({ companyName: `Many ${reg} Ltd`, registrationNumber: reg });
    }
  });

  it("writes nothing and opens no transaction when every item fails", async () => {
    const before = await runtimesOf(P);
    const outcomes = await startRuns(t.db, [item("x-1", { workflowId: "nope" }), item("x-2", { workflowId: "many", workflowVersion: 9 })]);
    expect(outcomes.map((o) => !o.ok && (o.error as { code: string }).code)).toEqual(["not_found", "not_found"]);
    expect(outcomes.map((o) => !o.ok && (o.error as Error).message)).toEqual([
      "Workflow definition 'nope' was not found in this project.",
      "Workflow definition 'many@9' was not found in this project.",
    ]);
    expect(await runtimesOf(P)).toBe(before);
  });

  it("starts every unpinned run of a batch on a version stored behind the process's back, and keeps a pinned one", async () => {
    await seedDefinition(t.db, P, { id: "many_versions" });
    await startRun(t.db, item("v-0", { workflowId: "many_versions" }));
    await seedDefinition(t.db, P, { id: "many_versions", version: 2 });
    const outcomes = await startRuns(t.db, [item("v-1", { workflowId: "many_versions" }), item("v-2", { workflowId: "many_versions", workflowVersion: 1 }), item("v-3", { workflowId: "many_versions" })]);
    expect(outcomes.map((o) => o.ok && o.value.runtime.workflowDefinitionVersion)).toEqual([2, 1, 2]);
    for (const o of outcomes) {
      const history = await t.db.select().from(runtimeHistory).where(eq(runtimeHistory.runtimeId, o.ok ? o.value.workflowRuntimeId : ""));
      expect(history).toHaveLength(1);
    }
  });

  it("in a transaction (a batch's chunk), stores nothing of a run a version stored behind the process's back refuses, not even its subject", async () => {
    await seedDefinition(t.db, P, { id: "stricter" });
    await startRun(t.db, item("s-0", { workflowId: "stricter" }));
    await seedDefinition(t.db, P, { id: "stricter", version: 2 });
    await t.db.execute(sql`update workflow_definitions set context_schema = ${JSON.stringify({ type: "object", required: ["mustHave"] })}::jsonb
      where project_id = ${P} and id = 'stricter' and version = 2`);
    const accepted = item("s-1", { workflowId: "stricter" });
    const refused = item("s-2", { workflowId: "stricter" });
    const outcomes = await inTransaction(t.db, (tx) => startRuns(tx, [{ ...accepted, context: { ...accepted.context, mustHave: true } }, refused]));
    expect(outcomes[0]).toMatchObject({ ok: true, value: { runtime: { workflowDefinitionVersion: 2 } } });
    expect(outcomes[1]).toMatchObject({ ok: false, error: { status: 422 } });
    const subjects = await t.db.select({ id: businesses.correlationId }).from(businesses).where(eq(businesses.projectId, P));
    expect(subjects.map((b) => b.id)).toContain(accepted.context.entity.id);
    expect(subjects.map((b) => b.id)).not.toContain(refused.context.entity.id);
  });

  it("starts two runs of one entity in one batch, the entity refreshed by the later item", async () => {
    const context = (name: string) => ({ entity: { id: "twice-in-batch", type: "business" as const, data: { companyName: name, registrationNumber: "77" } }, documents: [] });
    const outcomes = await startRuns(t.db, [
      { projectId: P, workflowId: "many", context: context("First Name Ltd"), actor },
      { projectId: P, workflowId: "many", context: context("Second Name Ltd"), actor },
    ]);
    expect(outcomes.map((o) => o.ok)).toEqual([true, true]);
    const [a, b] = outcomes.map((o) => (o.ok ? o.value : undefined)!);
    expect(b.serviceEntityId).toBe(a.serviceEntityId);
    const [row] = await t.db.select().from(businesses).where(eq(businesses.id, a.serviceEntityId));
    expect(row.companyName).toBe("Second Name Ltd");
  });
});
