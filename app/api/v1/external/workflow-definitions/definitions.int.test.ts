import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { testProject } from "@/tests/support/test-project";
import { workflowDefinitions } from "@/lib/db/schema";
import { getDefinitionOrThrow } from "@/lib/definitions";
import { call } from "@/tests/support/http";
import { EXAMPLE } from "@/tests/support/seed";
import { GET as list, POST as create } from "./route";
import { GET as getOne } from "./[definitionId]/route";
import { GET as versions } from "./[definitionId]/versions/route";

const t = testProject("p-def");
const { version: _v, ...example } = JSON.parse(JSON.stringify(EXAMPLE));
void _v;

const post = (body: unknown) => call(create, "POST", "/api/v1/external/workflow-definitions", { key: t.apiKey, body });
const get = (id: string, query = "") => call(getOne, "GET", `/api/v1/external/workflow-definitions/${id}${query}`, { key: t.apiKey, params: { definitionId: id } });

describe(`workflow definitions API (${process.env.TEST_DB_KIND})`, () => {
  it("creates version 1, then the next version on re-post", async () => {
    const first = await post(example);
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({ id: example.id, version: 1, name: example.name, definitionType: "statechart-json", projectId: "p-def" });
    expect(first.json.definition).toEqual(example.definition);
    expect(first.headers.get("location")).toBe(`/api/v1/external/workflow-definitions/${example.id}?version=1`);
    const second = await post({ ...example, name: "Renamed" });
    expect([second.status, second.json.version, second.json.name]).toEqual([201, 2, "Renamed"]);
  });

  it("gets the latest or a given version, lists versions and latest definitions", async () => {
    expect((await get(example.id)).json).toMatchObject({ version: 2, name: "Renamed" });
    expect((await get(example.id, "?version=1")).json).toMatchObject({ version: 1, name: example.name });
    const missing = await get(example.id, "?version=9");
    expect([missing.status, missing.json.code]).toEqual([404, "not_found"]);
    const bad = await get(example.id, "?version=zero");
    expect([bad.status, bad.json.errors[0].path]).toEqual([422, "/version"]);
    const v = await call(versions, "GET", "/x", { key: t.apiKey, params: { definitionId: example.id } });
    expect(v.json.data.map((d: { version: number }) => d.version)).toEqual([2, 1]);
    const all = await call(list, "GET", "/api/v1/external/workflow-definitions", { key: t.apiKey });
    expect(all.json.data.map((d: { id: string; version: number }) => [d.id, d.version])).toEqual([[example.id, 2]]);
    expect((await getDefinitionOrThrow(t.db, "p-def", example.id, 1)).version).toBe(1);
    await expect(getDefinitionOrThrow(t.db, "p-def", "nope")).rejects.toMatchObject({ status: 404, code: "not_found" });
  });

  it("422 definition_invalid with a pointer per problem; nothing stored", async () => {
    const broken = JSON.parse(JSON.stringify(example));
    broken.id = "broken";
    broken.definition.initial = "nowhere";
    broken.definition.states.idle.on = { start: "missing_state" };
    const res = await post(broken);
    expect(res.status).toBe(422);
    expect(res.json.code).toBe("definition_invalid");
    const paths = res.json.errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(["/definition/initial"]));
    expect(paths.some((p: string) => p.startsWith("/definition/states/idle/on"))).toBe(true);
    expect((await call(versions, "GET", "/x", { key: t.apiKey, params: { definitionId: "broken" } })).status).toBe(404);
  });

  it("422 validation_failed for wrong shapes and server-owned fields", async () => {
    const res = await post({ ...example, id: "has space", definitionType: "bpmn", projectId: "x", definition: "nope" });
    expect(res.status).toBe(422);
    expect(res.json.errors.map((e: { path: string }) => e.path).sort()).toEqual(["/definition", "/definitionType", "/id", "/projectId"]);
  });

  it("concurrent posts of one id get distinct consecutive versions", async () => {
    const body = { ...example, id: "concurrent" };
    const results = await Promise.all(Array.from({ length: 12 }, () => post(body)));
    expect(results.map((r) => r.status)).toEqual(Array(12).fill(201));
    expect(results.map((r) => r.json.version).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    const rows = await t.db.select().from(workflowDefinitions).where(and(eq(workflowDefinitions.projectId, "p-def"), eq(workflowDefinitions.id, "concurrent")));
    expect(rows).toHaveLength(12);
  });

  it("an explicit version must be the next one (409 version_conflict otherwise)", async () => {
    const body = { ...example, id: "pinned" };
    expect((await post({ ...body, version: 1 })).json.version).toBe(1);
    const stale = await post({ ...body, version: 1 });
    expect([stale.status, stale.json.code]).toEqual([409, "version_conflict"]);
    const gap = await post({ ...body, version: 5 });
    expect(gap.status).toBe(409);
    const racing = await Promise.all([post({ ...body, version: 2 }), post({ ...body, version: 2 })]);
    expect(racing.map((r) => r.status).sort()).toEqual([201, 409]);
  });
});
