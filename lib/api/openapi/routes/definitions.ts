import { pathParams } from "../../../api-contract/path-params";
import { named, type RouteGroup } from "../../../api-contract/route-spec";
import { page } from "../../../api-contract/shapes";
import * as s from "../../schemas";
import { definitionResponseSchema, definitionVersionsResponseSchema } from "../../schemas/responses";

const definition = named("Definition", definitionResponseSchema);

/** Workflow definitions and their versions. */
export const DEFINITION_ROUTES: RouteGroup = {
  tag: "Definitions",
  description: "Workflow definitions (statechart-json), stored as numbered versions; runs use the latest unless they pin one.",
  routes: [
    {
      method: "get",
      path: "/api/v1/external/workflow-definitions",
      scope: "runtimes:read",
      summary: "List definitions (latest version of each)",
      query: s.listDefinitionsQuerySchema,
      success: {
        status: 200,
        description: "`{ data: [definition], nextCursor }`, by id: at most `limit` definitions, fewer once a page holds about 5 MB.",
        schema: named("DefinitionPage", page(definitionResponseSchema)),
      },
      errors: ["invalid_cursor"],
    },
    {
      method: "post",
      path: "/api/v1/external/workflow-definitions",
      scope: "definitions:write",
      summary: "Create a definition or its next version",
      body: named("CreateDefinitionRequest", s.createDefinitionRequestSchema),
      success: { status: 201, description: "The stored version.", schema: definition, headers: ["Location"] },
      errors: ["definition_invalid", { code: "version_conflict", status: 409 }],
    },
    {
      method: "get",
      path: "/api/v1/external/workflow-definitions/{definitionId}",
      scope: "runtimes:read",
      summary: "Get a definition (latest or ?version=)",
      pathParams: pathParams("definitionId"),
      query: s.getDefinitionQuerySchema,
      success: { status: 200, description: "The definition.", schema: definition },
      errors: ["not_found"],
    },
    {
      method: "get",
      path: "/api/v1/external/workflow-definitions/{definitionId}/versions",
      scope: "runtimes:read",
      summary: "List a definition's versions",
      pathParams: pathParams("definitionId"),
      query: s.listVersionsQuerySchema,
      success: { status: 200, description: "`{ data, nextCursor }`: newest first, without bodies.", schema: named("DefinitionVersions", definitionVersionsResponseSchema) },
      errors: ["not_found", "invalid_cursor"],
    },
  ],
};
