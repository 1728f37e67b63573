import { z } from "zod";
import * as s from "../schemas";
import * as r from "../schemas/responses";
import { WEBHOOK_API_ROUTES } from "../../webhooks/openapi-routes";

/** One documented operation. Schemas here are the ones the routes validate with. */
export interface ApiRoute {
  method: "get" | "post" | "put" | "delete";
  path: string;
  summary: string;
  tag: string;
  /** false for public endpoints (no API key). */
  auth?: boolean;
  pathParams?: Record<string, string>;
  query?: z.ZodType;
  headers?: { name: string; description: string }[];
  body?: { name: string; schema: z.ZodType };
  /** Success status -> description, and optionally a named response schema. */
  success: { status: number; description: string; schema?: { name: string; schema: z.ZodType } };
  /** Error statuses this operation can answer besides 401/429 (problem+json). */
  errors?: number[];
}

const runtimeId = { workflowRuntimeId: "Runtime id returned by run." };
const definitionId = { definitionId: "Definition id (the workflowId used when running)." };
const filterId = { filterId: "Filter id." };
const idempotency = { name: "Idempotency-Key", description: "Replays the first response for a repeated key with the same body (kept 24 h); another body with the key is 422. The key commits with the work, so a retry after a crash never runs it twice." };
const body = (name: string, schema: z.ZodType) => ({ name, schema });
const page = (item: z.ZodType) =>
  z.object({ data: z.array(item), nextCursor: z.string().nullable().describe("Pass as `cursor` for the next page; null on the last page.") });

