import { z } from "zod";
import { cursorParam, jsonObject, limitParam } from "./common";

const WHERE_HELP =
  "Map from field to condition. Fields: id, state, status, tags, assigneeId, businessId, endUserId, workflowDefinitionId, " +
  "createdAt, updatedAt, resolvedAt, dueAt, manualReviewReason, workflowFinalState, business.<field>, endUser.<field>, context.<json path>; " +
  "AND/OR/NOT combine conditions. A condition is a bare value (equals) or an object of operators: equals, not, in, notIn, " +
  "contains, startsWith, endsWith, lt, lte, gt, gte, hasSome, hasEvery, has (tags), mode: insensitive.";
const SELECT_HELP =
  "Map from field to true, or for a relation (assignee, workflowDefinition, business, endUser) to { select: {...} }.";

/** `query` of a filter; field names and operators are checked by `validateFilterQuery`. */
export const filterQuerySchema = z.strictObject({
  where: jsonObject().optional().describe(WHERE_HELP),
  select: jsonObject().optional().describe(SELECT_HELP),
});

/** How a queue assigns a case entering one of its review states: not at all, in turn, or to the least loaded member. */
export const queueAssignmentSchema = z
  .enum(["manual", "round_robin", "least_loaded"])
  .describe("manual: nobody is assigned automatically; round_robin / least_loaded: a case entering a review state of the queue goes to an active member of its teams.");

/** Team ids of the project, at most 50, each once; checked against the project's teams by the domain (422 at `/teamIds/<i>`). */
const teamIdsSchema = z
  .array(z.uuid())
  .max(50)
  .refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, "list each team once")
  .describe("Restrict the queue to these teams: reviewers in none of them neither see the queue nor open its cases. Empty: every reviewer.");

/** Body of `POST /filters` (spec "Filter"). `projectId` defaults to the API key's project and must equal it. */
export const createFilterRequestSchema = z.strictObject({
  name: z.string().trim().min(1).max(200).describe("Queue name shown in the backoffice."),
  entity: z.enum(["businesses", "individuals"]),
  query: filterQuerySchema,
  projectId: z.string().min(1).max(200).optional(),
  teamIds: teamIdsSchema.default([]),
  assignment: queueAssignmentSchema.default("manual"),
});

/** Body of `PATCH /filters/{filterId}`: a new name, team restriction or assignment mode, or several. */
export const updateFilterRequestSchema = z
  .strictObject({
    name: z.string().trim().min(1).max(200).optional(),
    teamIds: teamIdsSchema.optional(),
    assignment: queueAssignmentSchema.optional(),
  })
  .refine((b) => b.name !== undefined || b.teamIds !== undefined || b.assignment !== undefined, "send 'name', 'teamIds', 'assignment', or several");

/** Query of `GET /filters/{filterId}/cases`. */
export const filterCasesQuerySchema = z.strictObject({
  limit: limitParam,
  cursor: cursorParam,
  orderBy: z.enum(["createdAt", "companyName"]).default("createdAt").describe("createdAt: newest first; companyName: A to Z."),
  search: z.string().min(1).max(200).optional().describe("Case-insensitive text match on the entity's name, e-mail or correlation id."),
});

/**
 * Query of `GET /filters`. The answer stays the spec's plain array; a further page is announced by a
 * `Link: <…>; rel="next"` header.
 */
export const listFiltersQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(100).describe("Page size, 1 to 100 (default 100)."),
  cursor: cursorParam.describe("The cursor of the previous page's `Link: <…>; rel=\"next\"` header."),
});

export type ListFiltersQuery = z.output<typeof listFiltersQuerySchema>;
export type CreateFilterRequest = z.output<typeof createFilterRequestSchema>;
export type UpdateFilterRequest = z.output<typeof updateFilterRequestSchema>;
export type FilterCasesQuery = z.output<typeof filterCasesQuerySchema>;
