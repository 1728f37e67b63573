import { and, eq, inArray } from "drizzle-orm";
import { projectFilter } from "../db/raw-sql";
import type { Db } from "../db/client";
import { isUuid } from "../db/ids";
import { teams, users, type Team } from "../db/schema";
import { AppError, notFound, validationFailed } from "../errors";

/**
 * The project's team row, locked until the transaction ends (so a concurrent delete, rename or member change of
 * the same team waits); 404 `not_found` for another project's team or an id that is not a UUID.
 */
export async function lockTeamOrThrow(tx: Db, projectId: string, teamId: string): Promise<Team> {
  const [row] = isUuid(teamId)
    ? await tx.select().from(teams).where(and(projectFilter(teams.projectId, projectId), eq(teams.id, teamId.toLowerCase()))).for("update")
    : [];
  if (!row) throw notFound("Team", teamId);
  return row;
}

/**
 * Refuse user ids that are not users of the project: 422 `validation_failed`, one error per unknown id at
 * `pointer(index)` (`/memberIds/1`, `/userId`). Another project's user is unknown here.
 */
export async function checkProjectUsers(db: Db, projectId: string, userIds: readonly string[], pointer: (index: number) => string): Promise<string[]> {
  const ids = userIds.map((id) => id.toLowerCase());
  if (ids.length === 0) return [];
  const candidates = ids.filter(isUuid);
  const rows = candidates.length ? await db.select({ id: users.id }).from(users).where(and(eq(users.projectId, projectId), inArray(users.id, candidates))) : [];
  const found = new Set(rows.map((u) => u.id));
  const errors = ids.flatMap((id, i) => (found.has(id) ? [] : [{ path: pointer(i), message: `no user '${id}' in this project; members must be users of the team's project` }]));
  if (errors.length) throw validationFailed(`Only users of this project can be team members: ${errors.map((e) => e.path).join(", ")}.`, errors);
  return ids;
}

/** 409 `team_name_taken` at `/name`. */
export function teamNameTaken(name: string): AppError {
  return new AppError("team_name_taken", `A team named '${name}' already exists in this project (names are compared regardless of case); choose another name.`, {
    errors: [{ path: "/name", message: "already in use" }],
  });
}
