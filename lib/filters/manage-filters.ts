import { and, eq } from "drizzle-orm";
import { projectFilter } from "../db/raw-sql";
import { auditedFor } from "../audit/audited-for";
import type { Caller } from "../callers/caller";
import { requireAdmin } from "../callers/require-admin";
import type { Db } from "../db/client";
import { isUuid } from "../db/ids";
import { filters } from "../db/schema";
import { notFound } from "../errors";
import { checkTeamIds } from "./check-team-ids";
import { createFilter, toFilterResponse, type FilterResponse, type NewFilterInput } from "./filter-store";
import type { QueueAssignment } from "./types";

/** A change to a queue: its name, the teams it is restricted to, how it assigns cases. */
export interface FilterPatch {
  name?: string;
  teamIds?: readonly string[];
  assignment?: QueueAssignment;
}

/** Create a filter (a queue) in the caller's project, audited as `filter.created` with its teams and assignment mode. */
export async function createFilterFor(db: Db, caller: Caller, input: NewFilterInput): Promise<FilterResponse> {
  await requireAdmin(db, caller, "create queues");
  return auditedFor(
    db,
    caller,
    (f: FilterResponse) => ({ action: "filter.created", target: { type: "filter", id: f.id }, summary: { name: f.name, entity: f.entity, teamIds: f.teamIds, assignment: f.assignment } }),
    (tx) => createFilter(tx, caller.projectId, input),
  );
}

/**
 * Rename a queue, restrict it to teams (`[]` lifts the restriction) or change its assignment mode; audited as
 * `filter.changed` with the fields sent. Team ids must be teams of the project (422 at `/teamIds/<i>`); a filter
 * of another project is not found.
 *
 * @example await updateFilterFor(db, caller, filterId, { teamIds: [seniorTeamId], assignment: "round_robin" });
 */
export async function updateFilterFor(db: Db, caller: Caller, filterId: string, patch: FilterPatch): Promise<FilterResponse> {
  await requireAdmin(db, caller, "change queues");
  if (!isUuid(filterId)) throw notFound("Filter", filterId);
  return auditedFor(db, caller, { action: "filter.changed", target: { type: "filter", id: filterId }, summary: { ...patch } }, async (tx) => {
    const teamIds = patch.teamIds === undefined ? undefined : await checkTeamIds(tx, caller.projectId, patch.teamIds);
    const [row] = await tx
      .update(filters)
      .set({
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(teamIds !== undefined ? { teamIds } : {}),
        ...(patch.assignment !== undefined ? { assignment: patch.assignment } : {}),
      })
      .where(and(projectFilter(filters.projectId, caller.projectId), eq(filters.id, filterId)))
      .returning();
    if (!row) throw notFound("Filter", filterId);
    return toFilterResponse(row);
  });
}
