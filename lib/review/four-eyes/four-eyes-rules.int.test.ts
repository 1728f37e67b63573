import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { SessionUser } from "../../auth/session";
import { reviewVotes, runtimeHistory } from "../../db/schema";
import { loadRuntimeView } from "../../runtime/runtime-view";
import { patchContext } from "../../runtime/patch-context";
import { sendEvent } from "../../runtime/send-event";
import { openTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { getRuntime, seedProject } from "../../../tests/support/seed";
import { reviewCase, seedFourEyesDefinition, seedTeam, seedUser, storedTrail } from "../../../tests/support/four-eyes";
import { decideRuntime } from "../decide-runtime";

// The four-eyes rules of a state with meta.review, each against the real database: what moves the case, what is
// refused with 403 four_eyes_required, and that a refusal stores nothing.

const P = "four_eyes";
let t: TestDatabase;
let admin: SessionUser, ana: SessionUser, bo: SessionUser, cy: SessionUser, auditor: SessionUser;

const decide = (user: SessionUser, runtimeId: string, event: string, expectedVersion: number, reason?: string) => decideRuntime(t.db, { user, runtimeId, event, reason, expectedVersion });
const refused = (rule: RegExp) => expect.objectContaining({ code: "four_eyes_required", status: 403, message: expect.stringMatching(rule) });

beforeAll(async () => {
  t = await openTestDatabase();
  await seedProject(t.db, P);
  await seedFourEyesDefinition(t.db, P, "two_approvals", { approvals: 2 });
  await seedFourEyesDefinition(t.db, P, "two_rejections", { approvals: 2, rejections: 2 });
  await seedFourEyesDefinition(t.db, P, "self_allowed", { approvals: 2, allowSelfApproval: true });
  await seedFourEyesDefinition(t.db, P, "senior_only", { approvals: 1, teams: ["senior"] });
  [admin, ana, bo, cy, auditor] = await Promise.all([seedUser(t.db, P, "Admin", "admin"), seedUser(t.db, P, "Ana"), seedUser(t.db, P, "Bo"), seedUser(t.db, P, "Cy"), seedUser(t.db, P, "Aud", "auditor")]);
  await seedTeam(t.db, P, "Senior", [ana]);
});
afterAll(() => t?.dispose());

describe("approvals", () => {
  it("moves the case only when two different people approved; neither needs to be the assignee", async () => {
    const row = await reviewCase(t.db, P, "two_approvals");
    const first = await decide(ana, row.id, "approve", row.version);
    expect(first).toMatchObject({ moved: false, vote: { kind: "approve", deciding: false, approvals: 1 } });
    expect(first.runtime).toMatchObject({ state: "manual_review", status: "active", version: row.version + 1, assigneeId: null });
    const view = await loadRuntimeView(t.db, first.runtime);
    expect(view.review).toMatchObject({ state: "manual_review", required: { approvals: 2, rejections: 1 }, teams: [], allowSelfApproval: false, rejections: [] });
    expect(view.review!.approvals).toEqual([{ userId: ana.id, name: "Ana Tester", reason: null, at: expect.stringMatching(/Z$/) }]);

    const second = await decide(bo, row.id, "approve", first.runtime.version);
    expect(second).toMatchObject({ moved: true, vote: { deciding: true, approvals: 2, approvers: [{ id: ana.id, name: "Ana Tester" }, { id: bo.id, name: "Bo Tester" }] } });
    expect(second.runtime).toMatchObject({ state: "approve", status: "completed", workflowFinalState: "approved" });
    expect(second.runtime.context.review).toMatchObject({ decision: "approve", reviewerId: bo.id, approverIds: [ana.id, bo.id] });
    expect((await loadRuntimeView(t.db, second.runtime)).review).toBeNull();

    const { votes, history, audit } = await storedTrail(t.db, row.id);
    expect(votes.map((v) => [v.userId, v.vote, v.state, v.stateEnteredVersion])).toEqual([[ana.id, "approve", "manual_review", 1], [bo.id, "approve", "manual_review", 1]]);
    const decisions = history.filter((h) => h.kind === "decision");
    expect(decisions.map((h) => h.payload)).toMatchObject([
      { decision: "approve", applied: false, override: false, vote: "approve", approvals: 1, required: { approvals: 2, rejections: 1 } },
      { decision: "approve", applied: true, override: false, vote: "approve", approvals: 2 },
    ]);
    expect(history.filter((h) => h.kind === "transition" && h.fromState === "manual_review").map((h) => h.toState)).toEqual(["approve"]);
    expect(audit.map((a) => [a.action, a.actorId, a.summary])).toEqual([
      ["case.vote", ana.id, expect.objectContaining({ event: "approve", vote: "approve", deciding: false, moved: false, approvals: 1 })],
      ["case.vote", bo.id, expect.objectContaining({ event: "approve", vote: "approve", deciding: true, moved: true, approvals: 2 })],
    ]);
  });

  it("refuses a second vote by the same person, of either kind, and stores nothing", async () => {
    const row = await reviewCase(t.db, P, "two_approvals");
    const { runtime } = await decide(ana, row.id, "approve", row.version);
    const before = await storedTrail(t.db, row.id);
    await expect(decide(ana, row.id, "approve", runtime.version)).rejects.toEqual(refused(/You already approved this case in state 'manual_review'/));
    await expect(decide(ana, row.id, "reject", runtime.version, "changed my mind")).rejects.toEqual(refused(/You already approved/));
    expect(await storedTrail(t.db, row.id)).toEqual(before);
    expect(await getRuntime(t.db, row.id)).toMatchObject({ state: "manual_review", version: runtime.version });
  });

  it("refuses the approval of the person who created the case, first or deciding; they may still reject", async () => {
    const row = await reviewCase(t.db, P, "two_approvals", { type: "reviewer", id: cy.id });
    await expect(decide(cy, row.id, "approve", row.version)).rejects.toEqual(refused(/You created this case, so your approval cannot count \(four-eyes rule: meta.review.allowSelfApproval is false\)/));
    const { runtime } = await decide(ana, row.id, "approve", row.version);
    const before = await storedTrail(t.db, row.id);
    await expect(decide(cy, row.id, "approve", runtime.version)).rejects.toEqual(refused(/You created this case/));
    expect(await storedTrail(t.db, row.id)).toEqual(before);
    const rejected = await decide(cy, row.id, "reject", runtime.version, "The register extract is forged");
    expect(rejected.runtime).toMatchObject({ state: "reject", workflowFinalState: "rejected" });
  });

  it("refuses the approval of a reviewer who changed the case's data, unless allowSelfApproval", async () => {
    const row = await reviewCase(t.db, P, "two_approvals");
    const edited = await patchContext(t.db, { projectId: P, runtimeId: row.id, patch: { entity: { data: { companyName: "Acme Ltd" } } }, actor: { type: "reviewer", id: bo.id }, expectedVersion: row.version });
    await expect(decide(bo, row.id, "approve", edited.version)).rejects.toEqual(refused(/You changed this case's data/));

    const own = await reviewCase(t.db, P, "self_allowed", { type: "reviewer", id: cy.id });
    const first = await decide(cy, own.id, "approve", own.version);
    expect(first.vote).toMatchObject({ deciding: false, approvals: 1 });
    expect((await decide(ana, own.id, "approve", first.runtime.version)).runtime.state).toBe("approve");
  });

  it("holds admins to the same rules: no override, one vote, and their approval alone does not decide", async () => {
    const row = await reviewCase(t.db, P, "two_approvals", { type: "reviewer", id: admin.id });
    await expect(decide(admin, row.id, "approve", row.version)).rejects.toEqual(refused(/You created this case/));
    const other = await reviewCase(t.db, P, "two_approvals");
    const first = await decide(admin, other.id, "approve", other.version);
    expect(first).toMatchObject({ moved: false, vote: { approvals: 1 } });
    await expect(decide(admin, other.id, "approve", first.runtime.version)).rejects.toEqual(refused(/already approved/));
    await expect(decide(auditor, other.id, "approve", first.runtime.version)).rejects.toMatchObject({ code: "forbidden", status: 403 });
  });
});

describe("teams and rejections", () => {
  it("refuses anyone outside the state's teams (names match case-insensitively), admins included, for any decision", async () => {
    const row = await reviewCase(t.db, P, "senior_only");
    const before = await storedTrail(t.db, row.id);
    for (const [user, event] of [[bo, "approve"], [admin, "approve"], [bo, "revision"]] as const) {
      await expect(decide(user, row.id, event, row.version, "needs a look")).rejects.toEqual(refused(/Only members of the team 'senior' may decide cases in state 'manual_review' \(four-eyes rule: meta.review.teams\)/));
    }
    expect(await storedTrail(t.db, row.id)).toEqual(before);
    const { runtime, moved } = await decide(ana, row.id, "approve", row.version);
    expect(moved).toBe(true);
    expect(runtime.state).toBe("approve");
  });

  it("rejects with one rejection by default, with `rejections` votes when the rule says so", async () => {
    const row = await reviewCase(t.db, P, "two_approvals");
    const { runtime } = await decide(ana, row.id, "approve", row.version);
    const rejected = await decide(bo, row.id, "reject", runtime.version, "Sanctions hit");
    expect(rejected).toMatchObject({ moved: true, vote: { kind: "reject", deciding: true, approvals: 1, rejections: 1, approvers: [] } });
    expect(rejected.runtime).toMatchObject({ state: "reject", workflowFinalState: "rejected" });

    const strict = await reviewCase(t.db, P, "two_rejections");
    const one = await decide(ana, strict.id, "reject", strict.version, "Sanctions hit");
    expect(one).toMatchObject({ moved: false, runtime: { state: "manual_review" } });
    expect((await loadRuntimeView(t.db, one.runtime)).review!.rejections).toEqual([expect.objectContaining({ userId: ana.id, reason: "Sanctions hit" })]);
    expect((await decide(bo, strict.id, "reject", one.runtime.version, "Confirmed")).runtime.state).toBe("reject");
  });
});

describe("visits and other paths", () => {
  it("counts only the votes of the current visit: after a revision the state is voted afresh", async () => {
    const row = await reviewCase(t.db, P, "two_approvals");
    const first = await decide(ana, row.id, "approve", row.version);
    // A revision request is no vote: one eligible reviewer sends the case back, assigned or not.
    const back = await decide(bo, row.id, "revision", first.runtime.version, "Upload a newer extract");
    expect(back.runtime.state).toBe("revision");
    const again = await sendEvent(t.db, { projectId: P, runtimeId: row.id, name: "data_updated", origin: "api", actor: { type: "api_key", id: "test" } });
    expect((await loadRuntimeView(t.db, again)).review!.approvals).toEqual([]);
    const revote = await decide(ana, row.id, "approve", again.version);
    expect(revote).toMatchObject({ moved: false, vote: { approvals: 1 } });
    const votes = await t.db.select().from(reviewVotes).where(and(eq(reviewVotes.runtimeId, row.id), eq(reviewVotes.userId, ana.id)));
    expect(votes.map((v) => v.stateEnteredVersion).sort()).toEqual([1, 2]);
  });

  it("refuses an approval or rejection sent as an event through the API; other events pass", async () => {
    const row = await reviewCase(t.db, P, "two_approvals");
    const api = { type: "api_key" as const, id: "test" };
    for (const name of ["approve", "reject"]) {
      await expect(sendEvent(t.db, { projectId: P, runtimeId: row.id, name, origin: "api", actor: api })).rejects.toEqual(refused(/State 'manual_review' is decided by reviewers' votes \(four-eyes rule, meta.review: 2 approvals, 1 rejection\)/));
    }
    const history = await t.db.select().from(runtimeHistory).where(eq(runtimeHistory.runtimeId, row.id));
    expect(history.some((h) => h.eventName === "approve" || h.eventName === "reject")).toBe(false);
    expect((await sendEvent(t.db, { projectId: P, runtimeId: row.id, name: "revision", origin: "api", actor: api })).state).toBe("revision");
  });
});
