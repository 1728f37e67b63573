import type { z } from "zod";
import type { RouteAnswer } from "../../api-contract/route-spec";
import { AUTHENTICATED_HEADERS, headerRefs, parameterRef } from "./headers";
import { jsonSchema, type Json } from "./json-schema";
import { errorResponses } from "./problems";
import type { ApiRoute } from "./routes";

/** One operation object of the document; named schemas are added to `schemas` (`components.schemas`). */
export function operation(route: ApiRoute, schemas: Json): Json {
  const parameters: Json[] = [...pathParameters(route), ...(route.query ? queryParameters(route.query) : []), ...(route.requestHeaders ?? []).map(parameterRef)];
  const answers: Json = {};
  for (const answer of [route.success, ...(route.otherAnswers ?? [])]) answers[answer.status] = response(answer, route.auth !== false, schemas);
  const described = route.description ? { description: route.description } : {};
  const op: Json = { operationId: operationId(route), summary: route.summary, ...described, tags: [route.tag], parameters, responses: { ...answers, ...errorResponses(route) } };
  if (route.auth === false) op.security = [];
  if (route.scope) Object.assign(op, { security: [{ bearerAuth: [route.scope] }], "x-required-scope": route.scope });
  if (route.body) {
    schemas[route.body.name] ??= jsonSchema(route.body.schema, "input");
    const schema = { $ref: `#/components/schemas/${route.body.name}` };
    op.requestBody = { required: true, content: Object.fromEntries((route.bodyMediaTypes ?? ["application/json"]).map((type) => [type, { schema }])) };
  }
  return op;
}

function response(answer: RouteAnswer, authenticated: boolean, schemas: Json): Json {
  const headers = [...(authenticated ? AUTHENTICATED_HEADERS : []), ...(answer.headers ?? [])];
  const out: Json = { description: answer.description, ...(headers.length ? { headers: headerRefs(headers) } : {}) };
  if (answer.textMediaType) out.content = { [answer.textMediaType]: { schema: { type: "string" } } };
  else if (answer.schema) {
    schemas[answer.schema.name] ??= jsonSchema(answer.schema.schema, "output");
    out.content = { "application/json": { schema: { $ref: `#/components/schemas/${answer.schema.name}` } } };
  }
  return out;
}

function pathParameters(route: ApiRoute): Json[] {
  return Object.entries(route.pathParams ?? {}).map(([name, param]) => {
    const { description, schema } = typeof param === "string" ? { description: param, schema: undefined } : param;
    return { name, in: "path", required: true, description, schema: schema ? jsonSchema(schema, "input") : { type: "string" } };
  });
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

function operationId(route: ApiRoute): string {
  const words = route.path.replace(/^\/api(\/v1)?(\/external)?\//, "").split(/[/{}.-]+/).filter(Boolean);
  return [route.method, ...words].map((w, i) => (i === 0 ? w : w[0].toUpperCase() + w.slice(1))).join("");
}
