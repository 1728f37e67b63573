import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { currentUser } from "@/lib/auth/session";
import { sendEvent } from "@/lib/runtime/send-event";
import { startRun } from "@/lib/runtime/start-run";
import { call } from "@/tests/support/http";
import { SAME_ORIGIN, signInAs } from "@/tests/support/backoffice-session";
import { directReview, getRuntime, seedDefinition } from "@/tests/support/seed";
import { testProject } from "@/tests/support/test-project";
import { testAuthorizationCast } from "@/tests/support/users";
import * as cancel from "./[runtimeId]/cancel/route";
import * as context from "./[runtimeId]/context/route";
import * as move from "./[runtimeId]/move/route";
import * as notes from "./[runtimeId]/notes/route";
import * as retry from "../jobs/[jobId]/retry/route";

// Only the next-auth session lookup is replaced; the handlers, the origin check and the database are real.
vi.mock("@/lib/auth/session", () => ({ currentUser: vi.fn() }));

const P = "tools";
const t = testProject(P, { definitions: [directReview()] });
const { admin, reviewer, outsider } = testAuthorizationCast(t, P, "elsewhere");

type Handler = Parameters<typeof call>[0];
const post = (handler: Handler, path: string, params: Record<string, string>, body?: unknown, headers: Record<string, string> = SAME_ORIGIN) =>
  call(handler, "POST", path, { params, body, headers });

/** A case of the worked example (its form: the input schema over the entity) sent straight to manual review. */
async function reviewCase(projectId = P) {
  const run = await startRun(t.db, {
    projectId,
    workflowId: "direct_review",
    context: { entity: { id: `e-${Math.random()}`, type: "business", data: { companyName: "Acme", registrationNumber: "20000002", additionalInfo: { mainRepresentative: { firstName: "Ada", lastName: "L", email: "ada@acme.example" } } } } },
    actor: { type: "api_key" },
  });
  return sendEvent(t.db, { projectId, runtimeId: run.workflowRuntimeId, name: "start", origin: "api", actor: { type: "api_key" } });
}

beforeAll(async () => {
  await seedDefinition(t.db, "elsewhere", directReview());
});
beforeEach(() => vi.mocked(currentUser).mockReset());

describe(`backoffice case tools (${process.env.TEST_DB_KIND})`, () => {
  it("notes: a session and the page's origin are needed; blank is 422; another project's case is 404", async () => {
    const row = await reviewCase();
    const path = `/api/backoffice/cases/${row.id}/notes`;
    signInAs(null);
    expect((await post(notes.POST, path, { runtimeId: row.id }, { text: "hi" })).status).toBe(401);
    signInAs(reviewer);
    expect((await post(notes.POST, path, { runtimeId: row.id }, { text: "hi" }, { origin: "http://evil.example" })).json.code).toBe("cross_origin_request");
    expect((await post(notes.POST, path, { runtimeId: row.id }, { text: "  " })).json).toMatchObject({ status: 422, errors: [{ path: "/text" }] });
    const added = await post(notes.POST, path, { runtimeId: row.id }, { text: " Called the client. " });
    expect(added.status).toBe(201);
    expect(added.json).toMatchObject({ text: "Called the client.", author: { type: "reviewer", id: reviewer.id, name: "rita" } });
    signInAs(outsider);
    expect((await post(notes.POST, path, { runtimeId: row.id }, { text: "hi" })).status).toBe(404);
  });

  it("edit case data: the assignee or an admin, at the page's version, validated against the form's schema", async () => {
    const row = await reviewCase();
    const path = `/api/backoffice/cases/${row.id}/context`;
    const patch = { entity: { data: { registrationNumber: "12345678" } } };
    signInAs(reviewer);
    expect((await post(context.POST, path, { runtimeId: row.id }, { patch, version: row.version })).json.code).toBe("not_assignee");
    signInAs(admin);
    expect((await post(context.POST, path, { runtimeId: row.id }, { patch, version: row.version - 1 })).json).toMatchObject({ status: 412, code: "version_conflict" });
    const invalid = await post(context.POST, path, { runtimeId: row.id }, { patch: { entity: { data: { companyName: null } } }, version: row.version });
    expect(invalid.json).toMatchObject({ status: 422, errors: [{ path: "/entity/data/companyName" }] });
    const saved = await post(context.POST, path, { runtimeId: row.id }, { patch, version: row.version });
    expect(saved.json).toMatchObject({ state: "manual_review", version: row.version + 1 });
    expect((await getRuntime(t.db, row.id)).context.entity).toMatchObject({ data: { companyName: "Acme", registrationNumber: "12345678" } });
  });

  it("move and cancel: admins only, with a reason, at the page's version", async () => {
    const row = await reviewCase();
    const params = { runtimeId: row.id };
    signInAs(reviewer);
    expect((await post(move.POST, `/api/backoffice/cases/${row.id}/move`, params, { state: "revision", reason: "x", version: row.version })).status).toBe(403);
    expect((await post(cancel.POST, `/api/backoffice/cases/${row.id}/cancel`, params, { reason: "x", version: row.version })).status).toBe(403);
    signInAs(admin);
    expect((await post(move.POST, `/api/backoffice/cases/${row.id}/move`, params, { state: "nowhere", reason: "x", version: row.version })).status).toBe(422);
    const moved = await post(move.POST, `/api/backoffice/cases/${row.id}/move`, params, { state: "revision", reason: "Vendor was down", version: row.version });
    expect(moved.json).toMatchObject({ state: "revision", status: "active" });
    const canceled = await post(cancel.POST, `/api/backoffice/cases/${row.id}/cancel`, params, { reason: "Duplicate", version: moved.json.version });
    expect(canceled.json).toMatchObject({ status: "canceled" });
    expect((await post(cancel.POST, `/api/backoffice/cases/${row.id}/cancel`, params, { reason: "Again", version: canceled.json.version })).status).toBe(409);
  });

  it("retry: admins only; an unknown job is 404", async () => {
    signInAs(reviewer);
    expect((await post(retry.POST, "/api/backoffice/jobs/1/retry", { jobId: "1" })).status).toBe(403);
    signInAs(admin);
    expect((await post(retry.POST, "/api/backoffice/jobs/999999/retry", { jobId: "999999" })).json).toMatchObject({ status: 404, code: "not_found" });
  });
});
