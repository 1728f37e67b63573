import { beforeEach, describe, expect, it, vi } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import { currentUser } from "@/lib/auth/session";
import { auditEvents, runtimeHistory } from "@/lib/db/schema";
import { sendEvent } from "@/lib/runtime/send-event";
import { startRun } from "@/lib/runtime/start-run";
import { call } from "@/tests/support/http";
import { SAME_ORIGIN, signInAs } from "@/tests/support/backoffice-session";
import { directReview, getRuntime } from "@/tests/support/seed";
import { testProject } from "@/tests/support/test-project";
import { testUser } from "@/tests/support/users";
import * as assignment from "./[runtimeId]/assignment/route";

// Only the next-auth session lookup is replaced; the handler, the origin check and the database are real.
vi.mock("@/lib/auth/session", () => ({ currentUser: vi.fn() }));

const P = "reassign";
const t = testProject(P, { definitions: [directReview()] });
const admin = testUser(t, P, "ada@reassign.test", "admin");
const rita = testUser(t, P, "rita@reassign.test");
const sam = testUser(t, P, "sam@reassign.test");

const assign = (runtimeId: string, body: Record<string, unknown>) =>
  call(assignment.POST, "POST", `/api/backoffice/cases/${runtimeId}/assignment`, { params: { runtimeId }, body, headers: SAME_ORIGIN });

async function reviewCase() {
  const run = await startRun(t.db, { projectId: P, workflowId: "direct_review", context: { entity: { id: `e-${Math.random()}`, type: "business", data: { companyName: "Acme" } } }, actor: { type: "api_key" } });
  return sendEvent(t.db, { projectId: P, runtimeId: run.workflowRuntimeId, name: "start", origin: "api", actor: { type: "api_key" } });
}

const assignmentRows = (runtimeId: string) =>
  t.db.select().from(runtimeHistory).where(and(eq(runtimeHistory.runtimeId, runtimeId), eq(runtimeHistory.kind, "assignment"))).orderBy(asc(runtimeHistory.id));
const auditRows = (runtimeId: string) =>
  t.db.select().from(auditEvents).where(and(eq(auditEvents.targetId, runtimeId), eq(auditEvents.action, "case.assignment"))).orderBy(asc(auditEvents.id));

beforeEach(() => vi.mocked(currentUser).mockReset());

describe(`reassigning a case needs a reason (${process.env.TEST_DB_KIND})`, () => {
  it("claim and release need none; handing over without a reason is 422 at /reason and stores nothing", async () => {
    const row = await reviewCase();
    signInAs(rita);
    const claimed = await assign(row.id, { assigneeId: rita.id, version: row.version });
    expect(claimed.status).toBe(200);

    for (const reason of [undefined, null, "   "]) {
      const refused = await assign(row.id, { assigneeId: sam.id, reason, version: claimed.json.version });
      expect(refused.status).toBe(422);
      expect(refused.json).toMatchObject({ code: "validation_failed", errors: [{ path: "/reason" }] });
    }
    expect(await getRuntime(t.db, row.id)).toMatchObject({ assigneeId: rita.id, version: claimed.json.version });
    expect(await assignmentRows(row.id)).toHaveLength(1);
    expect(await auditRows(row.id)).toHaveLength(1);

    const handed = await assign(row.id, { assigneeId: sam.id, reason: " Sam speaks Dutch, the documents are in Dutch ", version: claimed.json.version });
    expect(handed.status).toBe(200);
    expect(handed.json).toMatchObject({ assigneeId: sam.id, version: claimed.json.version + 1 });

    signInAs(sam);
    const released = await assign(row.id, { assigneeId: null, version: handed.json.version });
    expect(released.json).toMatchObject({ assigneeId: null });

    const history = await assignmentRows(row.id);
    expect(history.map((h) => h.payload)).toEqual([
      { from: null, to: rita.id },
      { from: rita.id, to: sam.id, reason: "Sam speaks Dutch, the documents are in Dutch" },
      { from: sam.id, to: null },
    ]);
    expect(history[1]).toMatchObject({ actorType: "reviewer", actorId: rita.id });
    const audit = await auditRows(row.id);
    expect(audit.map((a) => a.summary)).toEqual([
      { assigneeId: rita.id },
      { assigneeId: sam.id, previousAssigneeId: rita.id, reason: "Sam speaks Dutch, the documents are in Dutch" },
      { assigneeId: null, previousAssigneeId: sam.id },
    ]);
  });

  it("an admin taking a case from its assignee (to someone, to themself or to no one) needs a reason; assigning a free case does not", async () => {
    const row = await reviewCase();
    signInAs(admin);
    const given = await assign(row.id, { assigneeId: rita.id, version: row.version });
    expect(given.status).toBe(200);
    let version = given.json.version as number;
    for (const to of [sam.id, admin.id, null]) {
      const refused = await assign(row.id, { assigneeId: to, version });
      expect(refused.json).toMatchObject({ status: 422, errors: [{ path: "/reason" }] });
    }
    // Both problems at once: an assignee who cannot take cases and no reason.
    const both = await assign(row.id, { assigneeId: "00000000-0000-4000-8000-000000000000", version });
    expect(both.json.errors.map((e: { path: string }) => e.path)).toEqual(["/assigneeId", "/reason"]);
    expect(await getRuntime(t.db, row.id)).toMatchObject({ assigneeId: rita.id, version });

    const taken = await assign(row.id, { assigneeId: null, reason: "Escalated to the pool", version });
    expect(taken.json).toMatchObject({ assigneeId: null });
    version = taken.json.version;
    // Another reviewer still cannot take a held case, reason or not.
    signInAs(rita);
    await assign(row.id, { assigneeId: rita.id, version });
    signInAs(sam);
    const stolen = await assign(row.id, { assigneeId: sam.id, reason: "mine now", version: version + 1 });
    expect(stolen.json).toMatchObject({ status: 403, code: "forbidden" });
    expect((await assignmentRows(row.id)).at(-2)?.payload).toEqual({ from: rita.id, to: null, reason: "Escalated to the pool" });
  });
});
