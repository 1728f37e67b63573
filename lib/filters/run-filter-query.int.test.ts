import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { openTestDatabase, type TestDatabase } from "@/tests/support/test-database";
import { rowsOf } from "@/lib/db/rows";
import { businesses, endUsers, projects, users, workflowDefinitions, workflowRuntimes } from "@/lib/db/schema";
import { runFilterQuery, validateFilterQuery, type FilterEntity } from "./index";
import { EXAMPLE_FILTER_SELECT } from "@/tests/support/example-filter";

let t: TestDatabase;
const P = "proj-f";
const ids: Record<string, string> = {};

/** Case fixtures: name -> business/end user, runtime fields. createdAt spaced one minute apart (c1 oldest). */
const CASES = [
  { name: "c1", company: "Acme Ltd", country: "GB", employees: 10, state: "manual_review", status: "active", tags: ["vip", "uk"], assigned: true, score: 0.7, reason: "name mismatch" },
  { name: "c2", company: "Beta GmbH", country: "DE", employees: 250, state: "approve", status: "completed", tags: ["de"], assigned: false, score: 0.95, reason: null },
  { name: "c3", company: "Gamma 100% Ltd", country: "GB", employees: null, state: "manual_review", status: "active", tags: [], assigned: false, score: 0.55, reason: "low score" },
  { name: "c4", company: "Delta_Co'; drop table filters; --", country: "FR", employees: 3, state: "reject", status: "completed", tags: ["vip"], assigned: true, score: 0.1, reason: null },
];

