import { z } from "zod";
import { jsonObject } from "./common";
import { filterQuerySchema } from "./filters";

/*
 * Response shapes, for the OpenAPI document only (responses are built by lib/ code, not parsed).
 * Keep them in step with lib/filters/filter-store.ts, lib/definitions/definition-response.ts and lib/secrets.
 */

const timestamp = z.string().describe("ISO 8601 date-time (UTC).");

export const runResponseSchema = z.object({
  workflowDefinitionId: z.string(),
  workflowRuntimeId: z.string().describe("Used in the send-event path."),
  serviceEntityId: z.string().describe("The service's id of the business or end user."),
});

export const filterResponseSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  entity: z.enum(["businesses", "individuals"]),
  query: filterQuerySchema,
  projectId: z.string(),
  createdAt: timestamp,
});

export const filterCasesResponseSchema = z.object({
  data: z.array(jsonObject()).describe("Cases shaped by the filter's select (camelCase keys, relations nested)."),
  nextCursor: z.string().nullable().describe("Pass as `cursor` for the next page; null on the last page."),
});

export const definitionResponseSchema = z.object({
  id: z.string(),
  version: z.int(),
  name: z.string(),
  definitionType: z.literal("statechart-json"),
  definition: jsonObject(),
  extensions: jsonObject(),
  config: jsonObject(),
  contextSchema: jsonObject().nullable(),
  documentsSchema: jsonObject().nullable(),
  projectId: z.string(),
  createdAt: timestamp,
});

export const definitionVersionsResponseSchema = z.object({
  data: z.array(z.object({ id: z.string(), version: z.int(), name: z.string(), createdAt: timestamp })),
  nextCursor: z.string().nullable().describe("Pass as `cursor` for the next page; null on the last page."),
});

export const secretInfoSchema = z.object({ name: z.string(), createdAt: timestamp, updatedAt: timestamp });

export const problemSchema = z.object({
  type: z.string().describe("`about:blank#<code>`."),
  title: z.string(),
  status: z.int(),
  detail: z.string().describe("What went wrong and how to fix it."),
  code: z.string().describe("Stable snake_case error code, e.g. validation_failed, not_found, event_not_accepted."),
  errors: z
    .array(z.object({ path: z.string().describe("JSON pointer into the request."), message: z.string() }))
    .describe("Every problem, at most the first 100."),
  errorCount: z.int().optional().describe("The number of all problems, present when `errors` lists only the first 100."),
});
