import { z } from "zod";
import { cursorParam, identifier, INT4_MAX, jsonObject, longLimitParam } from "./common";
import { subscriptionSchema } from "./run";

/**
 * Body of `POST /workflow-definitions`. The shape is checked here; the statechart, plugins and schemas are
 * checked by the engine's `validateDefinition` (422 `definition_invalid`).
 */
export const createDefinitionRequestSchema = z.strictObject({
  id: identifier.describe("Definition id, used as `workflowId` when running. Posting an existing id creates its next version."),
  name: z.string().trim().min(1).max(200),
  version: z
    .int()
    .min(1)
    .max(INT4_MAX)
    .optional()
    .describe("Optional expected version: when given it must be the next version (latest + 1), else 409 version_conflict."),
  definitionType: z.literal("statechart-json"),
  definition: jsonObject().describe("The statechart: id, initial, states."),
  extensions: jsonObject().optional().describe("Plugin configuration, e.g. { apiPlugins: [...], webhookPlugins: [...] }."),
  config: z.looseObject({ subscriptions: z.array(subscriptionSchema).max(20).optional() }).optional(),
  contextSchema: jsonObject().nullable().optional().describe("JSON Schema the run context must satisfy."),
  documentsSchema: jsonObject().nullable().optional().describe("JSON Schema the run documents must satisfy."),
});

/** Query of `GET /workflow-definitions/{id}`. */
export const getDefinitionQuerySchema = z.strictObject({
  version: z.coerce.number().int().min(1).max(INT4_MAX).optional().describe("A specific version; default: the latest."),
});

/**
 * Query of `GET /workflow-definitions`. The default page is the largest, so a project with up to 100 definitions
 * gets them all in one answer, as before pagination.
 */
export const listDefinitionsQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(100).describe("Page size, 1 to 100 (default 100); a page also ends after about 5 MB of definitions."),
  cursor: cursorParam,
});

/** Query of `GET /workflow-definitions/{id}/versions`. */
export const listVersionsQuerySchema = z.strictObject({ limit: longLimitParam, cursor: cursorParam });

export type ListVersionsQuery = z.output<typeof listVersionsQuerySchema>;
export type ListDefinitionsQuery = z.output<typeof listDefinitionsQuerySchema>;
export type CreateDefinitionRequest = z.output<typeof createDefinitionRequestSchema>;
