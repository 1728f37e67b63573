import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count } from "drizzle-orm";
import { openTestDatabase, type TestDatabase } from "@/tests/support/test-database";
import { businesses, filters, workflowRuntimes } from "@/lib/db/schema";
import { call } from "@/tests/support/http";
import { seedProject } from "@/tests/support/seed";
import { GET as list, POST as create, PUT as put } from "./route";
import { GET as getOne } from "./[filterId]/route";
import { GET as cases } from "./[filterId]/cases/route";
import { EXAMPLE_FILTER_SELECT } from "@/tests/support/example-filter";

let t: TestDatabase;
let key: string;
/** The spec's example filter request (shared/examples/filter-request.json). */
const example = {
  name: "KYB manual review",
  entity: "businesses",
  projectId: "default",
  query: {
    where: { businessId: { not: null }, workflowDefinitionId: { in: ["kyb_manual_review_example"] } },
    select: EXAMPLE_FILTER_SELECT,
  },
};
const filterCount = async () => (await t.db.select({ n: count() }).from(filters))[0].n;

beforeAll(async () => {
  t = await openTestDatabase();
  key = await seedProject(t.db, "default");
  const [b] = await t.db.insert(businesses).values({ projectId: "default", correlationId: "acme", companyName: "Acme Ltd" }).returning();
  await t.db.insert(workflowRuntimes).values([
    { projectId: "default", workflowDefinitionId: "kyb_manual_review_example", workflowDefinitionVersion: 1, businessId: b.id, state: "manual_review" },
    { projectId: "default", workflowDefinitionId: "other_flow", workflowDefinitionVersion: 1, businessId: b.id, state: "idle" },
  ]);
});
afterAll(async () => {
  await t?.dispose();
});

