import { z } from "zod";
import { SERVICE_VERSION } from "../../version";
import { API_ROUTES, type ApiRoute } from "./routes";
import { problemSchema } from "../schemas/responses";

type Json = Record<string, unknown>;

const ERROR_TEXT: Record<number, string> = {
  400: "Malformed JSON (`malformed_json`).",
  401: "Missing, unknown or revoked API key (`unauthorized`).",
  403: "Not allowed for this API key's project (`forbidden`).",
  404: "Not found in this project (`not_found`).",
  409: "Conflict (`event_not_accepted`, `version_conflict`, ...).",
  412: "`If-Match` did not match (`precondition_failed`).",
  413: "Body over the size limit (`payload_too_large`).",
  415: "Body is not `application/json` (`unsupported_media_type`).",
  422: "Invalid request; `errors` lists every problem with a JSON pointer (`validation_failed`, ...).",
  429: "Rate limit exceeded (`rate_limited`); see `Retry-After`.",
};

let cached: Json | undefined;

/**
 * The OpenAPI 3.1 document of the service, generated from `API_ROUTES` and the zod schemas the routes
 * validate with (`z.toJSONSchema`, JSON Schema 2020-12, the dialect of OpenAPI 3.1). Built once per process.
 */
export function openApiDocument(): Json {
  if (cached) return cached;
  const schemas: Json = { Problem: jsonSchema(problemSchema, "output") };
  const paths: Record<string, Json> = {};
  for (const route of API_ROUTES) {
    paths[route.path] ??= {};
    paths[route.path][route.method] = operation(route, schemas);
  }
  cached = {
    openapi: "3.1.0",
    info: {
      title: "KYC/KYB workflow service API",
      version: SERVICE_VERSION,
      description: "Runs statechart-json workflow definitions for KYC/KYB cases. Errors are RFC 9457 problem+json.",
    },
    servers: [{ url: "/" }],
    security: [{ bearerAuth: [] }],
    tags: [...new Set(API_ROUTES.map((r) => r.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", description: "`Authorization: Bearer <API_KEY>`" } },
      schemas,
    },
  };
  return cached;
}

function operation(route: ApiRoute, schemas: Json): Json {
  const parameters: Json[] = [];
  for (const [name, description] of Object.entries(route.pathParams ?? {})) parameters.push({ name, in: "path", required: true, description, schema: { type: "string" } });
  if (route.query) parameters.push(...queryParameters(route.query));
  for (const h of route.headers ?? []) parameters.push({ name: h.name, in: "header", required: false, description: h.description, schema: { type: "string" } });
  const responses: Json = { [route.success.status]: successResponse(route, schemas) };
  const errorStatuses = [...(route.errors ?? []), ...(route.auth === false ? [] : [401, 429])].sort();
  const problem = { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } };
  for (const status of errorStatuses) responses[status] = { description: ERROR_TEXT[status] ?? "Error.", content: problem };
  const op: Json = { operationId: operationId(route), summary: route.summary, tags: [route.tag], parameters, responses };
  if (route.auth === false) op.security = [];
  if (route.body) {
    schemas[route.body.name] ??= jsonSchema(route.body.schema, "input");
    op.requestBody = { required: true, content: { "application/json": { schema: { $ref: `#/components/schemas/${route.body.name}` } } } };
  }
  return op;
}

function successResponse(route: ApiRoute, schemas: Json): Json {
  const named = route.success.schema;
  if (!named) return { description: route.success.description };
  schemas[named.name] ??= jsonSchema(named.schema, "output");
  return { description: route.success.description, content: { "application/json": { schema: { $ref: `#/components/schemas/${named.name}` } } } };
}

function queryParameters(schema: z.ZodType): Json[] {
  const json = jsonSchema(schema, "input") as { properties?: Record<string, Json>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, prop]) => ({
    name,
    in: "query",
    required: json.required?.includes(name) ?? false,
    ...(typeof prop.description === "string" ? { description: prop.description } : {}),
    schema: prop,
  }));
}

function jsonSchema(schema: z.ZodType, io: "input" | "output"): Json {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as Json;
  void _dialect;
  return rest;
}

function operationId(route: ApiRoute): string {
  const words = route.path.replace(/^\/api(\/v1)?(\/external)?\//, "").split(/[/{}.-]+/).filter(Boolean);
  return [route.method, ...words].map((w, i) => (i === 0 ? w : w[0].toUpperCase() + w.slice(1))).join("");
}
