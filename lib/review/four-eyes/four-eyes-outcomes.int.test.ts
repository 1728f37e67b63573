import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { SessionUser } from "../../auth/session";
import { reviewVotes, runtimeHistory, webhookDeliveries } from "../../db/schema";
import { createDefinition } from "../../definitions/create-definition";
import { queueApprovals } from "../../queues/queue-approvals";
import { openTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { EXAMPLE, getRuntime, seedProject } from "../../../tests/support/seed";
import { reviewCase, seedFourEyesDefinition, seedUser } from "../../../tests/support/four-eyes";
import { decideRuntime } from "../decide-runtime";

// What a four-eyes decision leaves behind: one transition under concurrent approvals, the approvers on the
// completion webhook, the queue's "1 of 2 approvals", and the validator's refusals at their pointers.

const P = "four_eyes_outcomes";
const HOOK = { subscriptions: [{ type: "webhook", url: "https://hooks.example.test/kyc", events: ["workflow.completed", "workflow.state.changed"] }] };
let t: TestDatabase;
let ana: SessionUser, bo: SessionUser, cy: SessionUser;

beforeAll(async () => {
  t = await openTestDatabase();
  await seedProject(t.db, P);
  await seedFourEyesDefinition(t.db, P, "two_approvals", { approvals: 2 });
  [ana, bo, cy] = await Promise.all([seedUser(t.db, P, "Ana"), seedUser(t.db, P, "Bo"), seedUser(t.db, P, "Cy")]);
});
afterAll(() => t?.dispose());

describe("concurrent approvals", () => {
  it("two reviewers casting the second approval at once: exactly one decides, one transition, one completion event", async () => {
    const row = await reviewCase(t.db, P, "two_approvals", undefined, HOOK);
    const { runtime } = await decideRuntime(t.db, { user: ana, runtimeId: row.id, event: "approve", expectedVersion: row.version });
    const results = await Promise.allSettled([bo, cy].map((user) => decideRuntime(t.db, { user, runtimeId: row.id, event: "approve", expectedVersion: runtime.version })));
    const won = results.filter((r) => r.status === "fulfilled");
    const lost = results.filter((r) => r.status === "rejected");
    expect(won).toHaveLength(1);
    expect(won[0].value).toMatchObject({ moved: true, vote: { deciding: true, approvals: 2 } });
    // The loser's page showed the version before the deciding vote: refused, never counted.
    expect(lost[0].reason).toMatchObject({ code: "version_conflict", status: 412 });

    expect(await getRuntime(t.db, row.id)).toMatchObject({ state: "approve", status: "completed", version: runtime.version + 1 });
    const transitions = await t.db.select().from(runtimeHistory).where(and(eq(runtimeHistory.runtimeId, row.id), eq(runtimeHistory.kind, "transition"), eq(runtimeHistory.fromState, "manual_review")));
    expect(transitions).toHaveLength(1);
    expect(await t.db.select().from(reviewVotes).where(eq(reviewVotes.runtimeId, row.id))).toHaveLength(2);
    const completed = await t.db.select().from(webhookDeliveries).where(and(eq(webhookDeliveries.runtimeId, row.id), eq(webhookDeliveries.eventName, "workflow.completed")));
    expect(completed).toHaveLength(1);
  });

  it("two reviewers casting the first approval at once: one vote counts, the other is told the case changed", async () => {
    const row = await reviewCase(t.db, P, "two_approvals");
    const results = await Promise.allSettled([ana, bo].map((user) => decideRuntime(t.db, { user, runtimeId: row.id, event: "approve", expectedVersion: row.version })));
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(await t.db.select().from(reviewVotes).where(eq(reviewVotes.runtimeId, row.id))).toHaveLength(1);
    expect(await getRuntime(t.db, row.id)).toMatchObject({ state: "manual_review", version: row.version + 1 });
  });
});

describe("payloads and queue", () => {
  it("lists the approvers (ids and display names only) on workflow.completed, none on a vote's step", async () => {
    const row = await reviewCase(t.db, P, "two_approvals", undefined, HOOK);
    const first = await decideRuntime(t.db, { user: ana, runtimeId: row.id, event: "approve", expectedVersion: row.version });
    const afterVote = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.runtimeId, row.id));
    await decideRuntime(t.db, { user: bo, runtimeId: row.id, event: "approve", expectedVersion: first.runtime.version });
    const deliveries = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.runtimeId, row.id));
    expect(deliveries.length - afterVote.length).toBe(2);
    const completed = deliveries.find((d) => d.eventName === "workflow.completed")!;
    expect(completed.payload).toMatchObject({ state: "approve", previousState: "manual_review", workflowFinalState: "approved" });
    expect(completed.payload.approvers).toEqual([{ id: ana.id, name: "Ana Tester" }, { id: bo.id, name: "Bo Tester" }]);
    expect(JSON.stringify(completed.payload.approvers)).not.toContain("@");
    expect(deliveries.find((d) => d.eventName === "workflow.state.changed" && d.payload.state === "approve")!.payload).not.toHaveProperty("approvers");
  });

  it("shows the queue's progress, counting the current visit only", async () => {
    const open = await reviewCase(t.db, P, "two_approvals");
    const voted = await reviewCase(t.db, P, "two_approvals");
    await decideRuntime(t.db, { user: cy, runtimeId: voted.id, event: "approve", expectedVersion: voted.version });
    const rows = [open, voted].map((r) => ({ id: r.id, state: r.state, status: r.status, workflow: { id: r.workflowDefinitionId, version: r.workflowDefinitionVersion } }));
    const progress = await queueApprovals(t.db, P, [...rows, { ...rows[0], id: "00000000-0000-4000-8000-000000000000", status: "completed" }]);
    expect([...progress]).toEqual([
      [open.id, { approvals: 0, required: 2 }],
      [voted.id, { approvals: 1, required: 2 }],
    ]);
  });
});

describe("definitions", () => {
  it("refuses a bad meta.review with 422 definition_invalid at its pointer, and stores the valid one", async () => {
    const def = structuredClone(EXAMPLE) as unknown as Parameters<typeof createDefinition>[2] & { definition: { states: Record<string, Record<string, unknown>> } };
    def.id = "four_eyes_defs";
    def.definition.states.manual_review.meta = { review: { approvals: 0, teams: ["senior", ""], quorum: 1 } };
    const problem = await createDefinition(t.db, P, def).catch((e: unknown) => e);
    expect(problem).toMatchObject({ code: "definition_invalid", status: 422 });
    expect((problem as { errors: { path: string }[] }).errors.map((e) => e.path).sort()).toEqual([
      "/definition/states/manual_review/meta/review/approvals",
      "/definition/states/manual_review/meta/review/quorum",
      "/definition/states/manual_review/meta/review/teams/1",
    ]);
    def.definition.states.manual_review.meta = { review: { approvals: 2, teams: ["senior"] } };
    expect(await createDefinition(t.db, P, def)).toMatchObject({ id: "four_eyes_defs", version: 1 });
  });
});
