import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "../../tests/support/test-database";
import { runtimeHistory, workflowRuntimes } from "../db/schema";
import { startRun } from "../runtime/start-run";
import { runContext, seedDefinition, seedProject } from "../../tests/support/seed";
import { HISTORY_LIMIT, loadRuntimeDetail } from "./runtime-detail";

const P = "case-detail";
let t: TestDatabase;

beforeAll(async () => {
  t = await openTestDatabase();
  await seedProject(t.db, P);
  await seedDefinition(t.db, P);
});
afterAll(() => t?.dispose());

describe("loadRuntimeDetail", () => {
  it("shows the latest entries of a long timeline, oldest first, and says older ones were left out", async () => {
    const run = await startRun(t.db, { projectId: P, workflowId: "kyb_manual_review_example", context: runContext("http://127.0.0.1:9", "1"), actor: { type: "api_key", id: "k" } });
    const extra = HISTORY_LIMIT + 4;
    await t.db.insert(runtimeHistory).values(
      Array.from({ length: extra }, (_, i) => ({ projectId: P, runtimeId: run.workflowRuntimeId, kind: "event_ignored" as const, eventName: `e${i}`, actorType: "system" as const })),
    );
    const detail = (await loadRuntimeDetail(t.db, P, run.workflowRuntimeId))!;
    expect(detail.historyTruncated).toBe(true);
    expect(detail.history).toHaveLength(HISTORY_LIMIT);
    // The creation row and the first four events are the ones left out; the newest is last.
    expect(detail.history[0].eventName).toBe("e4");
    expect(detail.history.at(-1)!.eventName).toBe(`e${extra - 1}`);
    expect(detail.awaitingPlugin).toBe(false);
  });

  it("shows a short timeline whole", async () => {
    const run = await startRun(t.db, { projectId: P, workflowId: "kyb_manual_review_example", context: runContext("http://127.0.0.1:9", "2"), actor: { type: "api_key", id: "k" } });
    const detail = (await loadRuntimeDetail(t.db, P, run.workflowRuntimeId))!;
    expect(detail.historyTruncated).toBe(false);
    expect(detail.history.map((h) => h.kind)).toEqual(["created"]);
    expect(detail.deadline).toEqual({ dueAt: null, dueWarnAt: null });
  });

  it("carries the current state's review deadline and warning as ISO instants", async () => {
    const run = await startRun(t.db, { projectId: P, workflowId: "kyb_manual_review_example", context: runContext("http://127.0.0.1:9", "3"), actor: { type: "api_key", id: "k" } });
    const due = "2026-05-03T10:00:00.000Z";
    await t.db.update(workflowRuntimes).set({ dueAt: new Date(due), dueWarnAt: new Date("2026-05-02T22:00:00.000Z") }).where(eq(workflowRuntimes.id, run.workflowRuntimeId));
    const detail = (await loadRuntimeDetail(t.db, P, run.workflowRuntimeId))!;
    expect(detail.deadline).toEqual({ dueAt: due, dueWarnAt: "2026-05-02T22:00:00.000Z" });
  });
});
