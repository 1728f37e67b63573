import { sql, type SQL } from "drizzle-orm";
import type { SessionUser } from "../auth/session";
import type { Db } from "../db/client";
import { notFound } from "../errors";
import type { FilterResponse } from "../filters";
import { quickFilters, searchCondition } from "./list-queue-cases";
import { queueAccess, visibleCases } from "./queue-access";
import type { QueueParams } from "./queue-params";

/** Cases picked on a queue page: some of the page's rows, or everything the page shows across its pages. */
export type QueuePick = { runtimeIds: string[] } | { view: Pick<QueueParams, "q" | "assignee" | "state" | "status" | "due"> };

/**
 * The queue `filterId` as `user` sees it, and a predicate over `r` (and the entity's alias) narrowing its cases to
 * the ones picked: the selected ids, or the page's quick filters and search; in both cases only cases the user
 * may open (queue teams, `queueAccess`). A queue hidden from the user is 404, as a missing one.
 *
 * @example
 * const { filter, narrow } = await queueSelection(db, user, filterId, { view: { state: "manual_review" } });
 * await countMatchingRuntimes(db, user.projectId, compileFilterQuery(filter.entity, filter.query), narrow);
 */
export async function queueSelection(db: Db, user: SessionUser, filterId: string, pick: QueuePick): Promise<{ filter: FilterResponse; narrow: SQL | undefined }> {
  const access = await queueAccess(db, user);
  const filter = access.visible.find((f) => f.id === filterId.toLowerCase());
  if (!filter) throw notFound("Filter", filterId);
  const parts =
    "runtimeIds" in pick
      ? [sql`r.id in (select v::uuid from jsonb_array_elements_text(${JSON.stringify(pick.runtimeIds)}::jsonb) v)`]
      : [quickFilters(user, pick.view), pick.view.q ? searchCondition(filter.entity, pick.view.q, user.projectId) : undefined];
  const present = [...parts, visibleCases(access)].filter((p): p is SQL => p !== undefined);
  return { filter, narrow: present.length ? sql.join(present, sql` and `) : undefined };
}