/** Every endpoint under /api/v1, in documentation order. */
export const API_ROUTES: ApiRoute[] = [
  {
    method: "post",
    path: "/api/v1/external/workflows/run",
    tag: "Workflows",
    summary: "Start a workflow",
    body: body("RunRequest", s.runRequestSchema),
    headers: [idempotency],
    success: { status: 201, description: "The workflow was started.", schema: body("RunResponse", r.runResponseSchema) },
    errors: [400, 404, 413, 415, 422],
  },
  {
    method: "post",
    path: "/api/v1/external/workflows/{workflowRuntimeId}/send-event",
    tag: "Workflows",
    summary: "Send an event to a workflow",
    pathParams: runtimeId,
    body: body("SendEventRequest", s.sendEventRequestSchema),
    headers: [
      idempotency,
      { name: "If-Match", description: "Apply only if the runtime's version equals this value (412 otherwise)." },
      { name: "Prefer", description: "`wait=<seconds>`: wait until the runtime settles (no pending plugin calls)." },
    ],
    success: { status: 200, description: "The runtime after the event: id, state, status, tags, context, nextEvents, version, manualReviewReason, workflowFinalState." },
    errors: [400, 404, 409, 412, 413, 415, 422],
  },
  {
    method: "get",
    path: "/api/v1/external/workflows",
    tag: "Workflows",
    summary: "List workflow runtimes",
    query: s.listWorkflowsQuerySchema,
    success: { status: 200, description: "`{ data: [runtime], nextCursor }`, newest first." },
    errors: [422],
  },
  {
    method: "get",
    path: "/api/v1/external/workflows/{workflowRuntimeId}",
    tag: "Workflows",
    summary: "Get a workflow runtime",
    pathParams: runtimeId,
    success: { status: 200, description: "The runtime." },
    errors: [404],
  },
  {
    method: "get",
    path: "/api/v1/external/workflows/{workflowRuntimeId}/history",
    tag: "Workflows",
    summary: "A runtime's history",
    pathParams: runtimeId,
    success: { status: 200, description: "Transitions, plugin calls (redacted), decisions and webhooks, oldest first." },
    errors: [404],
  },
  {
    method: "get",
    path: "/api/v1/external/workflow-definitions",
    tag: "Definitions",
    summary: "List definitions (latest version of each)",
    query: s.listDefinitionsQuerySchema,
    success: {
      status: 200,
      description: "`{ data: [definition], nextCursor }`, by id: at most `limit` definitions, fewer once a page holds about 5 MB.",
      schema: body("DefinitionPage", page(r.definitionResponseSchema)),
    },
    errors: [422],
  },
  {
    method: "post",
    path: "/api/v1/external/workflow-definitions",
    tag: "Definitions",
    summary: "Create a definition or its next version",
    body: body("CreateDefinitionRequest", s.createDefinitionRequestSchema),
    success: { status: 201, description: "The stored version.", schema: body("Definition", r.definitionResponseSchema) },
    errors: [400, 409, 413, 415, 422],
  },
  {
    method: "get",
    path: "/api/v1/external/workflow-definitions/{definitionId}",
    tag: "Definitions",
    summary: "Get a definition (latest or ?version=)",
    pathParams: definitionId,
    query: s.getDefinitionQuerySchema,
    success: { status: 200, description: "The definition.", schema: body("Definition", r.definitionResponseSchema) },
    errors: [404, 422],
  },
  {
    method: "get",
    path: "/api/v1/external/workflow-definitions/{definitionId}/versions",
    tag: "Definitions",
    summary: "List a definition's versions",
    pathParams: definitionId,
    query: s.listVersionsQuerySchema,
    success: { status: 200, description: "`{ data, nextCursor }`: newest first, without bodies.", schema: body("DefinitionVersions", r.definitionVersionsResponseSchema) },
    errors: [404, 422],
  },
  {
    method: "get",
    path: "/api/v1/external/filters",
    tag: "Filters",
    summary: "List filters",
    query: s.listFiltersQuerySchema,
    success: {
      status: 200,
      description: 'A plain array of filters, oldest first; when there are more, a `Link: </api/v1/external/filters?limit=…&cursor=…>; rel="next"` header.',
      schema: body("FilterList", z.array(r.filterResponseSchema)),
    },
    errors: [422],
  },
  {
    method: "post",
    path: "/api/v1/external/filters",
    tag: "Filters",
    summary: "Create a filter (a backoffice queue)",
    body: body("CreateFilterRequest", s.createFilterRequestSchema),
    success: { status: 201, description: "The stored filter.", schema: body("Filter", r.filterResponseSchema) },
    errors: [400, 403, 413, 415, 422],
  },
  {
    method: "get",
    path: "/api/v1/external/filters/{filterId}",
    tag: "Filters",
    summary: "Get a filter",
    pathParams: filterId,
    success: { status: 200, description: "The filter.", schema: body("Filter", r.filterResponseSchema) },
    errors: [404],
  },
  {
    method: "get",
    path: "/api/v1/external/filters/{filterId}/cases",
    tag: "Filters",
    summary: "Run a filter",
    pathParams: filterId,
    query: s.filterCasesQuerySchema,
    success: { status: 200, description: "One page of matching cases.", schema: body("FilterCases", r.filterCasesResponseSchema) },
    errors: [404, 422],
  },
  {
    method: "get",
    path: "/api/v1/external/secrets",
    tag: "Secrets",
    summary: "List secrets (names and dates only)",
    query: s.listSecretsQuerySchema,
    success: { status: 200, description: "`{ data: [{ name, createdAt, updatedAt }], nextCursor }`, by name.", schema: body("SecretList", page(r.secretInfoSchema)) },
    errors: [422],
  },
  {
    method: "put",
    path: "/api/v1/external/secrets/{name}",
    tag: "Secrets",
    summary: "Create or replace a secret",
    pathParams: { name: "Secret name, e.g. REGISTRY_API_KEY." },
    body: body("PutSecretRequest", s.putSecretRequestSchema),
    success: { status: 200, description: "Name and dates (never the value).", schema: body("SecretInfo", r.secretInfoSchema) },
    errors: [400, 413, 415, 422],
  },
  {
    method: "delete",
    path: "/api/v1/external/secrets/{name}",
    tag: "Secrets",
    summary: "Delete a secret",
    pathParams: { name: "Secret name." },
    success: { status: 204, description: "Deleted." },
    errors: [404, 422],
  },
  ...WEBHOOK_API_ROUTES,
  {
    method: "get",
    path: "/api/v1/openapi.json",
    tag: "Meta",
    summary: "This OpenAPI document",
    auth: false,
    success: { status: 200, description: "OpenAPI 3.1 JSON." },
  },
  {
    method: "get",
    path: "/api/health",
    tag: "Meta",
    summary: "Liveness and database reachability",
    auth: false,
    success: { status: 200, description: "`{ status, database, version }`; 503 when the database does not answer." },
  },
];
