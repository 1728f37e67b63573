import type { RouteError, RouteSpec } from "../../api-contract/route-spec";
import { ERROR_CODES, type ErrorCode } from "../../errors";
import { AUTHENTICATED_HEADERS, headerRefs, type EdgeHeaderName } from "./headers";
import type { Json } from "./json-schema";

/** What a few codes mean where the code alone does not say it. */
const NOTES: Partial<Record<ErrorCode, string>> = {
  unauthorized: "missing, malformed, unknown, expired or revoked API key",
  insufficient_scope: "the API key lacks the scope the operation needs, named in `scope`",
  rate_limited: "see `Retry-After`",
  malformed_path: "a path segment is not valid percent-encoding",
  validation_failed: "`errors` lists every problem with a JSON pointer",
  payload_too_large: "body over the size limit",
  internal_error: "a fault on our side, logged with the request id",
};

const noteOf = (code: ErrorCode, status: number) =>
  code === "version_conflict" ? (status === 412 ? "`If-Match` names a version the runtime has moved on from" : "`version` is not the latest + 1") : NOTES[code];

const problemContent = { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } };

/** The answers every authenticated operation shares (`components.responses`), by status. */
const SHARED: Record<number, { name: string; codes: ErrorCode[]; headers: string[] }> = {
  401: { name: "Unauthorized", codes: ["unauthorized"], headers: ["X-Request-Id", "WWW-Authenticate"] },
  429: { name: "RateLimited", codes: ["rate_limited"], headers: [...AUTHENTICATED_HEADERS, "Retry-After"] },
  500: { name: "InternalError", codes: ["internal_error"], headers: AUTHENTICATED_HEADERS },
};

/**
 * Headers of a status whatever the operation: 415 names the media types to send (lib/api/http/read-json.ts), for a
 * PATCH as `Accept-Patch`; a 401 names the scheme (routes without an API key that still take a credential, like
 * /api/metrics).
 */
const statusHeaders = (route: RouteSpec, status: number): EdgeHeaderName[] =>
  status === 415 ? [route.method === "patch" ? "Accept-Patch" : "Accept-Post"] : status === 401 ? ["WWW-Authenticate"] : [];

export const SHARED_RESPONSES: Json = Object.fromEntries(
  Object.entries(SHARED).map(([status, s]) => [s.name, problemResponse(Number(status), s.codes, s.headers)]),
);

/** The problem+json answers of an operation, by status: its own codes and those of what it parses. */
export function errorResponses(route: RouteSpec): Json {
  const byStatus = new Map<number, Set<ErrorCode>>();
  for (const error of [...impliedErrors(route), ...(route.errors ?? [])]) {
    const { code, status } = typeof error === "string" ? { code: error, status: ERROR_CODES[error].status } : error;
    if (!byStatus.has(status)) byStatus.set(status, new Set());
    byStatus.get(status)!.add(code);
  }
  // Every problem carries the request id (lib/api/http/problem.ts); rate-limit headers only where a key is checked.
  const headers: EdgeHeaderName[] = route.auth === false ? ["X-Request-Id"] : AUTHENTICATED_HEADERS;
  return Object.fromEntries(
    [...byStatus].map(([status, codes]) => [
      status,
      SHARED[status] && route.auth !== false
        ? { $ref: `#/components/responses/${SHARED[status].name}` }
        : problemResponse(status, [...codes].sort(), [...headers, ...statusHeaders(route, status)]),
    ]),
  );
}

/** The codes of authentication, rate limit, parsing and request headers, which every such route answers with. */
function impliedErrors(route: RouteSpec): RouteError[] {
  const codes: RouteError[] = [];
  if (route.auth !== false) codes.push("unauthorized", "rate_limited", "internal_error");
  if (route.scope) codes.push("insufficient_scope");
  if (route.pathParams) codes.push("malformed_path");
  if (route.pathParams && route.auth !== false) codes.push("validation_failed"); // a NUL in a segment (withApiKey)
  if (route.query) codes.push("validation_failed");
  if (route.body) codes.push("unsupported_media_type", "payload_too_large", "malformed_json", "too_deeply_nested", "forbidden_key", "validation_failed");
  if (route.requestHeaders?.includes("Idempotency-Key")) codes.push("invalid_idempotency_key", "idempotency_key_reused");
  if (route.requestHeaders?.includes("If-Match")) codes.push("invalid_if_match");
  return codes;
}

function problemResponse(status: number, codes: ErrorCode[], headers: readonly string[]): Json {
  const listed = codes.map((code) => `\`${code}\`${noteOf(code, status) ? ` (${noteOf(code, status)})` : ""}`).join(", ");
  return {
    description: `${titleOf(status)}: ${codes.length > 1 ? "`code` is one of " : "`code` is "}${listed}.`,
    ...(headers.length ? { headers: headerRefs(headers) } : {}),
    content: problemContent,
  };
}

/** The reason phrase of `status`, as the codes answered with it carry it. */
function titleOf(status: number): string {
  return Object.values(ERROR_CODES).find((e) => e.status === status)?.title ?? "Error";
}
