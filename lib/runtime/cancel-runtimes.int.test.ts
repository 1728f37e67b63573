import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEvents, runtimeHistory } from "../db/schema";
import { directReview, getRuntime, runContext } from "../../tests/support/seed";
import { testProject } from "../../tests/support/test-project";
import { cancelRuntimes } from "./cancel-runtime";
import { latestRuntimeHistory, runtimeHistoryPage } from "./history-view";
import { sendEvent } from "./send-event";
import { startRun } from "./start-run";

const P = "cancel-runtimes";
const t = testProject(P, { definitions: [directReview()] });
const actor = { type: "api_key" as const, id: "key-7" };

async function newRuntime(reg: string): Promise<string> {
  return (await startRun(t.db, { projectId: P, workflowId: "direct_review", context: runContext("http://127.0.0.1:9", reg), actor })).workflowRuntimeId;
}

describe("cancelRuntimes: a bulk cancel's chunk", () => {
  it("cancels each runtime as a single cancel would, answers in order, and audits the canceled ones for a caller", async () => {
    const [a, b, done] = [await newRuntime("c-1"), await newRuntime("c-2"), await newRuntime("c-3")];
    await sendEvent(t.db, { projectId: P, runtimeId: done, name: "start", origin: "api", actor });
    await sendEvent(t.db, { projectId: P, runtimeId: done, name: "approve", origin: "api", actor });
    const missing = "00000000-0000-4000-8000-00000000000e";

    const outcomes = await cancelRuntimes(t.db, { projectId: P, runtimeIds: [b, missing, done, a], reason: "  portfolio closed  ", actor });

    expect(outcomes.map((o) => o.ok)).toEqual([true, false, false, true]);
    expect(outcomes[0]).toEqual({ ok: true, value: expect.objectContaining({ id: b, status: "canceled" }) });
    expect(!outcomes[1].ok && outcomes[1].error).toMatchObject({ code: "not_found" });
    expect(!outcomes[2].ok && outcomes[2].error).toMatchObject({ code: "runtime_not_active", status: 409 });
    expect((await getRuntime(t.db, done)).status).toBe("completed");
    for (const id of [a, b]) {
      expect(await getRuntime(t.db, id)).toMatchObject({ status: "canceled", state: "idle", version: 2 });
      const rows = await t.db.select().from(runtimeHistory).where(and(eq(runtimeHistory.runtimeId, id), eq(runtimeHistory.kind, "cancel")));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ eventName: "cancel", fromState: "idle", toState: "idle", actorType: "api_key", actorId: "key-7", payload: { reason: "portfolio closed" } });
    }
    const audits = await t.db.select().from(auditEvents).where(and(eq(auditEvents.projectId, P), eq(auditEvents.action, "case.canceled")));
    expect(audits.map((r) => r.targetId).sort()).toEqual([a, b].sort());
    for (const row of audits) expect(row).toMatchObject({ targetType: "runtime", actorType: "api_key", summary: { reason: "portfolio closed" } });
  });

  it("leaves no audit row when the system cancels, and refuses a blank reason before touching anything", async () => {
    const id = await newRuntime("c-4");
    const [outcome] = await cancelRuntimes(t.db, { projectId: P, runtimeIds: [id], reason: "expired", actor: { type: "system" } });
    expect(outcome.ok).toBe(true);
    expect(await t.db.select().from(auditEvents).where(inArray(auditEvents.targetId, [id]))).toEqual([]);
    const other = await newRuntime("c-5");
    await expect(cancelRuntimes(t.db, { projectId: P, runtimeIds: [other], reason: "  ", actor })).rejects.toMatchObject({ code: "validation_failed" });
    expect((await getRuntime(t.db, other)).status).toBe("active");
  });
});

describe("a runtime's timeline", () => {
  it("pages oldest first after a cursor, and shows the latest entries with whether older ones were left out", async () => {
    const id = await newRuntime("h-1");
    await sendEvent(t.db, { projectId: P, runtimeId: id, name: "start", origin: "api", actor });
    await sendEvent(t.db, { projectId: P, runtimeId: id, name: "approve", origin: "api", actor });
    const all = await runtimeHistoryPage(t.db, P, id);
    expect(all.nextCursor).toBeNull();
    const kinds = all.data.map((e) => [e.kind, e.eventName]);
    expect(kinds[0]).toEqual(["created", null]);
    expect(all.data.length).toBeGreaterThanOrEqual(3);
    expect(all.data[1]).toMatchObject({ kind: "transition", eventName: "start", fromState: "idle", toState: "manual_review", actor: { type: "api_key", id: "key-7" }, at: expect.stringMatching(/Z$/) });
    const ids = all.data.map((e) => e.id);
    expect([...ids].sort((x, y) => x - y)).toEqual(ids);

    const first = await runtimeHistoryPage(t.db, P, id, { limit: 2 });
    expect(first.data.map((e) => e.id)).toEqual(ids.slice(0, 2));
    expect(first.nextCursor).toBe(String(ids[1]));
    const rest = await runtimeHistoryPage(t.db, P, id, { after: Number(first.nextCursor), limit: ids.length });
    expect(rest.data.map((e) => e.id)).toEqual(ids.slice(2));
    expect(rest.nextCursor).toBeNull();
    expect((await runtimeHistoryPage(t.db, "another-project", id)).data).toEqual([]);

    const latest = await latestRuntimeHistory(t.db, P, id, 2);
    expect(latest).toEqual({ data: all.data.slice(-2), olderOmitted: true });
    expect(await latestRuntimeHistory(t.db, P, id, ids.length)).toEqual({ data: all.data, olderOmitted: false });
    expect((await latestRuntimeHistory(t.db, "another-project", id, 5)).data).toEqual([]);
  });
});
