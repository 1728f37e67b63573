import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { teamMembers, teams, users } from "../db/schema";
import type { UserRole } from "../db/schema/users";

/** A member of a team as the teams API and settings page show them. */
export interface TeamMemberView {
  id: string;
  name: string;
  email: string;
  role: UserRole;
  active: boolean;
}

/** A team with its members (by name). */
export interface TeamView {
  id: string;
  name: string;
  members: TeamMemberView[];
  createdAt: string;
  updatedAt: string;
}

/**
 * The project's teams with their members, by name (case-insensitive); only the teams `ids` names when given.
 * Two statements, however many teams.
 */
export async function loadTeams(db: Db, projectId: string, ids?: readonly string[]): Promise<TeamView[]> {
  if (ids && ids.length === 0) return [];
  const rows = await db
    .select()
    .from(teams)
    .where(and(eq(teams.projectId, projectId), ids ? inArray(teams.id, [...ids]) : undefined))
    .orderBy(asc(sql`lower(${teams.name})`), asc(teams.id));
  if (rows.length === 0) return [];
  const members = await db
    .select({ teamId: teamMembers.teamId, id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, role: users.role, active: users.active })
    .from(teamMembers)
    .innerJoin(users, and(eq(users.id, teamMembers.userId), eq(users.projectId, teamMembers.projectId)))
    .where(and(eq(teamMembers.projectId, projectId), inArray(teamMembers.teamId, rows.map((r) => r.id))))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.email));
  return rows.map((t) => ({
    id: t.id,
    name: t.name,
    members: members
      .filter((m) => m.teamId === t.id)
      .map((m) => ({ id: m.id, name: `${m.firstName} ${m.lastName}`.trim() || m.email, email: m.email, role: m.role, active: m.active })),
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  }));
}
