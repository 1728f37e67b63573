import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { isUuid } from "../db/ids";
import { rowsOf } from "../db/rows";
import type { UserRole } from "../db/schema/users";
import { notFound } from "../errors";
import { filterMatch, listFilters, type FilterResponse } from "../filters";
import { userTeamIds } from "../teams/user-team-ids";

/*
 * Who sees which queue and case (docs/backoffice.md, "Teams and queue access").
 *
 * - Admins and auditors see every queue and every case (auditors read-only).
 * - A queue restricted to teams (`filters.team_ids`) is seen by the reviewers in at least one of its teams;
 *   a queue without teams by every reviewer.
 * - A case selected by a restricted queue belongs to that queue's teams: a reviewer sees it only when some
 *   restricted queue of one of their teams selects it too. A case no restricted queue selects is seen by every
 *   reviewer. So an unrestricted queue ("All cases") never shows a reviewer the cases a restricted queue holds
 *   for another team, and overlapping restricted queues share their cases between their teams.
 * - Hidden means not found: the queue is missing from the sidebar, the home page and its counts; its page, its
 *   cases' pages and every backoffice route naming them answer 404, as for an id that does not exist.
 *
 * Costs: the project's filters (read by the shell anyway) and the viewer's team ids, then one predicate in the
 * statement that lists or counts cases (no per-case query); one `exists` for a single case.
 */

/** Who looks at queues and cases: a signed-in user (a `SessionUser` fits). */
export interface QueueViewer {
  id: string;
  projectId: string;
  role: UserRole;
}

/** The queues a viewer sees and the ones hidden from them (oldest first), and a predicate over `r` true for the cases hidden from them (undefined: none are). */
export interface QueueAccess {
  visible: FilterResponse[];
  hidden: FilterResponse[];
  hiddenCases: SQL | undefined;
}

/** Admins and auditors see every queue and case. */
export const seesEveryQueue = (viewer: QueueViewer): boolean => viewer.role === "admin" || viewer.role === "auditor";

/**
 * The viewer's queues and hidden cases. Reads the project's filters and, only when some are restricted and the
 * viewer is a reviewer, their team ids.
 *
 * @example
 * const { visible, hiddenCases } = await queueAccess(db, user);
 * await listQueueCases(db, user, visible[0], params, hiddenCases);
 */
export async function queueAccess(db: Db, viewer: QueueViewer): Promise<QueueAccess> {
  const all = await listFilters(db, viewer.projectId);
  const restricted = all.filter((f) => f.teamIds.length > 0);
  if (seesEveryQueue(viewer) || restricted.length === 0) return { visible: all, hidden: [], hiddenCases: undefined };
  const teams = new Set(await userTeamIds(db, viewer.projectId, viewer.id));
  const isMine = (f: FilterResponse) => f.teamIds.some((id) => teams.has(id));
  const hidden = restricted.filter((f) => !isMine(f));
  const theirs = matchAny(hidden);
  const mine = matchAny(restricted.filter(isMine));
  const hiddenCases = theirs && (mine ? sql`(coalesce(${theirs}, false) and not coalesce(${mine}, false))` : sql`coalesce(${theirs}, false)`);
  return { visible: all.filter((f) => !hidden.includes(f)), hidden, hiddenCases };
}

/** A predicate over `r` matching the cases the viewer may see, for a statement's `where` (undefined: all of them). */
export function visibleCases(access: QueueAccess): SQL | undefined {
  return access.hiddenCases && sql`not ${access.hiddenCases}`;
}

/** The queue `id` when the viewer sees it; null when it does not exist or is restricted to teams they are in none of. */
export async function findQueueFor(db: Db, viewer: QueueViewer, id: string): Promise<FilterResponse | null> {
  return (await queueAccess(db, viewer)).visible.find((f) => f.id === id.toLowerCase()) ?? null;
}

/** Whether the project's case `runtimeId` is hidden from the viewer (false for an id that names no case). */
export async function isCaseHiddenFrom(db: Db, viewer: QueueViewer, runtimeId: string): Promise<boolean> {
  if (seesEveryQueue(viewer) || !isUuid(runtimeId)) return false;
  const { hiddenCases } = await queueAccess(db, viewer);
  if (!hiddenCases) return false;
  const rows = await db.execute(sql`select 1 from workflow_runtimes r where r.project_id = ${viewer.projectId} and r.id = ${runtimeId}::uuid and ${hiddenCases}`);
  return rowsOf(rows).length > 0;
}

/**
 * 404 `not_found` when the project has no case `runtimeId` or it is hidden from the viewer: both answer alike,
 * before the request's body is read, so an answer never tells a hidden case from a missing one.
 */
export async function requireCaseVisible(db: Db, viewer: QueueViewer, runtimeId: string): Promise<void> {
  const { hiddenCases } = isUuid(runtimeId) && !seesEveryQueue(viewer) ? await queueAccess(db, viewer) : { hiddenCases: undefined };
  const rows = isUuid(runtimeId)
    ? rowsOf(await db.execute(sql`select 1 from workflow_runtimes r where r.project_id = ${viewer.projectId} and r.id = ${runtimeId}::uuid ${hiddenCases ? sql`and not ${hiddenCases}` : sql``}`))
    : [];
  if (rows.length === 0) throw notFound("Case", runtimeId);
}

/** 404 `not_found` (as for a queue that does not exist) when the queue exists and is hidden from the viewer. */
export async function requireQueueVisible(db: Db, viewer: QueueViewer, filterId: string): Promise<void> {
  if (seesEveryQueue(viewer) || !isUuid(filterId)) return;
  const { hidden } = await queueAccess(db, viewer);
  if (hidden.some((f) => f.id === filterId.toLowerCase())) throw notFound("Filter", filterId);
}

/** Any of the filters selects the case; a restricted filter that no longer compiles selects nothing (its own page fails too). */
function matchAny(filters: FilterResponse[]): SQL | undefined {
  const parts = filters.flatMap((f) => {
    try {
      return [filterMatch(f)];
    } catch {
      return [];
    }
  });
  return parts.length ? sql`(${sql.join(parts, sql` or `)})` : undefined;
}