describe(`filters API (${process.env.TEST_DB_KIND})`, () => {
  it("creates the spec's example filter: 201 with id, createdAt and the stored query", async () => {
    const res = await call(create, "POST", "/api/v1/external/filters", { key, body: example });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ id: expect.any(String), name: example.name, entity: "businesses", query: example.query, projectId: "default", teamIds: [], assignment: "manual", createdAt: expect.any(String) });
    expect(res.headers.get("location")).toBe(`/api/v1/external/filters/${res.json.id}`);

    const listed = await call(list, "GET", "/api/v1/external/filters", { key });
    expect(listed.status).toBe(200);
    expect(listed.json).toEqual([res.json]);
    const one = await call(getOne, "GET", `/api/v1/external/filters/${res.json.id}`, { key, params: { filterId: res.json.id } });
    expect(one.json).toEqual(res.json);
    // Stored as written: the keys of `where` and `select` (the queue's columns) keep the integrator's order.
    expect(JSON.stringify(one.json.query)).toBe(JSON.stringify(example.query));

    const page = await call(cases, "GET", `/api/v1/external/filters/${res.json.id}/cases?limit=10`, { key, params: { filterId: res.json.id } });
    expect(page.status).toBe(200);
    expect(page.json.data).toHaveLength(1);
    expect(page.json.data[0]).toMatchObject({ state: "manual_review", business: { companyName: "Acme Ltd" }, assignee: null, workflowDefinition: null });
    expect(page.json.nextCursor).toBeNull();
    const badLimit = await call(cases, "GET", `/api/v1/external/filters/${res.json.id}/cases?limit=1000&color=red`, { key, params: { filterId: res.json.id } });
    expect(badLimit.status).toBe(422);
    expect(badLimit.json.errors.map((e: { path: string }) => e.path).sort()).toEqual(["/color", "/limit"]);
  });

  it("defaults projectId to the key's project and refuses another project with 403", async () => {
    const { projectId: _omit, ...withoutProject } = example;
    void _omit;
    const created = await call(create, "POST", "/api/v1/external/filters", { key, body: { ...withoutProject, name: "No project" } });
    expect([created.status, created.json.projectId]).toEqual([201, "default"]);
    const before = await filterCount();
    const res = await call(create, "POST", "/api/v1/external/filters", { key, body: { ...example, projectId: "someone-else" } });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ code: "forbidden", errors: [{ path: "/projectId" }] });
    expect(await filterCount()).toBe(before);
  });

  it("422 naming unknown fields and operators, nothing stored", async () => {
    const before = await filterCount();
    const body = { ...example, query: { where: { colour: "red", state: { matches: "x" } }, select: { secretField: true } } };
    const res = await call(create, "POST", "/api/v1/external/filters", { key, body });
    expect(res.status).toBe(422);
    expect(res.json.code).toBe("validation_failed");
    expect(res.json.errors).toEqual([
      { path: "/query/where/colour", message: expect.stringMatching(/^unknown field 'colour'; use one of: /) },
      { path: "/query/where/state/matches", message: expect.stringContaining("unknown operator 'matches'") },
      { path: "/query/select/secretField", message: expect.stringMatching(/^unknown field 'secretField'/) },
    ]);
    const wrongEntity = await call(create, "POST", "/api/v1/external/filters", { key, body: { ...example, entity: "cars" } });
    expect(wrongEntity.json.errors[0].path).toBe("/entity");
    expect(await filterCount()).toBe(before);
  });

  it("answers every malformed body with 4xx problem+json and stores nothing", async () => {
    const before = await filterCount();
    const url = "/api/v1/external/filters";
    const cases: [number, string, Parameters<typeof call>[3]][] = [
      [415, "unsupported_media_type", { key, body: JSON.stringify(example), headers: { "content-type": "text/plain" } }],
      [413, "payload_too_large", { key, body: { ...example, name: "x".repeat(1_100_000) } }],
      [400, "malformed_json", { key, body: '{"name": "x",' }],
      [422, "too_deeply_nested", { key, body: { ...example, query: { where: JSON.parse("[".repeat(80) + "]".repeat(80)) } } }],
      [422, "forbidden_key", { key, body: '{"name":"x","entity":"businesses","query":{"where":{"__proto__":{"state":"x"}}}}' }],
      [422, "validation_failed", { key, body: { ...example, status: "approved", name: 42 } }],
    ];
    for (const [status, code, options] of cases) {
      const res = await call(create, "POST", url, options);
      expect(res.status, code).toBe(status);
      expect(res.headers.get("content-type")).toBe("application/problem+json");
      expect(res.json.code).toBe(code);
    }
    const typed = await call(create, "POST", url, { key, body: { ...example, status: "approved", name: 42 } });
    expect(typed.json.errors).toEqual([
      { path: "/name", message: expect.stringContaining("expected string") },
      { path: "/status", message: expect.stringMatching(/^unknown field 'status'; use one of: name, entity, query, projectId, teamIds, assignment$/) },
    ]);
    expect(await filterCount()).toBe(before);
  });

  it("422 for NUL characters in bodies, query and path parameters (PostgreSQL cannot store them)", async () => {
    const before = await filterCount();
    const body = await call(create, "POST", "/api/v1/external/filters", { key, body: { ...example, name: "a\u0000b" } });
    expect([body.status, body.json.errors]).toEqual([422, [{ path: "/name", message: expect.stringContaining("NUL") }]]);
    const [first] = (await call(list, "GET", "/x", { key })).json;
    const query = await call(cases, "GET", `/api/v1/external/filters/${first.id}/cases?search=a%00b`, { key, params: { filterId: first.id } });
    expect([query.status, query.json.errors[0].path]).toEqual([422, "/search"]);
    const param = await call(getOne, "GET", "/x", { key, params: { filterId: "a\u0000b" } });
    expect([param.status, param.json.errors[0].path]).toEqual([422, "/filterId"]);
    expect(await filterCount()).toBe(before);
  });

  it("404 for unknown or malformed filter ids, 405 with Allow for wrong methods", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid", "'; drop table filters; --"]) {
      const res = await call(getOne, "GET", "/x", { key, params: { filterId: id } });
      expect([res.status, res.json.code]).toEqual([404, "not_found"]);
    }
    const res = await call(put, "PUT", "/api/v1/external/filters", { key, body: {} });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, POST, HEAD, OPTIONS");
    expect(res.json.code).toBe("method_not_allowed");
  });
});
