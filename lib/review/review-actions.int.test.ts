import { beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import { runtimeHistory } from "../db/schema";
import { startRun } from "../runtime/start-run";
import { sendEvent } from "../runtime/send-event";
import { directReview, getRuntime } from "../../tests/support/seed";
import { testProject } from "../../tests/support/test-project";
import { insertUser, type TestUser } from "../../tests/support/users";
import { assignRuntime } from "./assign-runtime";
import { decideRuntime } from "./decide-runtime";
import { decideDocument } from "./decide-document";

const P = "cases";
const t = testProject(P, { definitions: [directReview()] });
let admin: TestUser;
let rita: TestUser;
let sam: TestUser;

/** A case in `manual_review` (this definition's `start` goes straight there, no vendor needed). */
async function reviewCase(documents: Record<string, unknown>[] = []) {
  const run = await startRun(t.db, {
    projectId: P,
    workflowId: "direct_review",
    context: { entity: { id: `e-${Math.random()}`, type: "business", data: { companyName: "Acme" } }, documents },
    actor: { type: "api_key" },
  });
  return sendEvent(t.db, { projectId: P, runtimeId: run.workflowRuntimeId, name: "start", origin: "api", actor: { type: "api_key" } });
}

beforeAll(async () => {
  admin = await insertUser(t.db, P, "admin@cases.test", "admin");
  rita = await insertUser(t.db, P, "rita@cases.test");
  sam = await insertUser(t.db, P, "sam@cases.test");
});

describe("assignRuntime", () => {
  it("lets a reviewer take an unassigned case, refuses others, and bumps the version with a history row", async () => {
    const row = await reviewCase();
    await expect(assignRuntime(t.db, { user: rita, runtimeId: row.id, assigneeId: sam.id, expectedVersion: row.version })).rejects.toMatchObject({ status: 403 });
    const taken = await assignRuntime(t.db, { user: rita, runtimeId: row.id, assigneeId: rita.id, expectedVersion: row.version });
    expect(taken).toMatchObject({ assigneeId: rita.id, version: row.version + 1 });
    expect(taken.assignedAt).toBeInstanceOf(Date);
    await expect(assignRuntime(t.db, { user: sam, runtimeId: row.id, assigneeId: sam.id, expectedVersion: taken.version })).rejects.toMatchObject({ status: 403 });
    await expect(assignRuntime(t.db, { user: admin, runtimeId: row.id, assigneeId: sam.id, expectedVersion: row.version })).rejects.toMatchObject({ code: "version_conflict", status: 412 });
    await expect(assignRuntime(t.db, { user: admin, runtimeId: row.id, assigneeId: "00000000-0000-4000-8000-000000000000", expectedVersion: taken.version })).rejects.toMatchObject({ status: 422 });
    const handed = await assignRuntime(t.db, { user: admin, runtimeId: row.id, assigneeId: sam.id, reason: "Rita is on leave", expectedVersion: taken.version });
    expect(handed.assigneeId).toBe(sam.id);
    const history = await t.db.select().from(runtimeHistory).where(and(eq(runtimeHistory.runtimeId, row.id), eq(runtimeHistory.kind, "assignment"))).orderBy(asc(runtimeHistory.id));
    expect(history.map((h) => h.payload)).toEqual([{ from: null, to: rita.id }, { from: rita.id, to: sam.id, reason: "Rita is on leave" }]);
    expect(history[1]).toMatchObject({ actorType: "reviewer", actorId: admin.id });
  });
});

describe("decideRuntime", () => {
  it("requires the assignee (admins override), the seen version and a reason to reject", async () => {
    const row = await reviewCase();
    await expect(decideRuntime(t.db, { user: rita, runtimeId: row.id, event: "approve", expectedVersion: row.version })).rejects.toMatchObject({ code: "not_assignee", status: 403 });
    const mine = await assignRuntime(t.db, { user: rita, runtimeId: row.id, assigneeId: rita.id, expectedVersion: row.version });
    await expect(decideRuntime(t.db, { user: rita, runtimeId: row.id, event: "approve", expectedVersion: row.version })).rejects.toMatchObject({ code: "version_conflict" });
    await expect(decideRuntime(t.db, { user: rita, runtimeId: row.id, event: "reject", reason: "  ", expectedVersion: mine.version })).rejects.toMatchObject({ status: 422 });
    await expect(decideRuntime(t.db, { user: rita, runtimeId: row.id, event: "aprove", expectedVersion: mine.version })).rejects.toMatchObject({ code: "event_not_accepted" });

    const { runtime, moved } = await decideRuntime(t.db, { user: rita, runtimeId: row.id, event: "reject", reason: "Forged extract", expectedVersion: mine.version });
    expect(moved).toBe(true);
    expect(runtime).toMatchObject({ state: "reject", status: "completed", workflowFinalState: "rejected", version: mine.version + 1 });
    expect(runtime.context.review).toMatchObject({ decision: "reject", reason: "Forged extract", reviewerId: rita.id });
    const history = await t.db.select().from(runtimeHistory).where(eq(runtimeHistory.runtimeId, row.id)).orderBy(asc(runtimeHistory.id));
    const decision = history.findIndex((h) => h.kind === "decision");
    expect(history[decision]).toMatchObject({ eventName: "reject", actorId: rita.id, payload: { decision: "reject", reason: "Forged extract", override: false, applied: true } });
    expect(history[decision + 1]).toMatchObject({ kind: "transition", fromState: "manual_review", toState: "reject", payload: { reason: "Forged extract" } });
  });

  it("records an admin's decision on someone else's case as an override", async () => {
    const row = await reviewCase();
    const assigned = await assignRuntime(t.db, { user: sam, runtimeId: row.id, assigneeId: sam.id, expectedVersion: row.version });
    const { runtime } = await decideRuntime(t.db, { user: admin, runtimeId: row.id, event: "approve", expectedVersion: assigned.version });
    expect(runtime).toMatchObject({ state: "approve", workflowFinalState: "approved" });
    const [decision] = await t.db.select().from(runtimeHistory).where(and(eq(runtimeHistory.runtimeId, row.id), eq(runtimeHistory.kind, "decision")));
    expect(decision.payload).toMatchObject({ override: true });
  });
});

describe("decideRuntime with documents sent back", () => {
  it("marks each named document for revision with its reason in the step that moves the case", async () => {
    const row = await reviewCase([
      { id: "poa", category: "proof_of_address", type: "bill", pages: [] },
      { id: "coi", category: "registration", type: "certificate", pages: [] },
    ]);
    const mine = await assignRuntime(t.db, { user: rita, runtimeId: row.id, assigneeId: rita.id, expectedVersion: row.version });
    const send = (documents: { documentId: string; reason: string }[], event = "revision") =>
      decideRuntime(t.db, { user: rita, runtimeId: row.id, event, reason: "Please correct", documents, expectedVersion: mine.version });
    await expect(send([{ documentId: "poa", reason: " " }])).rejects.toMatchObject({ status: 422, errors: [{ path: "/documents/0/reason" }] });
    await expect(send([{ documentId: "poa", reason: "Old" }], "approve")).rejects.toMatchObject({ status: 422 });
    await expect(send([{ documentId: "nope", reason: "Old" }])).rejects.toMatchObject({ status: 404 });
    expect((await getRuntime(t.db, row.id)).version).toBe(mine.version);
    const { runtime } = await send([{ documentId: "poa", reason: "The bill is older than three months" }]);
    expect(runtime).toMatchObject({ state: "revision", version: mine.version + 1 });
    const [poa, coi] = runtime.context.documents as Record<string, unknown>[];
    expect(poa.decision).toMatchObject({ status: "revision", revisionReason: "The bill is older than three months", decidedBy: rita.id });
    expect(coi.decision).toBeUndefined();
    const history = await t.db.select().from(runtimeHistory).where(and(eq(runtimeHistory.runtimeId, row.id), eq(runtimeHistory.kind, "decision"))).orderBy(asc(runtimeHistory.id));
    expect(history.map((h) => h.eventName)).toEqual(["document.decision", "revision"]);
  });
});

describe("decideDocument", () => {
  it("stores the decision on the document through the locked path", async () => {
    const row = await reviewCase([{ category: "proof_of_address", type: "bill", pages: [] }]);
    const docId = (row.context.documents as { id: string }[])[0].id;
    const mine = await assignRuntime(t.db, { user: rita, runtimeId: row.id, assigneeId: rita.id, expectedVersion: row.version });
    await expect(decideDocument(t.db, { user: rita, runtimeId: row.id, documentId: docId, status: "revision", expectedVersion: mine.version })).rejects.toMatchObject({ status: 422 });
    await expect(decideDocument(t.db, { user: rita, runtimeId: row.id, documentId: "nope", status: "approved", expectedVersion: mine.version })).rejects.toMatchObject({ status: 404 });
    const updated = await decideDocument(t.db, { user: rita, runtimeId: row.id, documentId: docId, status: "revision", reason: "Too old", expectedVersion: mine.version });
    expect(updated).toMatchObject({ state: "manual_review", version: mine.version + 1 });
    expect((updated.context.documents as Record<string, unknown>[])[0].decision).toMatchObject({ status: "revision", revisionReason: "Too old", rejectionReason: null, decidedBy: rita.id });
    expect((await getRuntime(t.db, row.id)).version).toBe(mine.version + 1);
    await expect(decideDocument(t.db, { user: sam, runtimeId: row.id, documentId: docId, status: "approved", expectedVersion: updated.version })).rejects.toMatchObject({ code: "not_assignee" });
  });
});
