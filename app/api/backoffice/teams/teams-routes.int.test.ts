import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { and, eq } from "drizzle-orm";
import type { SessionUser } from "@/lib/auth/session";
import { auditEvents, teams } from "@/lib/db/schema";
import { call } from "@/tests/support/http";
import { SAME_ORIGIN, signInAs } from "@/tests/support/backoffice-session";
import { seedProject } from "@/tests/support/seed";
import { testProject } from "@/tests/support/test-project";
import { insertUser } from "@/tests/support/users";
import * as teamMember from "./[teamId]/members/[userId]/route";
import * as teamMembers from "./[teamId]/members/route";
import * as team from "./[teamId]/route";
import * as teamList from "./route";

// The Teams settings page's routes as an admin uses them; who else may not is in settings-routes.int.test.ts.
vi.mock("@/lib/auth/session", () => ({ currentUser: vi.fn() }));

const P = "teams_routes";
const t = testProject(P);
let admin: SessionUser;
let rita: string;
let stranger: string;

beforeAll(async () => {
  await seedProject(t.db, "elsewhere");
  admin = await insertUser(t.db, P, "ada@teams-routes.test", "admin", { firstName: "Ada" });
  rita = (await insertUser(t.db, P, "rita@teams-routes.test", "reviewer", { firstName: "Rita" })).id;
  stranger = (await insertUser(t.db, "elsewhere", "eve@elsewhere.test")).id;
});
beforeEach(() => signInAs(admin));

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
