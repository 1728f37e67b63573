import { z } from "zod";
import { nextCursor, timestamp } from "../../api-contract/shapes";
import { ERROR_CODES, type ErrorCode } from "../../errors";
import { jsonObject } from "./common";
import { filterQuerySchema, queueAssignmentSchema } from "./filters";

/*
 * Response shapes, for the OpenAPI document only (responses are built by lib/ code, not parsed);
 * response-types.test.ts keeps them in step with the types the handlers answer with. Runtimes and history
 * are in ./runtimes.ts.
 */

export const runResponseSchema = z.object({
  workflowDefinitionId: z.string(),
  workflowRuntimeId: z.uuid().describe("Used in the send-event path."),
  serviceEntityId: z.uuid().describe("The service's id of the business or end user."),
});

export const filterResponseSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  entity: z.enum(["businesses", "individuals"]),
  query: filterQuerySchema,
  projectId: z.string(),
  teamIds: z.array(z.uuid()).describe("The teams the queue is restricted to; empty: every reviewer sees it."),
  assignment: queueAssignmentSchema,
  createdAt: timestamp,
});

export const filterCasesResponseSchema = z.object({
  data: z.array(jsonObject()).describe("Cases shaped by the filter's select (camelCase keys, relations nested)."),
  nextCursor,
});

/** `definitionType` is `string` in code; `statechart-json` is the only one a definition can be created with. */
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
  nextCursor,
});

export const secretInfoSchema = z.object({
  name: z.string(),
  allowedHosts: z.array(z.string()).nullable().describe("Host patterns the secret may be sent to; null: not bound (consider binding it)."),
  createdAt: timestamp,
  updatedAt: timestamp,
});

/** Every stable error code (lib/errors/error-codes.ts). */
const errorCodes = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];

export const problemSchema = z.object({
  type: z.string().describe("`about:blank#<code>`."),
  title: z.string(),
  status: z.int(),
  detail: z.string().describe("What went wrong and how to fix it."),
  code: z.enum(errorCodes).describe("Stable snake_case error code; each operation's answers list the codes it answers with."),
  errors: z
  .array(z.object({ path: z.string().describe("JSON pointer into the request."), message: z.string() }))
  .describe("Every problem, at most the first 100."),
  errorCount: z.int().optional().describe("The number of all problems, present when `errors` lists only the first 100."),
  scope: z.string().optional().describe("`insufficient_scope`: the scope the operation needs and the API key lacks."),
});
