import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import type { SessionUser } from "../auth/session";
import { businesses, filters, teamMembers, teams, users, workflowRuntimes } from "../db/schema";
import { createFilter, type FilterResponse } from "../filters";
import { openTestDatabase, type TestDatabase } from "../../tests/support/test-database";
import { seedProject } from "../../tests/support/seed";
import { listQueueCases } from "./list-queue-cases";
import { parseQueueParams } from "./queue-params";
import { openRuntimeCounts } from "./queue-counts";
import { findQueueFor, isCaseHiddenFrom, queueAccess, requireQueueVisible, visibleCases } from "./queue-access";

// Who sees which queue and case when queues are restricted to teams, read through the functions the pages use.
const P = "queue_access";
let t: TestDatabase;
const viewers = {} as Record<"admin" | "auditor" | "senior" | "junior" | "both" | "nobody", SessionUser>;
let all: FilterResponse;
let highRisk: FilterResponse;
let germany: FilterResponse;
/** plain: no restricted queue selects it; senior: High risk only; german: Germany only; overlap: both restricted queues. */
const cases = {} as Record<"plain" | "senior" | "german" | "overlap", string>;

async function viewer(email: string, role: SessionUser["role"], teamIds: string[]): Promise<SessionUser> {
  const [row] = await t.db.insert(users).values({ projectId: P, email, role, passwordHash: "x", firstName: email.split("@")[0] }).returning();
  for (const teamId of teamIds) await t.db.insert(teamMembers).values({ teamId, userId: row.id, projectId: P });
  return { id: row.id, email, name: row.firstName, role, projectId: P };
}

async function runtime(name: string, country: string, state: string, dueAt: Date | null = null): Promise<string> {
  const [b] = await t.db.insert(businesses).values({ projectId: P, correlationId: name, companyName: name, country }).returning();
  const [r] = await t.db
    .insert(workflowRuntimes)
    .values({ projectId: P, workflowDefinitionId: "kyb", workflowDefinitionVersion: 1, businessId: b.id, state, dueAt })
    .returning();
  return r.id;
}

const names = async (v: SessionUser, queue: FilterResponse) =>
  (await listQueueCases(t.db, v, queue, parseQueueParams({}), visibleCases(await queueAccess(t.db, v)))).rows.map((r) => r.name).sort();

beforeAll(async () => {
  t = await openTestDatabase();
  await seedProject(t.db, P);
  const [senior, junior] = await t.db.insert(teams).values([{ projectId: P, name: "Senior" }, { projectId: P, name: "DACH" }]).returning();
  viewers.admin = await viewer("admin@access.test", "admin", []);
  viewers.auditor = await viewer("audit@access.test", "auditor", []);
  viewers.senior = await viewer("sam@access.test", "reviewer", [senior.id]);
  viewers.junior = await viewer("jo@access.test", "reviewer", [junior.id]);
  viewers.both = await viewer("bo@access.test", "reviewer", [senior.id, junior.id]);
  viewers.nobody = await viewer("nina@access.test", "reviewer", []);
  all = await createFilter(t.db, P, { name: "All", entity: "businesses", query: {} });
  highRisk = await createFilter(t.db, P, { name: "High risk", entity: "businesses", query: { where: { state: "senior_review" } }, teamIds: [senior.id] });
  // A condition on the business: the hidden-case predicate reaches the businesses table through `exists`.
  germany = await createFilter(t.db, P, { name: "Germany", entity: "businesses", query: { where: { business: { country: "DE" } } }, teamIds: [junior.id] });
  const past = new Date(Date.now() - 3_600_000);
  cases.plain = await runtime("Plain", "GB", "review", past);
  cases.senior = await runtime("Senior", "GB", "senior_review", past);
  cases.german = await runtime("German", "DE", "review");
  cases.overlap = await runtime("Overlap", "DE", "senior_review");
});
afterAll(() => t?.dispose());

