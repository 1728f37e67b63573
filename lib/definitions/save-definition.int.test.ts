import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { SessionUser } from "../auth/session";
import { vendorProject } from "../../tests/support/vendor-project";
import { users, workflowRuntimes } from "../db/schema";
import { findDefinition, listDefinitionVersions } from "./get-definition";
import { sendEvent } from "../runtime/send-event";
import { startRun } from "../runtime/start-run";
import { getRuntime, runContext, seedProject } from "../../tests/support/seed";
import { eventually } from "../../tests/support/vendor-stub";
import { toEditableDocument } from "./editable-document";
import { saveDefinitionVersion } from "./save-definition";

const P = "editor";
const ID = "kyb_manual_review_example";
let admin: SessionUser;
let reviewer: SessionUser;
const actor = { type: "api_key" as const, id: "test" };

/** The latest stored version as the editor loads it, with `edit` applied to its text. */
async function edited(edit: (text: string) => string = (s) => s) {
  const row = (await findDefinition(t.db, P, ID))!;
  return { document: JSON.parse(edit(JSON.stringify(toEditableDocument(row), null, 2))), baseVersion: row.version };
}

const raiseThreshold = (text: string) => text.replace(/\n(\s*)0\.8\n/, "\n$10.9\n").replace("score below 0.8", "score below 0.9");

/** Run the example for a registration number whose vendor score is 0.85 and wait until it leaves the vendor check. */
async function runAt085() {
  const run = await startRun(t.db, { projectId: P, workflowId: ID, context: runContext(t.stub.origin, "0850"), actor });
  await sendEvent(t.db, { projectId: P, runtimeId: run.workflowRuntimeId, name: "start", origin: "api", actor });
  return eventually(async () => {
    const r = await getRuntime(t.db, run.workflowRuntimeId);
    return r.state !== "check_business_details" && r.state !== "idle" ? r : null;
  }, "the case to leave check_business_details");
}

const t = vendorProject(P, {
  vendor: (req) =>
    req.path.startsWith("/hooks/")
      ? { status: 204 }
      : { status: 200, body: { business_details: { registered_name: "Other Name Ltd", registration_number: "0850" }, name_fuzziness_score: 0.85 } },
});

beforeAll(async () => {
  await seedProject(t.db, "elsewhere");
  const [a] = await t.db.insert(users).values({ projectId: P, email: "ada@editor.test", role: "admin", passwordHash: "x" }).returning();
  admin = { id: a.id, email: a.email, name: "Ada", role: "admin", projectId: P };
  reviewer = { ...admin, id: "00000000-0000-4000-8000-00000000000b", role: "reviewer" };
});

describe(`saveDefinitionVersion (${process.env.TEST_DB_KIND})`, () => {
  it("refuses reviewers, unknown definitions and definitions of other projects", async () => {
    const input = await edited();
    await expect(saveDefinitionVersion(t.db, reviewer, ID, input)).rejects.toMatchObject({ status: 403, code: "forbidden" });
    await expect(saveDefinitionVersion(t.db, admin, "nope", input)).rejects.toMatchObject({ status: 404 });
    const [o] = await t.db.insert(users).values({ projectId: "elsewhere", email: "olga@elsewhere.test", role: "admin", passwordHash: "x" }).returning();
    const outsider: SessionUser = { id: o.id, email: o.email, name: "Olga", role: "admin", projectId: "elsewhere" };
    await expect(saveDefinitionVersion(t.db, outsider, ID, input)).rejects.toMatchObject({ status: 404 });
    await expect(saveDefinitionVersion(t.db, { ...admin, projectId: "elsewhere" }, ID, input)).rejects.toMatchObject({ status: 403 });
  });

  it("refuses an invalid document with every problem's pointer, and a changed id", async () => {
    const bad = await edited((s) => s.replace('"start": "check_business_details"', '"start": "check_business_detail"'));
    await expect(saveDefinitionVersion(t.db, admin, ID, bad)).rejects.toMatchObject({
      status: 422,
      code: "definition_invalid",
      errors: [expect.objectContaining({ path: "/definition/states/idle/on/start" })],
    });
    const renamed = await edited((s) => s.replace(`"id": "${ID}"`, '"id": "another_one"'));
    await expect(saveDefinitionVersion(t.db, admin, ID, renamed)).rejects.toMatchObject({ status: 422, errors: [expect.objectContaining({ path: "/id" })] });
    expect((await listDefinitionVersions(t.db, P, ID)).map((v) => v.version)).toEqual([1]);
  });

  it("saves the 0.9 threshold as version 2, which the next case uses at once; a running case keeps version 1", async () => {
    const before = await runAt085();
    expect(before).toMatchObject({ state: "auto_approve", workflowDefinitionVersion: 1 });

    const input = await edited(raiseThreshold);
    expect(JSON.stringify(input.document)).toContain("0.9");
    const saved = await saveDefinitionVersion(t.db, admin, ID, input);
    expect(saved).toMatchObject({ id: ID, version: 2 });

    const after = await runAt085();
    expect(after).toMatchObject({ state: "manual_review", workflowDefinitionVersion: 2 });
    expect(after.manualReviewReason).toContain("below 0.9");
    const [old] = await t.db.select().from(workflowRuntimes).where(eq(workflowRuntimes.id, before.id));
    expect(old.workflowDefinitionVersion).toBe(1);
  });

  it("refuses a save based on a version that is no longer the latest (409), so no edit is lost", async () => {
    const stale = { ...(await edited()), baseVersion: 1 };
    await expect(saveDefinitionVersion(t.db, admin, ID, stale)).rejects.toMatchObject({ status: 409, code: "version_conflict" });
    // Both editors opened version 2 before either saved (reading the second edit after the first save started
    // could already see version 3, and rightly save version 4).
    const [first, second] = [await edited(), await edited()];
    const [a, b] = await Promise.allSettled([saveDefinitionVersion(t.db, admin, ID, first), saveDefinitionVersion(t.db, admin, ID, second)]);
    expect([a.status, b.status].sort()).toEqual(["fulfilled", "rejected"]);
    expect((await listDefinitionVersions(t.db, P, ID)).map((v) => v.version)).toEqual([3, 2, 1]);
  });
});
