import { describe, expect, it } from "vitest";
import { and, asc, eq, like } from "drizzle-orm";
import { testProject } from "../../tests/support/test-project";
import { testAuthorizationCast, testUser } from "../../tests/support/users";
import { apiKeyCaller } from "../callers/caller";
import { auditEvents, filters, teamMembers, teams } from "../db/schema";
import { createFilter, updateFilterFor } from "../filters";
import { addTeamMemberFor, createTeamFor, deleteTeamFor, getTeamFor, listTeamsFor, removeTeamMemberFor, renameTeamFor, userTeams } from ".";

// Teams as admins and API keys manage them: names unique per project regardless of case, members from the
// project only, every change audited, a team a queue is restricted to kept until the queue lets go of it.
const P = "teams";
const OTHER = "teams_other";
const t = testProject(P);
const { admin, reviewer, outsider } = testAuthorizationCast(t, P, OTHER);
const ann = testUser(t, P, "ann@teams.test");
const bob = testUser(t, P, "bob@teams.test");

const audit = (action: string) =>
  t.db.select().from(auditEvents).where(and(eq(auditEvents.projectId, P), like(auditEvents.action, action))).orderBy(asc(auditEvents.id));
const teamRows = (projectId = P) => t.db.select().from(teams).where(eq(teams.projectId, projectId));

