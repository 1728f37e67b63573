import { beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "../auth/session";
import type { FilterResponse } from "../filters";
import { directReview } from "../../tests/support/seed";
import { testProject } from "../../tests/support/test-project";
import { insertUser } from "../../tests/support/users";
import { assignRuntime } from "./assign-runtime";
import { createRuntimeFromForm } from "./create-runtime-from-form";
import { listQueueCases } from "../queues/list-queue-cases";
import { parseQueueParams } from "../queues/queue-params";

const P = "addcase";
const t = testProject(P, { definitions: [directReview()] });
let me: SessionUser;
const filter: FilterResponse = {
  id: "00000000-0000-4000-8000-000000000001",
  name: "Review",
  entity: "businesses",
  projectId: P,
  teamIds: [],
  assignment: "manual",
  createdAt: new Date().toISOString(),
  query: { where: { businessId: { not: null }, workflowDefinitionId: { in: ["direct_review"] } }, select: { id: true, state: true } },
};
const values = (companyName: string, email = "ada@acme.example") => ({
  id: `acme-${companyName}`,
  type: "business",
  data: { companyName, registrationNumber: "20000002", additionalInfo: { mainRepresentative: { firstName: "Ada", lastName: "Lovelace", email } } },
});

beforeAll(async () => {
  me = await insertUser(t.db, P, "me@addcase.test", "reviewer", { firstName: "Me" });
});

describe("createRuntimeFromForm", () => {
  it("validates the values against the initial state's input schema, naming each field", async () => {
    const error = await createRuntimeFromForm(t.db, { user: me, filter, values: { id: "x", type: "business", data: { additionalInfo: { mainRepresentative: { email: "nope" } } } } }).catch((e) => e);
    expect(error).toMatchObject({ code: "validation_failed", status: 422 });
    expect(error.errors.map((e: { path: string }) => e.path).sort()).toEqual(
      ["/data/additionalInfo/mainRepresentative/email", "/data/additionalInfo/mainRepresentative/firstName", "/data/additionalInfo/mainRepresentative/lastName", "/data/companyName"].sort(),
    );
  });

  it("starts the queue's workflow with the values as context.entity and sends start", async () => {
    const created = await createRuntimeFromForm(t.db, { user: me, filter, values: values("Zeta Widgets") });
    expect(created).toMatchObject({ workflowDefinitionId: "direct_review", started: true });
    const page = await listQueueCases(t.db, me, filter, parseQueueParams({ q: "Zeta" }));
    expect(page.rows).toHaveLength(1);
    expect(page.rows[0]).toMatchObject({ id: created.runtimeId, name: "Zeta Widgets", entityId: "acme-Zeta Widgets", state: "manual_review" });
  });
});

describe("listQueueCases", () => {
  it("searches, filters by assignee/state/status and sorts by name", async () => {
    const a = await createRuntimeFromForm(t.db, { user: me, filter, values: values("Alpha Mills", "ops@alpha.example") });
    await createRuntimeFromForm(t.db, { user: me, filter, values: values("Beta Foods") });
    await assignRuntime(t.db, { user: me, runtimeId: a.runtimeId, assigneeId: me.id, expectedVersion: 2 });
    const list = (p: Record<string, string>) => listQueueCases(t.db, me, filter, parseQueueParams(p)).then((r) => r.rows.map((row) => row.name));
    expect(await list({ sort: "name" })).toEqual(["Alpha Mills", "Beta Foods", "Zeta Widgets"]);
    expect(await list({ assignee: "me" })).toEqual(["Alpha Mills"]);
    expect(await list({ assignee: "unassigned", sort: "name" })).toEqual(["Beta Foods", "Zeta Widgets"]);
    expect(await list({ q: "ops@alpha" })).toEqual(["Alpha Mills"]);
    expect(await list({ state: "approve" })).toEqual([]);
    expect(await list({ status: "active", sort: "name", assignee: "bogus" })).toHaveLength(3);
  });

  it("pages with a keyset cursor", async () => {
    const first = await listQueueCases(t.db, me, filter, parseQueueParams({ sort: "name" }));
    expect(first.nextCursor).toBeNull();
  });
});