beforeAll(async () => {
  t = await openTestDatabase();
  const db = t.db;
  await db.insert(projects).values([{ id: P, name: P }, { id: "other", name: "other" }]);
  const [reviewer] = await db
    .insert(users)
    .values({ projectId: P, email: "rev@example.com", firstName: "Rita", lastName: "Reviewer", avatarUrl: "https://x/a.png", role: "reviewer", passwordHash: "x" })
    .returning();
  ids.reviewer = reviewer.id;
  for (const v of [1, 2]) {
    await db.insert(workflowDefinitions).values({ projectId: P, id: "kyb", version: v, name: `KYB v${v}`, definition: { id: "kyb", initial: "idle", states: { idle: {} } } });
  }
  const base = Date.parse("2024-05-01T10:00:00.000Z");
  for (const [i, c] of CASES.entries()) {
    const [b] = await db
      .insert(businesses)
      .values({ projectId: P, correlationId: `corr-${c.name}`, companyName: c.company, countryOfIncorporation: c.country, numberOfEmployees: c.employees, email: `${c.name}@example.com` })
      .returning();
    const [r] = await db
      .insert(workflowRuntimes)
      .values({
        projectId: P,
        workflowDefinitionId: "kyb",
        workflowDefinitionVersion: i % 2 === 0 ? 1 : 2,
        businessId: b.id,
        state: c.state,
        status: c.status as "active" | "completed",
        tags: c.tags,
        context: { entity: { id: `corr-${c.name}`, data: { country: c.country, companyName: c.company } }, score: c.score, flags: c.tags },
        manualReviewReason: c.reason,
        assigneeId: c.assigned ? reviewer.id : null,
        createdAt: new Date(base + i * 60_000),
      })
      .returning();
    ids[c.name] = r.id;
    ids[`${c.name}-business`] = b.id;
  }
  const [eu] = await db.insert(endUsers).values({ projectId: P, correlationId: "person-1", firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" }).returning();
  const [ir] = await db.insert(workflowRuntimes).values({ projectId: P, workflowDefinitionId: "kyc", workflowDefinitionVersion: 1, endUserId: eu.id, state: "idle" }).returning();
  ids.individual = ir.id;
  // Another project's case that matches everything: must never appear.
  const [ob] = await db.insert(businesses).values({ projectId: "other", correlationId: "corr-c1", companyName: "Acme Ltd" }).returning();
  await db.insert(workflowRuntimes).values({ projectId: "other", workflowDefinitionId: "kyb", workflowDefinitionVersion: 1, businessId: ob.id, state: "manual_review", tags: ["vip"] });
});

afterAll(async () => {
  await t?.dispose();
});

async function names(where: Record<string, unknown>, entity: FilterEntity = "businesses"): Promise<string[]> {
  const page = await runFilterQuery(t.db, P, { entity, query: { where, select: { id: true } } }, { limit: 100 });
  const byId = Object.fromEntries(Object.entries(ids).map(([k, v]) => [v, k]));
  return page.data.map((row) => byId[row.id as string]).sort();
}

describe(`runFilterQuery (${process.env.TEST_DB_KIND})`, () => {
  it("runs the spec's example filter: businesses with the definition, shaped by select", async () => {
    const page = await runFilterQuery(t.db, P, {
      entity: "businesses",
      query: {
        where: { businessId: { not: null }, workflowDefinitionId: { in: ["kyb"] } },
        select: EXAMPLE_FILTER_SELECT,
      },
    });
    expect(page.data.map((r) => r.id)).toEqual([ids.c4, ids.c3, ids.c2, ids.c1]);
    expect(page.nextCursor).toBeNull();
    const c1 = page.data[3];
    expect(Object.keys(c1)).toEqual(["id", "tags", "state", "status", "context", "assigneeId", "createdAt", "assignee", "workflowDefinition", "business"]);
    expect(c1).toMatchObject({
      tags: ["vip", "uk"],
      state: "manual_review",
      createdAt: "2024-05-01T10:00:00.000Z",
      assignee: { id: ids.reviewer, firstName: "Rita", lastName: "Reviewer", avatarUrl: "https://x/a.png" },
      workflowDefinition: { id: "kyb", name: "KYB v1", version: 1, definition: { id: "kyb", initial: "idle", states: { idle: {} } } },
      business: { id: ids["c1-business"], companyName: "Acme Ltd", registrationNumber: null, countryOfIncorporation: "GB" },
      context: { entity: { data: { country: "GB" } }, score: 0.7 },
    });
    expect(page.data[2]).toMatchObject({ assignee: null, workflowDefinition: { name: "KYB v2", version: 2 } });
  });

  it("selects child workflows with childWorkflowsRuntimeData", async () => {
    await t.db.insert(workflowRuntimes).values({ projectId: P, workflowDefinitionId: "child_flow", workflowDefinitionVersion: 1, parentRuntimeId: ids.c1, state: "collect", tags: ["child"] });
    const page = await runFilterQuery(t.db, P, { entity: "businesses", query: { where: { id: ids.c1 }, select: { id: true, childWorkflowsRuntimeData: true } } });
    expect(page.data).toEqual([
      { id: ids.c1, childWorkflowsRuntimeData: [expect.objectContaining({ workflowDefinitionId: "child_flow", state: "collect", status: "active", tags: ["child"] })] },
    ]);
    const none = await runFilterQuery(t.db, P, { entity: "businesses", query: { where: { id: ids.c2 }, select: { childWorkflowsRuntimeData: true } } });
    expect(none.data).toEqual([{ childWorkflowsRuntimeData: [] }]);
  });

  it("uses the default select when none is given", async () => {
    const page = await runFilterQuery(t.db, P, { entity: "businesses", query: { where: { state: "approve" } } });
    expect(page.data).toHaveLength(1);
    expect(Object.keys(page.data[0])).toEqual(expect.arrayContaining(["id", "state", "status", "tags", "createdAt", "updatedAt"]));
    expect(page.data[0]).not.toHaveProperty("context");
  });

  it("equals (bare and explicit), not, in, notIn on columns", async () => {
    expect(await names({ state: "manual_review" })).toEqual(["c1", "c3"]);
    expect(await names({ state: { equals: "reject" } })).toEqual(["c4"]);
    expect(await names({ state: { not: "manual_review" } })).toEqual(["c2", "c4"]);
    expect(await names({ assigneeId: { not: null } })).toEqual(["c1", "c4"]);
    expect(await names({ assigneeId: null })).toEqual(["c2", "c3"]);
    expect(await names({ assigneeId: ids.reviewer })).toEqual(["c1", "c4"]);
    expect(await names({ state: { in: ["approve", "reject"] } })).toEqual(["c2", "c4"]);
    expect(await names({ state: { notIn: ["approve", "reject"] } })).toEqual(["c1", "c3"]);
    expect(await names({ state: { in: [] } })).toEqual([]);
    expect(await names({ manualReviewReason: { notIn: ["low score"] } })).toEqual(["c1", "c2", "c4"]);
    expect(await names({ id: { in: [ids.c1, ids.c2] } })).toEqual(["c1", "c2"]);
    expect(await names({ workflowDefinitionVersion: 2 })).toEqual(["c2", "c4"]);
  });

  it("contains, startsWith, endsWith (case-sensitive by default, mode insensitive), LIKE wildcards are literal", async () => {
    expect(await names({ "business.companyName": { contains: "Ltd" } })).toEqual(["c1", "c3"]);
    expect(await names({ "business.companyName": { contains: "ltd" } })).toEqual([]);
    expect(await names({ "business.companyName": { contains: "ltd", mode: "insensitive" } })).toEqual(["c1", "c3"]);
    expect(await names({ "business.companyName": { startsWith: "Be" } })).toEqual(["c2"]);
    expect(await names({ "business.companyName": { endsWith: "GmbH" } })).toEqual(["c2"]);
    expect(await names({ "business.companyName": { contains: "%" } })).toEqual(["c3"]);
    expect(await names({ "business.companyName": { contains: "_" } })).toEqual(["c4"]);
    expect(await names({ manualReviewReason: { contains: "mis" } })).toEqual(["c1"]);
  });

  it("lt, lte, gt, gte on timestamps and integers", async () => {
    expect(await names({ createdAt: { gte: "2024-05-01T10:01:00Z" } })).toEqual(["c2", "c3", "c4"]);
    expect(await names({ createdAt: { gt: "2024-05-01T10:01:00Z", lt: "2024-05-01T10:03:00Z" } })).toEqual(["c3"]);
    expect(await names({ createdAt: { lte: "2024-05-01T10:00:00Z" } })).toEqual(["c1"]);
    expect(await names({ "business.numberOfEmployees": { gt: 5 } })).toEqual(["c1", "c2"]);
    expect(await names({ "business.numberOfEmployees": { lte: 10 } })).toEqual(["c1", "c4"]);
    expect(await names({ business: { numberOfEmployees: null } })).toEqual(["c3"]);
  });

  it("hasSome, hasEvery, has, isEmpty on tags", async () => {
    expect(await names({ tags: { hasSome: ["vip", "de"] } })).toEqual(["c1", "c2", "c4"]);
    expect(await names({ tags: { hasEvery: ["vip", "uk"] } })).toEqual(["c1"]);
    expect(await names({ tags: { has: "de" } })).toEqual(["c2"]);
    expect(await names({ tags: "vip" })).toEqual(["c1", "c4"]);
    expect(await names({ tags: { isEmpty: true } })).toEqual(["c3"]);
    expect(await names({ tags: { hasSome: [] } })).toEqual([]);
  });

  it("conditions on JSON paths inside context", async () => {
    expect(await names({ "context.entity.data.country": { equals: "GB" } })).toEqual(["c1", "c3"]);
    expect(await names({ "context.entity.data.country": "DE" })).toEqual(["c2"]);
    expect(await names({ "context.entity.data.country": { not: "GB" } })).toEqual(["c2", "c4"]);
    expect(await names({ "context.entity.data.country": { in: ["FR", "DE"] } })).toEqual(["c2", "c4"]);
    expect(await names({ "context.score": { gte: 0.7 } })).toEqual(["c1", "c2"]);
    expect(await names({ "context.score": { lt: 0.6, gt: 0.2 } })).toEqual(["c3"]);
    expect(await names({ "context.score": 0.95 })).toEqual(["c2"]);
    expect(await names({ "context.entity.data.companyName": { startsWith: "gamma", mode: "insensitive" } })).toEqual(["c3"]);
    expect(await names({ "context.flags": { hasSome: ["uk", "de"] } })).toEqual(["c1", "c2"]);
    expect(await names({ "context.missing.path": null })).toEqual(["c1", "c2", "c3", "c4"]);
    expect(await names({ "context.entity.data.country": { not: null } })).toEqual(["c1", "c2", "c3", "c4"]);
    // A string compared with a number-only path never errors: non-numbers simply do not match.
    expect(await names({ "context.entity.data.country": { gt: 5 } })).toEqual([]);
  });

  it("AND, OR, NOT and nested relation conditions", async () => {
    expect(await names({ OR: [{ state: "approve" }, { tags: { has: "uk" } }] })).toEqual(["c1", "c2"]);
    expect(await names({ NOT: { state: "manual_review" } })).toEqual(["c2", "c4"]);
    expect(await names({ AND: [{ status: "completed" }, { business: { countryOfIncorporation: "FR" } }] })).toEqual(["c4"]);
    expect(await names({ OR: [] })).toEqual([]);
  });

  it("treats SQL-injection-looking values as plain data", async () => {
    expect(await names({ "business.companyName": "Delta_Co'; drop table filters; --" })).toEqual(["c4"]);
    expect(await names({ state: "x' or '1'='1" })).toEqual([]);
    expect(await names({ "context.entity.data.country') or true; --": "GB" })).toEqual([]);
    expect(await names({ "business.companyName": { contains: "'; select pg_sleep(1); --" } })).toEqual([]);
    const [{ n }] = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from businesses`));
    expect(n).toBe(5);
  });

  it("lists individuals through their end user", async () => {
    const page = await runFilterQuery(t.db, P, { entity: "individuals", query: { where: { endUser: { lastName: "Lovelace" } }, select: { id: true, endUser: true } } });
    expect(page.data).toEqual([{ id: ids.individual, endUser: expect.objectContaining({ firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" }) }]);
    expect(await names({}, "individuals")).toEqual(["individual"]);
  });

  it("paginates with a cursor, newest first or by company name, and searches", async () => {
    const first = await runFilterQuery(t.db, P, { entity: "businesses", query: {} }, { limit: 3 });
    expect(first.data.map((r) => r.id)).toEqual([ids.c4, ids.c3, ids.c2]);
    const second = await runFilterQuery(t.db, P, { entity: "businesses", query: {} }, { limit: 3, cursor: first.nextCursor! });
    expect(second.data.map((r) => r.id)).toEqual([ids.c1]);
    expect(second.nextCursor).toBeNull();
    const byName = await runFilterQuery(t.db, P, { entity: "businesses", query: {} }, { limit: 2, orderBy: "companyName" });
    expect(byName.data.map((r) => r.id)).toEqual([ids.c1, ids.c2]);
    const rest = await runFilterQuery(t.db, P, { entity: "businesses", query: {} }, { limit: 2, orderBy: "companyName", cursor: byName.nextCursor! });
    expect(rest.data.map((r) => r.id)).toEqual([ids.c4, ids.c3]);
    const offset = await runFilterQuery(t.db, P, { entity: "businesses", query: {} }, { limit: 2, offset: 2 });
    expect(offset.data.map((r) => r.id)).toEqual([ids.c2, ids.c1]);
    const found = await runFilterQuery(t.db, P, { entity: "businesses", query: {} }, { search: "gmbh" });
    expect(found.data.map((r) => r.id)).toEqual([ids.c2]);
    const extra = await runFilterQuery(t.db, P, { entity: "businesses", query: {} }, { extraWhere: sql`r.assignee_id = ${ids.reviewer}::uuid` });
    expect(extra.data.map((r) => r.id)).toEqual([ids.c4, ids.c1]);
    await expect(runFilterQuery(t.db, P, { entity: "businesses", query: {} }, { cursor: "bogus" })).rejects.toMatchObject({ status: 422, code: "invalid_cursor" });
    await expect(runFilterQuery(t.db, P, { entity: "businesses", query: {} }, { cursor: first.nextCursor!, orderBy: "companyName" })).rejects.toMatchObject({ code: "invalid_cursor" });
  });

  it("never returns another project's cases", async () => {
    const page = await runFilterQuery(t.db, "other", { entity: "businesses", query: { select: { id: true, business: true } } });
    expect(page.data).toHaveLength(1);
    expect(page.data[0].id).not.toBe(ids.c1);
  });
});

describe("validateFilterQuery", () => {
  it("accepts the spec's example and names every unknown field, operator and bad value", () => {
    expect(validateFilterQuery("businesses", { where: { businessId: { not: null }, workflowDefinitionId: { in: ["x"] } }, select: { id: true } })).toEqual([]);
    const errors = validateFilterQuery("businesses", {
      where: { foo: 1, state: { like: "x" }, id: "not-a-uuid", createdAt: { gt: "yesterday" }, tags: { hasSome: "vip" }, "endUser.firstName": "A", "context.": 1 },
      select: { bar: true, business: { select: { nope: true } }, state: "yes" },
      orderBy: {},
    });
    const paths = errors.map((e) => e.path);
    expect(paths).toEqual([
      "/query/orderBy",
      "/query/where/foo",
      "/query/where/state/like",
      "/query/where/id/equals",
      "/query/where/createdAt/gt",
      "/query/where/tags/hasSome",
      "/query/where/endUser.firstName",
      "/query/where/context.",
      "/query/select/bar",
      "/query/select/business/select/nope",
      "/query/select/state",
    ]);
    expect(errors[1].message).toMatch(/^unknown field 'foo'; use one of: id, state,/);
    expect(errors[2].message).toMatch(/unknown operator 'like' for 'state'.*use one of: equals, not, in, notIn, contains/);
    expect(validateFilterQuery("cases", {})).toEqual([{ path: "/entity", message: "entity must be one of: businesses, individuals" }]);
    expect(validateFilterQuery("individuals", { select: { business: true } })[0].path).toBe("/query/select/business");
  });
});
