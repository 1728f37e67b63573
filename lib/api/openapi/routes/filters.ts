import { z } from "zod";
import { pathParams } from "../../../api-contract/path-params";
import { named, type RouteGroup } from "../../../api-contract/route-spec";
import * as s from "../../schemas";
import { filterCasesResponseSchema, filterResponseSchema } from "../../schemas/responses";

const filter = named("Filter", filterResponseSchema);

/** Filters: stored queries over cases that the backoffice shows as queues. */
export const FILTER_ROUTES: RouteGroup = {
  tag: "Filters",
  description: "Filters: stored queries over cases (runtimes) that the backoffice shows as queues.",
  routes: [
    {
      method: "get",
      path: "/api/v1/external/filters",
      scope: "runtimes:read",
      summary: "List filters",
      query: s.listFiltersQuerySchema,
      success: {
        status: 200,
        description: "A plain array of filters, oldest first; when there are more, a `Link: <…>; rel=\"next\"` header.",
        schema: named("FilterList", z.array(filterResponseSchema)),
        headers: ["Link"],
      },
      errors: ["invalid_cursor"],
    },
    {
      method: "post",
      path: "/api/v1/external/filters",
      scope: "definitions:write",
      summary: "Create a filter (a backoffice queue)",
      body: named("CreateFilterRequest", s.createFilterRequestSchema),
      success: { status: 201, description: "The stored filter. `teamIds` restricts the queue to teams (422 at `/teamIds/<i>` for an id that is not a team of the project).", schema: filter, headers: ["Location"] },
      errors: ["forbidden"],
    },
    {
      method: "get",
      path: "/api/v1/external/filters/{filterId}",
      scope: "runtimes:read",
      summary: "Get a filter",
      pathParams: pathParams("filterId"),
      success: { status: 200, description: "The filter.", schema: filter },
      errors: ["not_found"],
    },
    {
      method: "patch",
      path: "/api/v1/external/filters/{filterId}",
      scope: "definitions:write",
      summary: "Rename a filter, restrict it to teams, or set its assignment mode",
      pathParams: pathParams("filterId"),
      body: named("UpdateFilterRequest", s.updateFilterRequestSchema),
      success: { status: 200, description: "The changed filter.", schema: filter },
      errors: ["not_found"],
    },
    {
      method: "get",
      path: "/api/v1/external/filters/{filterId}/cases",
      scope: "runtimes:read",
      summary: "Run a filter",
      pathParams: pathParams("filterId"),
      query: s.filterCasesQuerySchema,
      success: { status: 200, description: "One page of matching cases.", schema: named("FilterCases", filterCasesResponseSchema) },
      errors: ["not_found", "invalid_cursor"],
    },
  ],
};
