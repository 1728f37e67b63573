import { and, asc, eq, sql } from "drizzle-orm";
import { projectFilter } from "../db/raw-sql";
import { AppError, notFound } from "../errors";
import { decodeKeyCursor, encodeKeyCursor } from "../db/key-cursor";
import type { ListFiltersQuery } from "../api/schemas";
import type { Db } from "../db/client";
import { filters, type Filter } from "../db/schema";
import { checkTeamIds } from "./check-team-ids";
import { validateFilterQuery } from "./compile-filter-query";
import type { FilterEntity, FilterQuery, QueueAssignment } from "./types";

/** A filter as the API returns it. */
export interface FilterResponse {
  id: string;
  name: string;
  entity: FilterEntity;
  query: FilterQuery;
  projectId: string;
  /** The teams the queue is restricted to; empty: every reviewer of the project sees it (lib/queues/queue-access.ts). */
  teamIds: string[];
  assignment: QueueAssignment;
  createdAt: string;
}

/** What a new filter is made of; `teamIds` and `assignment` default to none and `manual`. */
export interface NewFilterInput {
  name: string;
  entity: FilterEntity;
  query: FilterQuery;
  teamIds?: readonly string[];
  assignment?: QueueAssignment;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Validate (422 `validation_failed` naming every unknown field/operator, then every team id that is not a team of
 * the project, at `/teamIds/<i>`) and store a filter of the project.
 */
export async function createFilter(db: Db, projectId: string, input: NewFilterInput): Promise<FilterResponse> {
  const errors = validateFilterQuery(input.entity, input.query);
  if (errors.length) {
    const summary = errors.length === 1 ? `${errors[0].path}: ${errors[0].message}` : `${errors.length} problems; see errors`;
    throw new AppError("validation_failed", `The filter query is invalid: ${summary}.`, { errors: errors });
  }
  const teamIds = await checkTeamIds(db, projectId, input.teamIds ?? []);
  const [row] = await db
    .insert(filters)
    .values({ projectId, name: input.name, entity: input.entity, query: input.query, teamIds, assignment: input.assignment ?? "manual" })
    .returning();
  return toFilterResponse(row);
}

/** The project's filters, oldest first. */
export async function listFilters(db: Db, projectId: string): Promise<FilterResponse[]> {
  const rows = await db.select().from(filters).where(eq(filters.projectId, projectId)).orderBy(asc(filters.createdAt), asc(filters.id));
  return rows.map(toFilterResponse);
}

/**
 * A page of the project's filters, oldest first, for `GET /filters`. The cursor is the last filter's id; the
 * next page starts after that filter's (createdAt, id). `nextCursor` is null on the last page.
 */
export async function listFiltersPage(db: Db, projectId: string, q: ListFiltersQuery): Promise<{ data: FilterResponse[]; nextCursor: string | null }> {
  const after = q.cursor === undefined ? undefined : decodeKeyCursor(q.cursor, "filters", (k) => UUID_RE.test(k));
  const rows = await db
    .select()
    .from(filters)
    .where(
      and(
        eq(filters.projectId, projectId),
        after === undefined
          ? undefined
          : sql`(${filters.createdAt}, ${filters.id}) > (select f.created_at, f.id from filters f where f.project_id = ${projectId} and f.id = ${after}::uuid)`,
      ),
    )
    .orderBy(asc(filters.createdAt), asc(filters.id))
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  return { data: page.map(toFilterResponse), nextCursor: rows.length > q.limit ? encodeKeyCursor("filters", page[page.length - 1].id) : null };
}

/** One filter of the project; 404 `not_found` when absent, in another project, or not a UUID. */
export async function getFilterOrThrow(db: Db, projectId: string, id: string): Promise<FilterResponse> {
  const [row] = UUID_RE.test(id)
    ? await db.select().from(filters).where(and(projectFilter(filters.projectId, projectId), eq(filters.id, id))).limit(1)
    : [];
  if (!row) throw notFound("Filter", id);
  return toFilterResponse(row);
}

export function toFilterResponse(row: Filter): FilterResponse {
  return {
    id: row.id,
    name: row.name,
    entity: row.entity,
    query: row.query,
    projectId: row.projectId,
    teamIds: row.teamIds,
    assignment: row.assignment,
    createdAt: row.createdAt.toISOString(),
  };
}
