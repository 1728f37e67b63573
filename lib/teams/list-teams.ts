import type { Caller } from "../callers/caller";
import { requireAdmin } from "../callers/require-admin";
import type { Db } from "../db/client";
import { isUuid } from "../db/ids";
import { notFound } from "../errors";
import { loadTeams, type TeamView } from "./team-view";

/** The caller's project's teams with their members, by name (admins and API keys). */
export async function listTeamsFor(db: Db, caller: Caller): Promise<TeamView[]> {
  await requireAdmin(db, caller, "manage teams");
  return loadTeams(db, caller.projectId);
}

/** One team of the caller's project; 404 `not_found` for another project's team or an id that is not a UUID. */
export async function getTeamFor(db: Db, caller: Caller, teamId: string): Promise<TeamView> {
  await requireAdmin(db, caller, "manage teams");
  return getTeamOrThrow(db, caller.projectId, teamId);
}

/** One team of the project with its members, or 404 `not_found`. */
export async function getTeamOrThrow(db: Db, projectId: string, teamId: string): Promise<TeamView> {
  const [team] = isUuid(teamId) ? await loadTeams(db, projectId, [teamId.toLowerCase()]) : [];
  if (!team) throw notFound("Team", teamId);
  return team;
}