describe(`queue access by team (${process.env.TEST_DB_KIND})`, () => {
  it("shows a reviewer the unrestricted queues and those of their teams; admins and auditors every queue", async () => {
    const visible = async (v: SessionUser) => (await queueAccess(t.db, v)).visible.map((f) => f.name);
    expect(await visible(viewers.admin)).toEqual(["All", "High risk", "Germany"]);
    expect(await visible(viewers.auditor)).toEqual(["All", "High risk", "Germany"]);
    expect(await visible(viewers.senior)).toEqual(["All", "High risk"]);
    expect(await visible(viewers.junior)).toEqual(["All", "Germany"]);
    expect(await visible(viewers.nobody)).toEqual(["All"]);
    expect((await queueAccess(t.db, viewers.nobody)).hidden.map((f) => f.name)).toEqual(["High risk", "Germany"]);
    expect(await findQueueFor(t.db, viewers.junior, highRisk.id)).toBeNull();
    expect(await findQueueFor(t.db, viewers.senior, highRisk.id.toUpperCase())).toMatchObject({ id: highRisk.id });
    expect(await findQueueFor(t.db, viewers.admin, germany.id)).toMatchObject({ id: germany.id });
  });

  it("lists in every queue only the cases the viewer may open: a restricted queue's cases stay with its teams", async () => {
    expect(await names(viewers.admin, all)).toEqual(["German", "Overlap", "Plain", "Senior"]);
    expect(await names(viewers.auditor, all)).toEqual(["German", "Overlap", "Plain", "Senior"]);
    // Overlap is in both restricted queues: a member of either team sees it.
    expect(await names(viewers.senior, all)).toEqual(["Overlap", "Plain", "Senior"]);
    expect(await names(viewers.junior, all)).toEqual(["German", "Overlap", "Plain"]);
    expect(await names(viewers.both, all)).toEqual(["German", "Overlap", "Plain", "Senior"]);
    expect(await names(viewers.nobody, all)).toEqual(["Plain"]);
    expect(await names(viewers.senior, highRisk)).toEqual(["Overlap", "Senior"]);
  });

  it("counts open and overdue cases per queue as the viewer sees them", async () => {
    const counts = async (v: SessionUser) => {
      const access = await queueAccess(t.db, v);
      return openRuntimeCounts(t.db, P, access.visible, visibleCases(access));
    };
    expect((await counts(viewers.admin))[all.id]).toEqual({ count: 4, more: false, overdue: 2 });
    expect((await counts(viewers.nobody))[all.id]).toEqual({ count: 1, more: false, overdue: 1 });
    const senior = await counts(viewers.senior);
    expect([senior[all.id], senior[highRisk.id], senior[germany.id]]).toEqual([{ count: 3, more: false, overdue: 2 }, { count: 2, more: false, overdue: 1 }, undefined]);
  });

  it("hides a single case from the reviewers its restricted queues keep it from, and from nobody else", async () => {
    const hiddenFrom = async (v: SessionUser) =>
      (await Promise.all(Object.entries(cases).map(async ([name, id]) => ((await isCaseHiddenFrom(t.db, v, id)) ? name : null)))).filter(Boolean);
    expect(await hiddenFrom(viewers.admin)).toEqual([]);
    expect(await hiddenFrom(viewers.auditor)).toEqual([]);
    expect(await hiddenFrom(viewers.senior)).toEqual(["german"]);
    expect(await hiddenFrom(viewers.junior)).toEqual(["senior"]);
    expect(await hiddenFrom(viewers.nobody)).toEqual(["senior", "german", "overlap"]);
    expect(await isCaseHiddenFrom(t.db, viewers.nobody, "00000000-0000-4000-8000-000000000000")).toBe(false);
    expect(await isCaseHiddenFrom(t.db, viewers.nobody, "not-a-uuid")).toBe(false);
  });

  it("follows the case: one leaving the restricted queue's state is visible again; a lifted restriction shows the queue and its cases", async () => {
    await t.db.update(workflowRuntimes).set({ state: "review" }).where(sql`id = ${cases.senior}`);
    expect(await isCaseHiddenFrom(t.db, viewers.junior, cases.senior)).toBe(false);
    await t.db.update(workflowRuntimes).set({ state: "senior_review" }).where(sql`id = ${cases.senior}`);
    expect(await isCaseHiddenFrom(t.db, viewers.junior, cases.senior)).toBe(true);
    await expect(requireQueueVisible(t.db, viewers.junior, highRisk.id)).rejects.toMatchObject({ status: 404, code: "not_found" });
    await expect(requireQueueVisible(t.db, viewers.junior, "00000000-0000-4000-8000-000000000000")).resolves.toBeUndefined();
    await t.db.update(filters).set({ teamIds: [] }).where(eq(filters.id, germany.id));
    expect(await names(viewers.nobody, all)).toEqual(["German", "Plain"]);
    expect((await queueAccess(t.db, viewers.nobody)).visible.map((f) => f.name)).toEqual(["All", "Germany"]);
  });
});
