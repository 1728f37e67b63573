import { beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { auditEvents, filters, teams } from "@/lib/db/schema";
import { call } from "@/tests/support/http";
import { seedProject } from "@/tests/support/seed";
import { testProject } from "@/tests/support/test-project";
import { POST as create } from "./route";
import { GET as getOne, PATCH as patch } from "./[filterId]/route";

// A queue's team restriction and assignment mode through the filters API: stored, answered, validated against the project's teams.
const P = "filter_teams";
const OTHER = "filter_teams_other";
const UNKNOWN = "00000000-0000-4000-8000-000000000000";
const t = testProject(P);
let senior: string;
let juniors: string;
let foreign: string;
const body = { name: "Senior review", entity: "businesses", query: { where: { state: "manual_review" } } };
const stored = async (id: string) => (await t.db.select().from(filters).where(eq(filters.id, id)))[0];

beforeAll(async () => {
  await seedProject(t.db, OTHER);
  [{ id: senior }, { id: juniors }] = await t.db.insert(teams).values([{ projectId: P, name: "Senior" }, { projectId: P, name: "Juniors" }]).returning();
  [{ id: foreign }] = await t.db.insert(teams).values({ projectId: OTHER, name: "Senior" }).returning();
});

describe(`filters: teamIds and assignment (${process.env.TEST_DB_KIND})`, () => {
  it("stores and answers the teams and assignment mode; they default to none and manual", async () => {
    const plain = await call(create, "POST", "/x", { key: t.apiKey, body });
    expect(plain.json).toMatchObject({ teamIds: [], assignment: "manual" });
    const res = await call(create, "POST", "/x", { key: t.apiKey, body: { ...body, teamIds: [senior.toUpperCase(), juniors], assignment: "round_robin" } });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ teamIds: [senior, juniors], assignment: "round_robin" });
    expect(await stored(res.json.id)).toMatchObject({ teamIds: [senior, juniors], assignment: "round_robin" });
    expect((await call(getOne, "GET", "/x", { key: t.apiKey, params: { filterId: res.json.id } })).json).toEqual(res.json);
    const [row] = await t.db.select().from(auditEvents).where(and(eq(auditEvents.projectId, P), eq(auditEvents.targetId, res.json.id)));
    expect(row).toMatchObject({ action: "filter.created", actorType: "api_key", summary: { name: "Senior review", teamIds: [senior, juniors], assignment: "round_robin" } });
  });

  it("422 at /teamIds/<i> for an id that is no team of the project (another project's team included), nothing stored", async () => {
    const before = (await t.db.select().from(filters).where(eq(filters.projectId, P))).length;
    const res = await call(create, "POST", "/x", { key: t.apiKey, body: { ...body, teamIds: [senior, foreign, UNKNOWN] } });
    expect([res.status, res.json.code]).toEqual([422, "validation_failed"]);
    expect(res.json.errors).toEqual([
      { path: "/teamIds/1", message: expect.stringContaining(`no team '${foreign}'`) },
      { path: "/teamIds/2", message: expect.stringContaining(`no team '${UNKNOWN}'`) },
    ]);
    const shapes: [unknown, string][] = [
      [["senior"], "/teamIds/0"],
      [[senior, senior.toUpperCase()], "/teamIds"],
      ["senior", "/teamIds"],
    ];
    for (const [teamIds, path] of shapes) {
      const bad = await call(create, "POST", "/x", { key: t.apiKey, body: { ...body, teamIds } });
      expect([bad.status, bad.json.errors[0].path], JSON.stringify(teamIds)).toEqual([422, path]);
    }
    const mode = await call(create, "POST", "/x", { key: t.apiKey, body: { ...body, assignment: "random" } });
    expect([mode.status, mode.json.errors[0].path]).toEqual([422, "/assignment"]);
    expect((await t.db.select().from(filters).where(eq(filters.projectId, P))).length).toBe(before);
  });

  it("PATCH restricts a queue to teams, lifts the restriction with [], sets the assignment mode, and is audited", async () => {
    const { json: queue } = await call(create, "POST", "/x", { key: t.apiKey, body });
    const params = { filterId: queue.id };
    const restricted = await call(patch, "PATCH", "/x", { key: t.apiKey, params, body: { teamIds: [juniors], assignment: "least_loaded" } });
    expect([restricted.status, restricted.json]).toEqual([200, { ...queue, teamIds: [juniors], assignment: "least_loaded" }]);
    const renamed = await call(patch, "PATCH", "/x", { key: t.apiKey, params, body: { name: "Juniors' queue" } });
    expect(renamed.json).toMatchObject({ name: "Juniors' queue", teamIds: [juniors], assignment: "least_loaded" });
    const lifted = await call(patch, "PATCH", "/x", { key: t.apiKey, params, body: { teamIds: [] } });
    expect(lifted.json).toMatchObject({ teamIds: [], assignment: "least_loaded" });
    const rows = await t.db.select().from(auditEvents).where(and(eq(auditEvents.targetId, queue.id), eq(auditEvents.action, "filter.changed")));
    expect(rows.map((r) => r.summary)).toEqual([{ teamIds: [juniors], assignment: "least_loaded" }, { name: "Juniors' queue" }, { teamIds: [] }]);
  });

  it("PATCH refuses unknown teams, empty bodies and other projects' filters, changing nothing", async () => {
    const { json: queue } = await call(create, "POST", "/x", { key: t.apiKey, body: { ...body, teamIds: [senior] } });
    const params = { filterId: queue.id };
    const unknown = await call(patch, "PATCH", "/x", { key: t.apiKey, params, body: { teamIds: [juniors, foreign], name: "Renamed" } });
    expect([unknown.status, unknown.json.errors]).toEqual([422, [{ path: "/teamIds/1", message: expect.any(String) }]]);
    const empty = await call(patch, "PATCH", "/x", { key: t.apiKey, params, body: {} });
    expect([empty.status, empty.json.code]).toEqual([422, "validation_failed"]);
    const otherKey = `kyc_test_${OTHER}_0123456789abcdef`;
    const elsewhere = await call(patch, "PATCH", "/x", { key: otherKey, params, body: { teamIds: [] } });
    expect([elsewhere.status, elsewhere.json.code]).toEqual([404, "not_found"]);
    const malformed = await call(patch, "PATCH", "/x", { key: t.apiKey, params: { filterId: "nope" }, body: { teamIds: [] } });
    expect(malformed.status).toBe(404);
    expect(await stored(queue.id)).toMatchObject({ name: "Senior review", teamIds: [senior], assignment: "manual" });
    expect(await t.db.select().from(auditEvents).where(and(eq(auditEvents.targetId, queue.id), eq(auditEvents.action, "filter.changed")))).toEqual([]);
  });
});
