import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { and, eq } from "drizzle-orm";
import { currentUser, type SessionUser } from "@/lib/auth/session";
import { auditEvents, teams, users } from "@/lib/db/schema";
import { call } from "@/tests/support/http";
import { seedProject } from "@/tests/support/seed";
import { openTestDatabase, type TestDatabase } from "@/tests/support/test-database";
import * as teamMember from "./[teamId]/members/[userId]/route";
import * as teamMembers from "./[teamId]/members/route";
import * as team from "./[teamId]/route";
import * as teamList from "./route";

// The Teams settings page's routes as an admin uses them; who else may not is in settings-routes.int.test.ts.
vi.mock("@/lib/auth/session", () => ({ currentUser: vi.fn() }));

const P = "teams_routes";
const SAME_ORIGIN = { host: "localhost", origin: "http://localhost" };
let t: TestDatabase;
let admin: SessionUser;
let rita: string;
let stranger: string;

beforeAll(async () => {
  t = await openTestDatabase();
  await seedProject(t.db, P);
  await seedProject(t.db, "elsewhere");
  const [a, r] = await t.db
    .insert(users)
    .values([
      { projectId: P, email: "ada@teams-routes.test", role: "admin", passwordHash: "x", firstName: "Ada" },
      { projectId: P, email: "rita@teams-routes.test", role: "reviewer", passwordHash: "x", firstName: "Rita" },
    ])
    .returning();
  [{ id: stranger }] = await t.db.insert(users).values({ projectId: "elsewhere", email: "eve@elsewhere.test", role: "reviewer", passwordHash: "x" }).returning();
  admin = { id: a.id, email: a.email, name: "Ada", role: "admin", projectId: P };
  rita = r.id;
});
afterAll(() => t?.dispose());
beforeEach(() => vi.mocked(currentUser).mockResolvedValue(admin));

describe(`backoffice teams routes (${process.env.TEST_DB_KIND})`, () => {
  it("creates a team (201, Location), adds and removes a member, renames and deletes it, each change audited", async () => {
    const created = await call(teamList.POST, "POST", "/api/backoffice/teams", { headers: SAME_ORIGIN, body: { name: " Senior " } });
    expect([created.status, created.json]).toEqual([201, expect.objectContaining({ name: "Senior", members: [] })]);
    const teamId = created.json.id as string;
    expect(created.headers.get("location")).toBe(`/api/backoffice/teams/${teamId}`);
    const params = { teamId };
    const added = await call(teamMembers.POST, "POST", "/x", { params, headers: SAME_ORIGIN, body: { userId: rita } });
    expect(added.json.members).toEqual([{ id: rita, name: "Rita", email: "rita@teams-routes.test", role: "reviewer", active: true }]);
    expect((await call(teamList.GET, "GET", "/x")).json.data).toEqual([added.json]);
    expect((await call(team.PATCH, "PATCH", "/x", { params, headers: SAME_ORIGIN, body: { name: "Seniors" } })).json.name).toBe("Seniors");
    expect((await call(teamMember.DELETE, "DELETE", "/x", { params: { ...params, userId: rita }, headers: SAME_ORIGIN })).status).toBe(204);
    expect((await call(team.GET, "GET", "/x", { params })).json).toMatchObject({ name: "Seniors", members: [] });
    expect((await call(team.DELETE, "DELETE", "/x", { params, headers: SAME_ORIGIN })).status).toBe(204);
    expect((await call(team.GET, "GET", "/x", { params })).status).toBe(404);
    const rows = await t.db.select().from(auditEvents).where(and(eq(auditEvents.projectId, P), eq(auditEvents.targetId, teamId)));
    expect(rows.map((r) => [r.action, r.actorId])).toEqual([
      ["team.created", admin.id],
      ["team.member_added", admin.id],
      ["team.renamed", admin.id],
      ["team.member_removed", admin.id],
      ["team.deleted", admin.id],
    ]);
  });

  it("answers problems with pointers: a taken name 409 at /name, a blank name and another project's user 422; nothing stored", async () => {
    const { json: kyb } = await call(teamList.POST, "POST", "/x", { headers: SAME_ORIGIN, body: { name: "KYB" } });
    const taken = await call(teamList.POST, "POST", "/x", { headers: SAME_ORIGIN, body: { name: "kyb" } });
    expect([taken.status, taken.json.code, taken.json.errors]).toEqual([409, "team_name_taken", [{ path: "/name", message: "already in use" }]]);
    const blank = await call(team.PATCH, "PATCH", "/x", { params: { teamId: kyb.id }, headers: SAME_ORIGIN, body: { name: "  " } });
    expect([blank.status, blank.json.errors[0].path]).toEqual([422, "/name"]);
    const foreign = await call(teamList.POST, "POST", "/x", { headers: SAME_ORIGIN, body: { name: "Mixed", memberIds: [rita, stranger] } });
    expect([foreign.status, foreign.json.errors]).toEqual([422, [{ path: "/memberIds/1", message: expect.stringContaining(stranger) }]]);
    const member = await call(teamMembers.POST, "POST", "/x", { params: { teamId: kyb.id }, headers: SAME_ORIGIN, body: { userId: "nope" } });
    expect([member.status, member.json.errors[0].path]).toEqual([422, "/userId"]);
    expect((await t.db.select().from(teams).where(eq(teams.projectId, P))).map((x) => x.name)).toEqual(["KYB"]);
  });
});
