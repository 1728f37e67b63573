import { auditedFor } from "../audit/audited-for";
import type { Caller } from "../callers/caller";
import { requireAdmin } from "../callers/require-admin";
import type { Db } from "../db/client";
import { teamMembers, teams } from "../db/schema";
import { getTeamOrThrow } from "./list-teams";
import { checkProjectUsers, teamNameTaken } from "./team-rows";
import type { TeamView } from "./team-view";

/**
 * Create a team in the caller's project, with its first members (admins and API keys). 409 `team_name_taken` at
 * `/name` when the project has a team of that name in any case; 422 at `/memberIds/<i>` for an id that is not a
 * user of the project. Audited as `team.created` with the name and member ids; a refusal stores nothing.
 *
 * @example await createTeamFor(db, caller, { name: "Senior", memberIds: [adaId] })
 */
export async function createTeamFor(db: Db, caller: Caller, input: { name: string; memberIds?: readonly string[] }): Promise<TeamView> {
  await requireAdmin(db, caller, "manage teams");
  return auditedFor(
    db,
    caller,
    (team: TeamView) => ({ action: "team.created", target: { type: "team", id: team.id }, summary: { name: team.name, memberIds: team.members.map((m) => m.id) } }),
    async (tx) => {
      const memberIds = await checkProjectUsers(tx, caller.projectId, input.memberIds ?? [], (i) => `/memberIds/${i}`);
      const [team] = await tx.insert(teams).values({ projectId: caller.projectId, name: input.name }).onConflictDoNothing().returning({ id: teams.id });
      if (!team) throw teamNameTaken(input.name);
      if (memberIds.length) await tx.insert(teamMembers).values(memberIds.map((userId) => ({ teamId: team.id, userId, projectId: caller.projectId })));
      return getTeamOrThrow(tx, caller.projectId, team.id);
    },
  );
}
