import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "@/tests/support/test-database";
import { filters, secrets, workflowDefinitions } from "@/lib/db/schema";
import { call } from "@/tests/support/http";
import { EXAMPLE, seedProject } from "@/tests/support/seed";
import * as filterList from "./filters/route";
import * as filterOne from "./filters/[filterId]/route";
import * as filterCases from "./filters/[filterId]/cases/route";
import * as definitionList from "./workflow-definitions/route";
import * as definitionOne from "./workflow-definitions/[definitionId]/route";
import * as definitionVersions from "./workflow-definitions/[definitionId]/versions/route";
import * as secretList from "./secrets/route";
import * as secretOne from "./secrets/[name]/route";

let t: TestDatabase;
let keyA: string;
let keyB: string;
let filterId: string;
const { version: _v, ...definition } = JSON.parse(JSON.stringify(EXAMPLE));
void _v;

beforeAll(async () => {
  t = await openTestDatabase();
  keyA = await seedProject(t.db, "proj-a");
  keyB = await seedProject(t.db, "proj-b");
  const filter = await call(filterList.POST, "POST", "/api/v1/external/filters", { key: keyA, body: { name: "A queue", entity: "businesses", query: { where: { state: "manual_review" } } } });
  filterId = filter.json.id;
  expect((await call(definitionList.POST, "POST", "/x", { key: keyA, body: definition })).status).toBe(201);
  expect((await call(secretOne.PUT, "PUT", "/x", { key: keyA, params: { name: "A_SECRET" }, body: { value: "a-only" } })).status).toBe(200);
});
afterAll(async () => {
  await t?.dispose();
});

const snapshot = async () => ({
  filters: await t.db.select().from(filters),
  definitions: await t.db.select().from(workflowDefinitions),
  secrets: await t.db.select().from(secrets),
});

describe(`cross-project isolation (${process.env.TEST_DB_KIND})`, () => {
  it("project B's key gets 404 for project A's filters, definitions and secrets, and changes nothing", async () => {
    const before = await snapshot();
    const notFound = [
      await call(filterOne.GET, "GET", "/x", { key: keyB, params: { filterId } }),
      await call(filterCases.GET, "GET", "/x", { key: keyB, params: { filterId } }),
      await call(definitionOne.GET, "GET", "/x", { key: keyB, params: { definitionId: definition.id } }),
      await call(definitionOne.GET, "GET", "/x?version=1", { key: keyB, params: { definitionId: definition.id } }),
      await call(definitionVersions.GET, "GET", "/x", { key: keyB, params: { definitionId: definition.id } }),
      await call(secretOne.DELETE, "DELETE", "/x", { key: keyB, params: { name: "A_SECRET" } }),
    ];
    for (const res of notFound) expect([res.status, res.json.code]).toEqual([404, "not_found"]);
    expect((await call(filterList.GET, "GET", "/x", { key: keyB })).json).toEqual([]);
    expect((await call(definitionList.GET, "GET", "/x", { key: keyB })).json).toEqual({ data: [], nextCursor: null });
    expect((await call(secretList.GET, "GET", "/x", { key: keyB })).json).toEqual({ data: [], nextCursor: null });
    const forbidden = await call(filterList.POST, "POST", "/x", { key: keyB, body: { name: "B into A", entity: "businesses", query: {}, projectId: "proj-a" } });
    expect(forbidden.status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it("the same names in project B are independent of project A", async () => {
    expect((await call(secretOne.PUT, "PUT", "/x", { key: keyB, params: { name: "A_SECRET" }, body: { value: "b-value" } })).status).toBe(200);
    const created = await call(definitionList.POST, "POST", "/x", { key: keyB, body: definition });
    expect(created.json).toMatchObject({ projectId: "proj-b", version: 1 });
    const a = await call(definitionOne.GET, "GET", "/x", { key: keyA, params: { definitionId: definition.id } });
    expect(a.json).toMatchObject({ projectId: "proj-a", version: 1 });
    expect((await call(filterList.GET, "GET", "/x", { key: keyA })).json.map((f: { id: string }) => f.id)).toEqual([filterId]);
  });
});
