import { API_SCOPE_DESCRIPTIONS, API_SCOPES } from "../../api-contract/scopes";
import { SERVICE_VERSION } from "../../version";
import { problemSchema } from "../schemas/responses";
import { REQUEST_HEADERS, RESPONSE_HEADERS } from "./headers";
import { jsonSchema, type Json } from "./json-schema";
import { operation } from "./operation";
import { SHARED_RESPONSES } from "./problems";
import { API_ROUTES, ROUTE_GROUPS } from "./routes";

const DESCRIPTION = [
  "Runs statechart-json workflow definitions for KYC/KYB cases.",
  "Authenticate with `Authorization: Bearer <API_KEY>`; every read and write is scoped to the key's project.",
  "Errors are RFC 9457 problem+json with a stable `code`; each operation lists the codes it answers with.",
  "Send `X-Request-Id` (8 to 128 characters of `[A-Za-z0-9._:-]`) to have it echoed and logged; otherwise the answer carries a new one.",
].join(" ");

/** The scheme's description lists the scopes; each operation names the one it needs (`security`, `x-required-scope`). */
const BEARER_DESCRIPTION = [
  "`Authorization: Bearer <API_KEY>`. A key holds scopes; each operation needs one, named in its `security` requirement and in `x-required-scope`, and answers 403 `insufficient_scope` without it:",
  API_SCOPES.map((scope) => `\`${scope}\` (${API_SCOPE_DESCRIPTIONS[scope]})`).join("; ") + ".",
].join(" ");

let cached: Json | undefined;

/**
 * The OpenAPI 3.1 document of the service, built from the route groups each part of the service exports
 * (`ROUTE_GROUPS`) and the zod schemas their handlers validate with (`z.toJSONSchema`, JSON Schema 2020-12,
 * the dialect of OpenAPI 3.1). Built once per process.
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
    info: { title: "KYC/KYB workflow service API", version: SERVICE_VERSION, description: DESCRIPTION },
    servers: [{ url: "/" }],
    security: [{ bearerAuth: [] }],
    tags: ROUTE_GROUPS.map((group) => ({ name: group.tag, description: group.description })),
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", description: BEARER_DESCRIPTION } },
      schemas,
      responses: SHARED_RESPONSES,
      parameters: REQUEST_HEADERS,
      headers: RESPONSE_HEADERS,
    },
  };
  return cached;
}
