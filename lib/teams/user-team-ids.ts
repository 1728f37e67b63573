import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { teamMembers, teams } from "../db/schema";

/**
 * The teams of the project `userId` belongs to (ids and names, by name); `[]` for a user in none. One indexed
 * statement (`team_members_user_idx`). Queue access and review rules use it.
 *
 * @example await userTeams(db, "default", adaId) // [{ id: "…", name: "Senior" }]
 */
export async function userTeams(db: Db, projectId: string, userId: string): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: teams.id, name: teams.name })
    .from(teamMembers)
    .innerJoin(teams, and(eq(teams.id, teamMembers.teamId), eq(teams.projectId, teamMembers.projectId)))
    .where(and(eq(teamMembers.projectId, projectId), eq(teamMembers.userId, userId)))
    .orderBy(asc(teams.name));
}

/** The ids of `userTeams`. */
export async function userTeamIds(db: Db, projectId: string, userId: string): Promise<string[]> {
  return (await userTeams(db, projectId, userId)).map((t) => t.id);
}
