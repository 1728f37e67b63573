import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { directReview } from "../../tests/support/seed";
import { testProject } from "../../tests/support/test-project";
import { insertUser } from "../../tests/support/users";
import type { SessionUser } from "../auth/session";
import type { FilterResponse } from "../filters";
import { createRuntimeFromForm } from "../review/create-runtime-from-form";
import { listQueueCases } from "./list-queue-cases";
import { openRuntimeCounts } from "./queue-counts";
import { parseQueueParams } from "./queue-params";

const P = "overdue";
const t = testProject(P, { definitions: [directReview("due_review")] });
let me: SessionUser;
const queue = (id: string, entity: FilterResponse["entity"], where: Record<string, unknown>): FilterResponse => ({
  id,
  name: id,
  entity,
  projectId: P,
  teamIds: [],
  assignment: "manual",
  createdAt: new Date().toISOString(),
  query: { where, select: { id: true } },
});
const all = queue("all", "businesses", { workflowDefinitionId: "due_review" });
const named = queue("named", "businesses", { business: { companyName: { startsWith: "Late" } } });
const people = queue("people", "individuals", {});
const broken = queue("broken", "businesses", { noSuchField: 1 });

async function startCase(companyName: string): Promise<string> {
  const values = { id: `due-${companyName}`, type: "business", data: { companyName, additionalInfo: { mainRepresentative: { firstName: "Ada", lastName: "L", email: "ada@due.example" } } } };
  return (await createRuntimeFromForm(t.db, { user: me, filter: all, values })).runtimeId;
}

async function setDue(runtimeId: string, dueAt: string | null, status = "active", dueWarnAt: string | null = null): Promise<void> {
  await t.db.execute(sql`update workflow_runtimes set due_at = ${dueAt}::timestamptz, due_warn_at = ${dueWarnAt}::timestamptz, status = ${status} where id = ${runtimeId}::uuid`);
}

beforeAll(async () => {
  me = await insertUser(t.db, P, "me@overdue.test", "reviewer", { firstName: "Me" });
});

describe("openRuntimeCounts", () => {
  it("counts each queue's open cases past their deadline in one statement, per queue's where", async () => {
    const late = await startCase("Late Ltd");
    const lateToo = await startCase("Later GmbH");
    const soon = await startCase("Soon SA");
    const none = await startCase("Timeless plc");
    const closed = await startCase("Late but closed");
    await setDue(late, new Date(Date.now() - 60_000).toISOString());
    await setDue(lateToo, new Date(Date.now() - 1_000).toISOString());
    await setDue(soon, new Date(Date.now() + 3_600_000).toISOString());
    await setDue(none, null);
    await setDue(closed, new Date(Date.now() - 60_000).toISOString(), "completed");

    const counts = await openRuntimeCounts(t.db, P, [all, named, people, broken]);
    expect(counts.all).toEqual({ count: 4, more: false, overdue: 2 });
    expect(counts.named).toEqual({ count: 2, more: false, overdue: 2 });
    expect(counts.people).toEqual({ count: 0, more: false, overdue: 0 });
    expect(counts.broken).toBeNull();

    // The deadline passing is enough: no write happens in between.
    await setDue(soon, new Date(Date.now() + 1_000).toISOString());
    expect((await openRuntimeCounts(t.db, P, [all])).all?.overdue).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await openRuntimeCounts(t.db, P, [all])).all?.overdue).toBe(3);
  });

  it("counts nothing of another project", async () => {
    const counts = await openRuntimeCounts(t.db, "other-project", [all]);
    expect(counts.all).toEqual({ count: 0, more: false, overdue: 0 });
  });
});

describe("listQueueCases: deadlines", () => {
  const byName = (rows: { name: string }[]) => rows.map((r) => r.name);

  it("shows each row's deadline and warning, lists the overdue ones under due=overdue, sorts by deadline with cases without one last", async () => {
    const ids: Record<string, string> = {};
    for (const name of ["Qx Later", "Qx None", "Qx Past", "Qx Soon", "Qx Past Closed"]) ids[name] = await startCase(name);
    const at = (ms: number) => new Date(Date.now() + ms).toISOString();
    await setDue(ids["Qx Later"], at(7_200_000), "active", at(3_600_000));
    await setDue(ids["Qx None"], null);
    await setDue(ids["Qx Past"], at(-5_000), "active", at(-10_000));
    await setDue(ids["Qx Soon"], at(60_000));
    await setDue(ids["Qx Past Closed"], at(-60_000), "completed");
    const q = { q: "Qx" };

    const newest = await listQueueCases(t.db, me, all, parseQueueParams(q));
    const past = newest.rows.find((r) => r.name === "Qx Past")!;
    expect(past).toMatchObject({ dueAt: expect.stringMatching(/Z$/), dueWarnAt: expect.stringMatching(/Z$/) });
    expect(Date.parse(past.dueWarnAt!)).toBeLessThan(Date.parse(past.dueAt!));
    expect(newest.rows.find((r) => r.name === "Qx None")).toMatchObject({ dueAt: null, dueWarnAt: null });

    expect(byName((await listQueueCases(t.db, me, all, parseQueueParams({ ...q, due: "overdue" }))).rows)).toEqual(["Qx Past"]);
    expect(byName((await listQueueCases(t.db, me, all, parseQueueParams({ ...q, sort: "due" }))).rows)).toEqual(["Qx Past Closed", "Qx Past", "Qx Soon", "Qx Later", "Qx None"]);
    // An unknown value is ignored rather than failing the page.
    expect((await listQueueCases(t.db, me, all, parseQueueParams({ ...q, due: "someday" }))).rows).toHaveLength(5);
  });
});

