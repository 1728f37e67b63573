import { describe, expect, it } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import { filters, jobs, runtimeHistory, teamMembers, teams, workflowRuntimes } from "../db/schema";
import { createFilter } from "../filters";
import { assignRuntime } from "../review/assign-runtime";
import { sendEvent } from "../runtime/send-event";
import { startRun } from "../runtime/start-run";
import { drainJobs } from "../worker/drain";
import { getRuntime, seedDefinition, seedProject } from "../../tests/support/seed";
import { testProject } from "../../tests/support/test-project";
import { insertUser } from "../../tests/support/users";

// Real databases, real jobs run by drainJobs: a case that enters a queue's review state is assigned by its job.
const P = "autoassign";
const actor = { type: "api_key" as const };
const t = testProject(P);

type Role = "admin" | "reviewer" | "auditor";

/** The worked example without its plugins, its `start` going straight to `manual_review`: only assignment jobs run. */
const straightToReview: NonNullable<NonNullable<Parameters<typeof seedDefinition>[2]>["edit"]> = (d) => {
  Object.assign(d.definition.states.idle.on, { start: "manual_review" });
  d.extensions.apiPlugins = [];
};
const user = (projectId: string, email: string, role: Role = "reviewer", active = true) => insertUser(t.db, projectId, email, role, { active });

/** A team of `members`, and a queue of workflow `workflowId`'s `manual_review` cases restricted to it. */
async function queue(projectId: string, workflowId: string, assignment: "round_robin" | "least_loaded", members: { id: string }[] | null) {
  await seedDefinition(t.db, projectId, { id: workflowId, edit: straightToReview });
  let teamIds: string[] = [];
  if (members) {
    const [team] = await t.db.insert(teams).values({ projectId, name: `${workflowId} team` }).returning();
    if (members.length) await t.db.insert(teamMembers).values(members.map((m) => ({ teamId: team.id, userId: m.id, projectId })));
    teamIds = [team.id];
  }
  const where = { workflowDefinitionId: workflowId, state: "manual_review" };
  return createFilter(t.db, projectId, { name: `${workflowId} queue`, entity: "businesses", query: { where }, teamIds, assignment });
}

/** A case of `workflowId` in `idle`; `enter` sends it into `manual_review`. */
async function newCase(projectId: string, workflowId: string) {
  const run = await startRun(t.db, { projectId, workflowId, context: { entity: { id: `e-${Math.random().toString(36).slice(2)}`, type: "business", data: { companyName: "Acme" } } }, actor });
  return run.runtime;
}
const enter = (projectId: string, runtimeId: string) => sendEvent(t.db, { projectId, runtimeId, name: "start", origin: "api", actor });
const drain = (concurrency = 1) => drainJobs(t.db, { budgetMs: 30_000, concurrency, log: () => undefined });
const assigneeOf = async (id: string) => (await getRuntime(t.db, id)).assigneeId;
const assignmentRows = (id: string) =>
  t.db.select().from(runtimeHistory).where(and(eq(runtimeHistory.runtimeId, id), eq(runtimeHistory.kind, "assignment"))).orderBy(asc(runtimeHistory.id));
/** The assignees of `count` new cases of `workflowId`, each sent into `manual_review` and its job run before the next. */
async function assigneesOfNewCases(projectId: string, workflowId: string, count: number): Promise<(string | null)[]> {
  const picks: (string | null)[] = [];
  for (let i = 0; i < count; i++) {
    const c = await newCase(projectId, workflowId);
    await enter(projectId, c.id);
    await drain();
    picks.push(await assigneeOf(c.id));
  }
  return picks;
}
const tally = (ids: (string | null)[]) => ids.reduce<Record<string, number>>((acc, id) => ({ ...acc, [String(id)]: (acc[String(id)] ?? 0) + 1 }), {});

