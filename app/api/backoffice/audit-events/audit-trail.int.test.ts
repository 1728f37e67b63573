import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { desc, eq } from "drizzle-orm";
import { createApiKeyFor, revokeApiKeyFor } from "@/lib/api-keys/create-api-key";
import { checkCredentials } from "@/lib/auth/check-credentials";
import { currentUser, type SessionUser } from "@/lib/auth/session";
import { userCaller } from "@/lib/callers";
import { auditEvents, jobs, webhookDeliveries } from "@/lib/db/schema";
import { retryJob } from "@/lib/jobs/failed-jobs";
import { addNote } from "@/lib/notes/add-note";
import { newScope, runInScope } from "@/lib/observability/request-scope";
import { assignRuntime } from "@/lib/review/assign-runtime";
import { decideDocument } from "@/lib/review/decide-document";
import { decideRuntime } from "@/lib/review/decide-runtime";
import { addDocument } from "@/lib/runtime/documents/add-document";
import { cancelRuntime } from "@/lib/runtime/cancel-runtime";
import { moveRuntime } from "@/lib/runtime/move-runtime";
import { patchContext } from "@/lib/runtime/patch-context";
import { sendEvent } from "@/lib/runtime/send-event";
import { startRun } from "@/lib/runtime/start-run";
import { deleteSecretFor, putSecretFor } from "@/lib/secrets";
import { createUserFor } from "@/lib/users/create-user";
import { updateUserFor } from "@/lib/users/update-user";
import { redeliverFor } from "@/lib/webhooks/deliveries";
import { rotateWebhookSecretFor } from "@/lib/webhooks/rotate-secret";
import { createSubscriptionFor, deleteSubscriptionFor, setSubscriptionActiveFor } from "@/lib/webhooks/subscriptions";
import { call } from "@/tests/support/http";
import { seedDefinition, seedProject } from "@/tests/support/seed";
import { openTestDatabase, type TestDatabase } from "@/tests/support/test-database";
import * as decision from "../cases/[runtimeId]/decision/route";
import * as exportRoute from "./export/route";
import * as api from "../../v1/external/audit-events/route";

// Only the next-auth session lookup is replaced; the lib functions, handlers and the database are real.
vi.mock("@/lib/auth/session", () => ({ currentUser: vi.fn() }));

const P = "audited";
const SAME_ORIGIN = { host: "localhost", origin: "http://localhost" };
const PASSWORD = "a long enough passphrase";
const CANARY = "canary-secret-value-7f3a";
let t: TestDatabase;
let apiKey: string;
let admin: SessionUser;
const as = (u: SessionUser | null) => vi.mocked(currentUser).mockResolvedValue(u);

async function sessionUser(email: string, role: "admin" | "reviewer" | "auditor"): Promise<SessionUser> {
  const created = await createUserFor(t.db, { kind: "api_key", apiKeyId: "setup", projectId: P }, { email, firstName: email.split("@")[0]!, lastName: "", role, password: PASSWORD });
  return { id: created.id, email, name: created.name, role, projectId: P };
}

/** A case of the example definition sent straight to manual review. */
async function reviewCase(): Promise<{ id: string; version: number }> {
  const run = await startRun(t.db, {
    projectId: P,
    workflowId: "direct_review",
    context: { entity: { id: `e-${Math.random()}`, type: "business", data: { companyName: "Acme", registrationNumber: "20000002" } } },
    actor: { type: "api_key" },
  });
  const r = await sendEvent(t.db, { projectId: P, runtimeId: run.workflowRuntimeId, name: "start", origin: "api", actor: { type: "api_key" } });
  return { id: r.id, version: r.version };
}

async function newest() {
  const [row] = await t.db.select().from(auditEvents).where(eq(auditEvents.projectId, P)).orderBy(desc(auditEvents.id)).limit(1);
  return row!;
}

beforeAll(async () => {
  t = await openTestDatabase();
  apiKey = await seedProject(t.db, P);
  await seedDefinition(t.db, P, { id: "direct_review", edit: (d) => Object.assign(d.definition.states.idle.on, { start: "manual_review" }) });
  admin = await sessionUser("ada@audited.test", "admin");
});
afterAll(() => t?.dispose());
beforeEach(() => vi.mocked(currentUser).mockReset());

