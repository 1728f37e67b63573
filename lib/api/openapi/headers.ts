import type { RequestHeaderName, ResponseHeaderName } from "../../api-contract/route-spec";
import type { Json } from "./json-schema";

const integer = { type: "integer", minimum: 0 };

/** Headers the builder adds by itself: every authenticated answer's, and those of 401, 415 (by method) and 429. */
export type EdgeHeaderName = "X-Request-Id" | "RateLimit-Limit" | "RateLimit-Remaining" | "RateLimit-Reset" | "Retry-After" | "WWW-Authenticate" | "Accept-Post" | "Accept-Patch";

/** `components.headers`: every response header the API sends besides Content-Type and Cache-Control. */
export const RESPONSE_HEADERS: Record<ResponseHeaderName | EdgeHeaderName, Json> = {
  "X-Request-Id": {
    description: "The caller's own `X-Request-Id` when it is 8 to 128 characters of `[A-Za-z0-9._:-]`, else a new UUID. Quote it when reporting a problem.",
    required: true,
    schema: { type: "string", pattern: "^[A-Za-z0-9._:-]{8,128}$" },
  },
  "RateLimit-Limit": { description: "Requests per minute this API key may make (sent while rate limiting is on).", schema: integer },
  "RateLimit-Remaining": { description: "Requests left in the current one-minute window.", schema: integer },
  "RateLimit-Reset": { description: "Seconds until the current window ends.", schema: integer },
  "Retry-After": { description: "Seconds to wait before retrying.", required: true, schema: integer },
  "WWW-Authenticate": { description: "The scheme to authenticate with.", required: true, schema: { type: "string", enum: ['Bearer realm="api"', 'Bearer realm="metrics"'] } },
  "Accept-Post": { description: "The media type the body must have.", required: true, schema: { type: "string", enum: ["application/json"] } },
  "Accept-Patch": { description: "The media types a PATCH body may have (RFC 5789).", required: true, schema: { type: "string", enum: ["application/merge-patch+json, application/json"] } },
  Location: { description: "Path of the created resource.", required: true, schema: { type: "string", pattern: "^/api/v1/external/" } },
  ETag: { description: 'The runtime version, e.g. `"7"`; send it back in `If-Match` to act only on this version.', required: true, schema: { type: "string", pattern: '^"\\d+"$' } },
  Link: { description: "The next page, when there is one.", schema: { type: "string", pattern: '^</api/v1/external/[^>]*>; rel="next"$' } },
  "Idempotent-Replayed": { description: "`true` when this is the stored answer of an earlier request with the same `Idempotency-Key`.", schema: { type: "string", enum: ["true"] } },
  "Preference-Applied": { description: "`wait=<seconds>` when `Prefer: wait` was honoured: the answer shows the runtime once settled (or when the time ran out).", schema: { type: "string", pattern: "^wait=\\d+$" } },
  "Access-Control-Allow-Origin": { description: "Any origin may read the document.", required: true, schema: { type: "string", enum: ["*"] } },
};

/** Headers every authenticated answer carries. */
export const AUTHENTICATED_HEADERS: EdgeHeaderName[] = ["X-Request-Id", "RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"];

/** `{ name: { $ref } }` for a response's `headers`. */
export const headerRefs = (names: readonly string[]): Json => Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));

/** `components.parameters`: the request headers operations read (checked by lib/api/http/idempotency.ts, lib/runtime/etag.ts, lib/runtime/wait-settled.ts). */
export const REQUEST_HEADERS: Record<RequestHeaderName, Json> = {
  "Idempotency-Key": {
    name: "Idempotency-Key",
    in: "header",
    required: false,
    description:
      "Replays the first answer for a repeated key with the same body (kept 24 h, with `Idempotent-Replayed: true`); another body with the key is 422 `idempotency_key_reused`. The key commits with the work, so a retry after a crash never runs it twice.",
    schema: { type: "string", pattern: "^[\\x21-\\x7e]{1,255}$" },
  },
  "If-Match": {
    name: "If-Match",
    in: "header",
    required: false,
    description: 'Apply only if the runtime is at this version (its `ETag`, e.g. `"3"`): 412 `version_conflict` otherwise.',
    schema: { type: "string", pattern: '^\\s*(W/)?"?\\d{1,9}"?\\s*$' },
  },
  Prefer: {
    name: "Prefer",
    in: "header",
    required: false,
    description: "`wait=<seconds>` (RFC 7240, at most 30): answer once the runtime has no pending API plugin calls, with `Preference-Applied`.",
    schema: { type: "string", examples: ["wait=10"] },
  },
};

export const parameterRef = (name: RequestHeaderName): Json => ({ $ref: `#/components/parameters/${name}` });