describe(`automatic assignment (${process.env.TEST_DB_KIND})`, () => {
  it("round robin over 10 cases and 3 reviewers: each reviewer gets cases in turn, in e-mail order; auditors and inactive members none", async () => {
    const [cid, ann, bob] = [await user(P, "cid@rr.test"), await user(P, "ann@rr.test"), await user(P, "bob@rr.test")];
    const auditor = await user(P, "aud@rr.test", "auditor");
    const gone = await user(P, "abe@rr.test", "reviewer", false);
    const q = await queue(P, "rr_review", "round_robin", [cid, ann, bob, auditor, gone]);
    const assigned: (string | null)[] = [];
    for (let i = 0; i < 10; i++) {
      const c = await newCase(P, "rr_review");
      await drain();
      expect(await assigneeOf(c.id)).toBeNull(); // in `idle`, which the queue does not show
      await enter(P, c.id);
      await drain();
      assigned.push(await assigneeOf(c.id));
    }
    expect(assigned).toEqual([ann, bob, cid, ann, bob, cid, ann, bob, cid, ann].map((u) => u.id));
    const [row] = await t.db.select().from(filters).where(eq(filters.id, q.id));
    expect(row.lastAssigneeId).toBe(ann.id);
  });

  it("records the assignment as the system's, with the mode and the queue, and bumps the version", async () => {
    const [ria] = [await user(P, "ria@hist.test")];
    const q = await queue(P, "hist_review", "round_robin", [ria]);
    const c = await newCase(P, "hist_review");
    const entered = await enter(P, c.id);
    await drain();
    const after = await getRuntime(t.db, c.id);
    expect(after).toMatchObject({ assigneeId: ria.id, version: entered.version + 1 });
    expect(after.assignedAt).toBeInstanceOf(Date);
    const [row] = await assignmentRows(c.id);
    expect(row).toMatchObject({ actorType: "system", actorId: null, eventName: "assign", toState: "manual_review" });
    expect(row.payload).toEqual({ from: null, to: ria.id, mode: "round_robin", queue: q.id, queueName: "hist_review queue" });
  });

  it("least loaded: the member with the fewest open cases (finished ones do not count), ties in round-robin order", async () => {
    const [lia, lou, lyn] = [await user(P, "lia@ll.test"), await user(P, "lou@ll.test"), await user(P, "lyn@ll.test")];
    await seedDefinition(t.db, P, { id: "ll_other", edit: straightToReview });
    const give = async (to: string, finish = false) => {
      const c = await newCase(P, "ll_other");
      await t.db.update(workflowRuntimes).set({ assigneeId: to, ...(finish ? { status: "completed" as const } : {}) }).where(eq(workflowRuntimes.id, c.id));
    };
    await give(lia.id);
    await give(lia.id);
    await give(lyn.id);
    for (let i = 0; i < 3; i++) await give(lou.id, true);
    await queue(P, "ll_review", "least_loaded", [lia, lou, lyn]);
    const picks = await assigneesOfNewCases(P, "ll_review", 4);
    // Loads lia 2, lou 0, lyn 1 → lou; then 2/1/1 → lyn (after lou); then 2/1/2 → lou; then 2/2/2 → lyn (after lou).
    expect(picks).toEqual([lou.id, lyn.id, lou.id, lyn.id]);
  });

  it("a queue without teams assigns among the project's active reviewers and admins, never an auditor or an inactive user", async () => {
    const Q = "noteams";
    await seedProject(t.db, Q);
    const admin = await user(Q, "amy@noteams.test", "admin");
    const rev = await user(Q, "rex@noteams.test", "reviewer");
    await user(Q, "aaa-auditor@noteams.test", "auditor");
    await user(Q, "aab-gone@noteams.test", "reviewer", false);
    await queue(Q, "nt_review", "round_robin", null);
    const picks = await assigneesOfNewCases(Q, "nt_review", 4);
    expect(picks).toEqual([admin.id, rev.id, admin.id, rev.id]);
  });

  it("a case claimed by a person before its job runs stays with them; one that left the state is not assigned", async () => {
    const [kim, kai] = [await user(P, "kim@claim.test"), await user(P, "kai@claim.test")];
    const q = await queue(P, "claim_review", "round_robin", [kim, kai]);
    const c = await newCase(P, "claim_review");
    await drain();
    const entered = await enter(P, c.id);
    const pending = await t.db.select().from(jobs).where(and(eq(jobs.runtimeId, c.id), eq(jobs.kind, "auto_assign"), eq(jobs.status, "pending")));
    expect(pending).toHaveLength(1);
    await assignRuntime(t.db, { user: kai, runtimeId: c.id, assigneeId: kai.id, expectedVersion: entered.version });
    await drain();
    expect(await assigneeOf(c.id)).toBe(kai.id);
    expect((await assignmentRows(c.id)).map((h) => h.actorType)).toEqual(["reviewer"]);
    const [job] = await t.db.select().from(jobs).where(eq(jobs.id, pending[0].id));
    expect(job.status).toBe("succeeded");
    expect((await t.db.select().from(filters).where(eq(filters.id, q.id)))[0].lastAssigneeId).toBeNull();

    const left = await newCase(P, "claim_review");
    await enter(P, left.id);
    await sendEvent(t.db, { projectId: P, runtimeId: left.id, name: "approve", origin: "api", actor });
    await drain();
    expect(await getRuntime(t.db, left.id)).toMatchObject({ assigneeId: null, status: "completed" });
  });

  it("10 cases entering at once are spread evenly (4, 3, 3): concurrent jobs take turns on the queue's row", async () => {
    const members = [await user(P, "c1@conc.test"), await user(P, "c2@conc.test"), await user(P, "c3@conc.test")];
    await queue(P, "conc_review", "round_robin", members);
    const cases = await Promise.all(Array.from({ length: 10 }, () => newCase(P, "conc_review")));
    await drain(10);
    await Promise.all(cases.map((c) => enter(P, c.id)));
    const summary = await drain(10);
    expect(summary).toMatchObject({ performed: 10, succeeded: 10, failed: 0, retried: 0 });
    const assigned = await Promise.all(cases.map((c) => assigneeOf(c.id)));
    expect(Object.values(tally(assigned)).sort()).toEqual([3, 3, 4]);
    expect(new Set(assigned)).toEqual(new Set(members.map((m) => m.id)));
  });

  it("a run that starts in the queue's state is assigned by its own job; one that starts completed enqueues none", async () => {
    const Q = "startsinreview";
    await seedProject(t.db, Q);
    const reviewer = await user(Q, "sir-reviewer@example.com");
    await queue(Q, "sir_review", "round_robin", null);
    // Its version 2 starts in the review state.
    await seedDefinition(t.db, Q, { id: "sir_review", version: 2, edit: (d) => (straightToReview(d), (d.definition.initial = "manual_review")) });
    const c = await newCase(Q, "sir_review");
    expect(c.state).toBe("manual_review");
    const queued = await t.db.select().from(jobs).where(and(eq(jobs.projectId, Q), eq(jobs.kind, "auto_assign")));
    expect(queued.map((j) => j.payload)).toMatchObject([{ runtimeId: c.id, state: "manual_review" }]);
    await drain();
    expect(await assigneeOf(c.id)).toBe(reviewer.id);

    await seedDefinition(t.db, Q, { id: "sir_done", edit: (d) => (straightToReview(d), (d.definition.initial = "approve")) });
    const done = await newCase(Q, "sir_done");
    expect(done.status).toBe("completed");
    expect(await t.db.select().from(jobs).where(and(eq(jobs.projectId, Q), eq(jobs.kind, "auto_assign"), eq(jobs.runtimeId, done.id)))).toHaveLength(0);
  });

  it("a project without a queue that assigns automatically enqueues no assignment job", async () => {
    const Q = "manualonly";
    await seedProject(t.db, Q);
    await seedDefinition(t.db, Q, { id: "mo_review", edit: straightToReview });
    await createFilter(t.db, Q, { name: "manual", entity: "businesses", query: { where: { state: "manual_review" } } });
    const c = await newCase(Q, "mo_review");
    await enter(Q, c.id);
    expect(await t.db.select().from(jobs).where(and(eq(jobs.projectId, Q), eq(jobs.kind, "auto_assign")))).toHaveLength(0);
  });
});