describe(`audit trail (${process.env.TEST_DB_KIND})`, () => {
  it("writes one row per action kind through the real functions, with actor, target and the request id, and no secret or context value", async () => {
    const caller = userCaller(admin);
    const key = { type: "api_key" as const, id: "k-1" };
    const state: Record<string, string> = {};
    const steps: [string, () => Promise<unknown>, { action: string; targetType: string | null; actorType: string }][] = [
      ["sign-in", () => checkCredentials(t.db, admin.email, PASSWORD, "198.51.100.9"), { action: "auth.signed_in", targetType: "user", actorType: "user" }],
      ["failed sign-in", () => checkCredentials(t.db, admin.email, "wrong password!!", "198.51.100.9"), { action: "auth.sign_in_failed", targetType: "user", actorType: "user" }],
      ["assignment", async () => { const c = await reviewCase(); state.case = c.id; return assignRuntime(t.db, { user: admin, runtimeId: c.id, assigneeId: admin.id, expectedVersion: c.version }); }, { action: "case.assignment", targetType: "runtime", actorType: "user" }],
      ["note", () => addNote(t.db, { projectId: P, runtimeId: state.case!, text: "Called the client.", author: { type: "reviewer", id: admin.id, name: admin.name } }), { action: "case.note_added", targetType: "runtime", actorType: "user" }],
      ["context patch", async () => patchContext(t.db, { projectId: P, runtimeId: state.case!, patch: { entity: { data: { companyName: "Contextvalue Ltd" } } }, actor: key }), { action: "case.context_patched", targetType: "runtime", actorType: "api_key" }],
      ["document added", () => addDocument(t.db, { projectId: P, runtimeId: state.case!, document: { id: "reg", category: "registration_document", pages: [] }, actor: key }), { action: "case.document_changed", targetType: "runtime", actorType: "api_key" }],
      ["document decision", async () => decideDocument(t.db, { user: admin, runtimeId: state.case!, documentId: "reg", status: "approved", expectedVersion: await version(state.case!) }), { action: "case.document_decision", targetType: "runtime", actorType: "user" }],
      ["decision", async () => decideRuntime(t.db, { user: admin, runtimeId: state.case!, event: "approve", expectedVersion: await version(state.case!) }), { action: "case.decision", targetType: "runtime", actorType: "user" }],
      ["move", async () => { const c = await reviewCase(); state.moved = c.id; return moveRuntime(t.db, { projectId: P, runtimeId: c.id, state: "revision", reason: "repair", actor: { type: "reviewer", id: admin.id } }); }, { action: "case.moved", targetType: "runtime", actorType: "user" }],
      ["cancel", () => cancelRuntime(t.db, { projectId: P, runtimeId: state.moved!, reason: "duplicate", actor: key }), { action: "case.canceled", targetType: "runtime", actorType: "api_key" }],
      ["API key created", async () => { state.key = (await createApiKeyFor(t.db, caller, { name: "ci" })).id; }, { action: "api_key.created", targetType: "api_key", actorType: "user" }],
      ["API key revoked", () => revokeApiKeyFor(t.db, caller, state.key!), { action: "api_key.revoked", targetType: "api_key", actorType: "user" }],
      ["secret written", () => putSecretFor(t.db, caller, "VENDOR_TOKEN", CANARY), { action: "secret.written", targetType: "secret", actorType: "user" }],
      ["secret deleted", () => deleteSecretFor(t.db, caller, "VENDOR_TOKEN"), { action: "secret.deleted", targetType: "secret", actorType: "user" }],
      ["user created", async () => { state.user = (await createUserFor(t.db, caller, { email: "rita@audited.test", firstName: "Rita", lastName: "", role: "reviewer", password: CANARY })).id; }, { action: "user.created", targetType: "user", actorType: "user" }],
      ["user changed", () => updateUserFor(t.db, caller, state.user!, { role: "auditor", password: `${CANARY}-2` }), { action: "user.changed", targetType: "user", actorType: "user" }],
      ["subscription created", async () => { state.sub = (await createSubscriptionFor(t.db, caller, { url: "https://hooks.example.com/kyc", events: ["workflow.completed"] } as never)).id; }, { action: "webhook_subscription.created", targetType: "webhook_subscription", actorType: "user" }],
      ["webhook redelivered", async () => { const [d] = await t.db.insert(webhookDeliveries).values({ projectId: P, subscriptionId: state.sub!, eventId: "evt-audit-1", eventName: "workflow.completed", url: "https://hooks.example.com/kyc", payload: {}, status: "failed" }).returning(); return redeliverFor(t.db, caller, d!.id); }, { action: "webhook_delivery.redelivered", targetType: "webhook_delivery", actorType: "user" }],
      ["subscription paused", () => setSubscriptionActiveFor(t.db, caller, state.sub!, false), { action: "webhook_subscription.paused", targetType: "webhook_subscription", actorType: "user" }],
      ["subscription deleted", () => deleteSubscriptionFor(t.db, caller, state.sub!), { action: "webhook_subscription.deleted", targetType: "webhook_subscription", actorType: "user" }],
      ["webhook secret rotated", () => rotateWebhookSecretFor(t.db, caller), { action: "webhook_secret.rotated", targetType: "project", actorType: "user" }],
      ["job retried", async () => { const [job] = await t.db.insert(jobs).values({ projectId: P, kind: "webhook_delivery", payload: {}, status: "failed" }).returning(); return retryJob(t.db, { projectId: P, jobId: job!.id, actor: { type: "reviewer", id: admin.id } }); }, { action: "job.retried", targetType: "job", actorType: "user" }],
    ];
    for (const [label, act, expected] of steps) {
      const before = await t.db.$count(auditEvents, eq(auditEvents.projectId, P));
      await runInScope(newScope(`req-${label}`), act);
      const row = await newest();
      expect({ label, count: (await t.db.$count(auditEvents, eq(auditEvents.projectId, P))) - before }).toEqual({ label, count: 1 });
      expect({ label, action: row.action, targetType: row.targetType, actorType: row.actorType, requestId: row.requestId }).toEqual({ label, ...expected, requestId: `req-${label}` });
      expect(JSON.stringify(row)).not.toContain(CANARY);
      expect(JSON.stringify(row)).not.toContain("Contextvalue");
    }
    const patched = await t.db.select().from(auditEvents).where(eq(auditEvents.action, "case.context_patched"));
    expect(patched[0]!.summary).toMatchObject({ fields: ["/entity/data/companyName"] });
    expect((await t.db.select().from(auditEvents).where(eq(auditEvents.action, "secret.written")))[0]).toMatchObject({ targetId: "VENDOR_TOKEN" });
  });

  it("a refused action leaves no row", async () => {
    const c = await reviewCase();
    const reviewer = await sessionUser("rex@audited.test", "reviewer");
    const before = await t.db.$count(auditEvents);
    await expect(decideRuntime(t.db, { user: reviewer, runtimeId: c.id, event: "approve", expectedVersion: c.version })).rejects.toMatchObject({ code: "not_assignee" });
    await expect(putSecretFor(t.db, userCaller(reviewer), "X", "y")).rejects.toMatchObject({ code: "forbidden" });
    expect(await t.db.$count(auditEvents)).toBe(before);
  });

  it("GET /audit-events: newest first, cursor pages, filters by actor, action (or prefix), target and time", async () => {
    const all = await call(api.GET, "GET", "/api/v1/external/audit-events?limit=500", { key: apiKey });
    expect(all.status).toBe(200);
    const ids = all.json.data.map((e: { id: number }) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const pages: number[] = [];
    let cursor: string | null = "";
    while (cursor !== null) {
      const page: { json: { data: { id: number }[]; nextCursor: string | null } } = await call(api.GET, "GET", `/api/v1/external/audit-events?limit=7${cursor ? `&cursor=${cursor}` : ""}`, { key: apiKey });
      pages.push(...page.json.data.map((e) => e.id));
      cursor = page.json.nextCursor;
    }
    expect(pages).toEqual(ids);
    const byAction = await call(api.GET, "GET", "/api/v1/external/audit-events?action=case.decision", { key: apiKey });
    expect(byAction.json.data.map((e: { action: string }) => e.action)).toEqual(["case.decision"]);
    const byPrefix = await call(api.GET, "GET", "/api/v1/external/audit-events?action=webhook_subscription.", { key: apiKey });
    expect(byPrefix.json.data.map((e: { action: string }) => e.action)).toEqual(["webhook_subscription.deleted", "webhook_subscription.paused", "webhook_subscription.created"]);
    const byActor = await call(api.GET, "GET", `/api/v1/external/audit-events?actor=${admin.email.toUpperCase()}`, { key: apiKey });
    expect(byActor.json.data.map((e: { action: string }) => e.action)).toEqual(["auth.sign_in_failed", "auth.signed_in"]);
    const byTarget = await call(api.GET, "GET", "/api/v1/external/audit-events?target=VENDOR_TOKEN", { key: apiKey });
    expect(byTarget.json.data.map((e: { action: string }) => e.action)).toEqual(["secret.deleted", "secret.written"]);
    const future = await call(api.GET, "GET", "/api/v1/external/audit-events?from=2999-01-01T00:00:00Z", { key: apiKey });
    expect(future.json.data).toEqual([]);
    const past = await call(api.GET, "GET", "/api/v1/external/audit-events?to=2000-01-01T00:00:00Z", { key: apiKey });
    expect(past.json.data).toEqual([]);
    const now = await call(api.GET, "GET", `/api/v1/external/audit-events?from=${new Date(Date.now() - 3_600_000).toISOString()}&limit=500`, { key: apiKey });
    expect(now.json.data).toHaveLength(ids.length);
    expect((await call(api.GET, "GET", "/api/v1/external/audit-events?cursor=bogus", { key: apiKey })).json.code).toBe("invalid_cursor");
    expect((await call(api.GET, "GET", "/api/v1/external/audit-events?from=yesterday", { key: apiKey })).status).toBe(422);
  });

  it("an auditor is refused decisions (403, nothing stored) and exports the trail; a reviewer may not export", async () => {
    const auditor = await sessionUser("aud@audited.test", "auditor");
    const c = await reviewCase();
    as(auditor);
    const refused = await call(decision.POST, "POST", `/api/backoffice/cases/${c.id}/decision`, { params: { runtimeId: c.id }, headers: SAME_ORIGIN, body: { event: "approve", version: c.version } });
    expect(refused.status).toBe(403);
    expect(await version(c.id)).toBe(c.version);
    await expect(assignRuntime(t.db, { user: auditor, runtimeId: c.id, assigneeId: auditor.id, expectedVersion: c.version })).rejects.toMatchObject({ code: "forbidden" });
    await expect(assignRuntime(t.db, { user: admin, runtimeId: c.id, assigneeId: auditor.id, expectedVersion: c.version })).rejects.toMatchObject({ code: "validation_failed" });

    const csv = await call(exportRoute.GET, "GET", "/api/backoffice/audit-events/export?format=csv&action=case.");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(csv.headers.get("content-disposition")).toMatch(/attachment; filename="audit-audited-.*\.csv"/);
    const lines = (csv.json as string).trim().split("\r\n");
    expect(lines[0]).toBe("id,at,actor_type,actor_id,actor_name,action,target_type,target_id,request_id,summary,prev_hash,hash");
    expect(lines.some((l) => l.includes(",case.decision,runtime,"))).toBe(true);
    expect(lines.slice(1).every((l) => /,case\.[a-z_]+,/.test(l))).toBe(true);
    const jsonl = await call(exportRoute.GET, "GET", "/api/backoffice/audit-events/export?format=jsonl");
    const rows = String(jsonl.json).trim().split("\n").map((l) => JSON.parse(l));
    expect(rows.length).toBe(await t.db.$count(auditEvents, eq(auditEvents.projectId, P)));
    expect(rows[0].id).toBeGreaterThan(rows[rows.length - 1].id);

    as(await sessionUser("rev2@audited.test", "reviewer"));
    expect((await call(exportRoute.GET, "GET", "/api/backoffice/audit-events/export?format=csv")).status).toBe(403);
  });
});

async function version(id: string): Promise<number> {
  const { workflowRuntimes } = await import("@/lib/db/schema");
  const [row] = await t.db.select({ version: workflowRuntimes.version }).from(workflowRuntimes).where(eq(workflowRuntimes.id, id));
  return row!.version;
}