describe(`teams (${process.env.TEST_DB_KIND})`, () => {
  it("creates a team with members, lists teams by name with their members, and audits the creation", async () => {
    const senior = await createTeamFor(t.db, admin, { name: "Senior", memberIds: [bob.id, ann.id.toUpperCase()] });
    expect(senior).toMatchObject({ name: "Senior", members: [{ id: ann.id, name: "ann", email: "ann@teams.test", role: "reviewer", active: true }, { id: bob.id, name: "bob" }] });
    await createTeamFor(t.db, admin, { name: "aml" });
    expect((await listTeamsFor(t.db, admin)).map((team) => [team.name, team.members.length])).toEqual([["aml", 0], ["Senior", 2]]);
    expect(await getTeamFor(t.db, admin, senior.id)).toEqual(senior);
    expect(await userTeams(t.db, P, ann.id)).toEqual([{ id: senior.id, name: "Senior" }]);
    const [row] = await audit("team.created");
    expect(row).toMatchObject({ actorType: "user", actorId: admin.userId, targetType: "team", targetId: senior.id, summary: { name: "Senior", memberIds: [ann.id, bob.id] } });
  });

  it("409 team_name_taken at /name for a name the project has in any case; another project may use it", async () => {
    const before = (await teamRows()).length;
    for (const name of ["senior", "SENIOR"]) {
      await expect(createTeamFor(t.db, admin, { name })).rejects.toMatchObject({ status: 409, code: "team_name_taken", errors: [{ path: "/name" }] });
    }
    expect((await teamRows()).length).toBe(before);
    await expect(createTeamFor(t.db, outsider, { name: "Senior" })).resolves.toMatchObject({ name: "Senior", members: [] });
  });

  it("422 at /memberIds/<i> for members who are not users of the project; nothing stored", async () => {
    const before = (await teamRows()).length;
    const unknown = "00000000-0000-4000-8000-000000000000";
    await expect(createTeamFor(t.db, admin, { name: "KYB", memberIds: [ann.id, outsider.userId, unknown] })).rejects.toMatchObject({
      status: 422,
      code: "validation_failed",
      errors: [{ path: "/memberIds/1" }, { path: "/memberIds/2" }],
    });
    expect((await teamRows()).length).toBe(before);
    expect((await audit("team.created")).map((r) => r.summary.name)).toEqual(["Senior", "aml"]);
  });

  it("renames a team (a change of case too), refuses a taken name, and audits each rename once", async () => {
    const team = await createTeamFor(t.db, admin, { name: "Onboarding" });
    await expect(renameTeamFor(t.db, admin, team.id, "senior")).rejects.toMatchObject({ status: 409, code: "team_name_taken", errors: [{ path: "/name" }] });
    expect(await renameTeamFor(t.db, admin, team.id, "Onboarding EU")).toMatchObject({ id: team.id, name: "Onboarding EU" });
    expect(await renameTeamFor(t.db, admin, team.id, "onboarding eu")).toMatchObject({ name: "onboarding eu" });
    await renameTeamFor(t.db, admin, team.id, "onboarding eu");
    expect((await audit("team.renamed")).map((r) => r.summary)).toEqual([{ from: "Onboarding", to: "Onboarding EU" }, { from: "Onboarding EU", to: "onboarding eu" }]);
    await expect(renameTeamFor(t.db, outsider, team.id, "Mine")).rejects.toMatchObject({ status: 404 });
    await expect(renameTeamFor(t.db, admin, "not-a-uuid", "Mine")).rejects.toMatchObject({ status: 404 });
  });

  it("adds members of the project only (again: no change), removes them, 404 for a non-member; audited", async () => {
    const team = await createTeamFor(t.db, admin, { name: "Sanctions" });
    await expect(addTeamMemberFor(t.db, admin, team.id, outsider.userId)).rejects.toMatchObject({ status: 422, errors: [{ path: "/userId" }] });
    expect((await addTeamMemberFor(t.db, admin, team.id, ann.id)).members.map((m) => m.id)).toEqual([ann.id]);
    expect((await addTeamMemberFor(t.db, admin, team.id, ann.id)).members.map((m) => m.id)).toEqual([ann.id]);
    await removeTeamMemberFor(t.db, admin, team.id, ann.id);
    await expect(removeTeamMemberFor(t.db, admin, team.id, ann.id)).rejects.toMatchObject({ status: 404, code: "not_found" });
    await expect(addTeamMemberFor(t.db, outsider, team.id, ann.id)).rejects.toMatchObject({ status: 404 });
    const rows = await audit("team.member_%");
    expect(rows.map((r) => [r.action, r.targetId, r.summary])).toEqual([
      ["team.member_added", team.id, { userId: ann.id }],
      ["team.member_removed", team.id, { userId: ann.id }],
    ]);
  });

  it("refuses to delete a team a queue is restricted to (409 team_in_use naming it), then deletes it with its memberships", async () => {
    const team = await createTeamFor(t.db, admin, { name: "PEP", memberIds: [bob.id] });
    const queue = await createFilter(t.db, P, { name: "PEP review", entity: "businesses", query: {}, teamIds: [team.id] });
    await expect(deleteTeamFor(t.db, admin, team.id)).rejects.toMatchObject({ status: 409, code: "team_in_use", message: expect.stringContaining("'PEP review'") });
    expect(await getTeamFor(t.db, admin, team.id)).toMatchObject({ members: [{ id: bob.id }] });
    await updateFilterFor(t.db, admin, queue.id, { teamIds: [] });
    await deleteTeamFor(t.db, admin, team.id);
    await expect(getTeamFor(t.db, admin, team.id)).rejects.toMatchObject({ status: 404 });
    expect(await t.db.select().from(teamMembers).where(eq(teamMembers.teamId, team.id))).toEqual([]);
    await expect(deleteTeamFor(t.db, admin, team.id)).rejects.toMatchObject({ status: 404 });
    expect((await audit("team.deleted")).map((r) => [r.targetId, r.summary])).toEqual([[team.id, { name: "PEP" }]]);
    await expect(updateFilterFor(t.db, admin, queue.id, { teamIds: [team.id] })).rejects.toMatchObject({ status: 422, errors: [{ path: "/teamIds/0" }] });
    expect((await t.db.select().from(filters).where(eq(filters.id, queue.id)))[0].teamIds).toEqual([]);
  });

  it("is for admins and API keys: a reviewer is refused everything (403), a key acts in its own project", async () => {
    const [team] = await listTeamsFor(t.db, admin);
    const calls: Array<() => Promise<unknown>> = [
      () => listTeamsFor(t.db, reviewer),
      () => getTeamFor(t.db, reviewer, team.id),
      () => createTeamFor(t.db, reviewer, { name: "Mine" }),
      () => renameTeamFor(t.db, reviewer, team.id, "Mine"),
      () => deleteTeamFor(t.db, reviewer, team.id),
      () => addTeamMemberFor(t.db, reviewer, team.id, reviewer.userId),
      () => removeTeamMemberFor(t.db, reviewer, team.id, ann.id),
    ];
    for (const call of calls) await expect(call()).rejects.toMatchObject({ status: 403, code: "forbidden" });
    const key = apiKeyCaller({ apiKeyId: "00000000-0000-4000-8000-000000000001", projectId: OTHER });
    const created = await createTeamFor(t.db, key, { name: "Key team", memberIds: [outsider.userId] });
    expect((await listTeamsFor(t.db, key)).map((x) => x.name)).toEqual(["Key team", "Senior"]);
    await expect(getTeamFor(t.db, key, team.id)).rejects.toMatchObject({ status: 404 });
    const [row] = await t.db.select().from(auditEvents).where(eq(auditEvents.targetId, created.id));
    expect(row).toMatchObject({ projectId: OTHER, actorType: "api_key", action: "team.created" });
  });
});
