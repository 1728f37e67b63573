import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { isUuid } from "../db/ids";
import { teams } from "../db/schema";
import { validationFailed } from "../errors";

/**
 * Refuse team ids that are not teams of the project: 422 `validation_failed` with one error per unknown id at
 * `/teamIds/<index>` (a team of another project is unknown here). Ids are lower-cased for storage.
 *
 * @example await checkTeamIds(db, "default", [seniorId, "00000000-0000-4000-8000-000000000000"]) // 422 at /teamIds/1
 */
export async function checkTeamIds(db: Db, projectId: string, teamIds: readonly string[]): Promise<string[]> {
  const ids = teamIds.map((id) => id.toLowerCase());
  if (ids.length === 0) return [];
  // FOR SHARE: a team being deleted (which locks its row FOR UPDATE and checks no queue names it) waits for this
  // transaction, and this one for the delete: a queue never keeps the id of a team deleted meanwhile.
  const candidates = ids.filter(isUuid);
  const rows = candidates.length ? await db.select({ id: teams.id }).from(teams).where(and(eq(teams.projectId, projectId), inArray(teams.id, candidates))).for("share") : [];
  const found = new Set(rows.map((t) => t.id));
  const errors = ids.flatMap((id, i) => (found.has(id) ? [] : [{ path: `/teamIds/${i}`, message: `no team '${id}' in this project; list the project's teams with GET /teams` }]));
  if (errors.length) throw validationFailed(`${errors.length === 1 ? "A team id is" : "Team ids are"} not teams of this project: ${errors.map((e) => e.path).join(", ")}.`, errors);
  return ids;
}
