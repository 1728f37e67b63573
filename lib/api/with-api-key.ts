import type { ApiScope } from "../api-contract/scopes";
import { authenticateApiKey, type ApiAuth } from "../api-keys/authenticate-api-key";
import { requireScope } from "../api-keys/require-scope";
import { apiKeyCaller, type Caller } from "../callers/caller";
import { env } from "../config/env";
import { getDbHandle } from "../db/client";
import { validationFailed } from "../errors";
import { problemResponse } from "./http/problem";
import { consumeRateLimit, rateLimitHeaders, rateLimited, type RateLimitResult } from "./rate-limit/rate-limit";
import { requestIdFor, withHeaders } from "./http/request-id";
import { observeRequest } from "./http/request-log";
import { annotateScope } from "../observability/request-scope";
import type { z } from "zod";
import { runWrite, type WriteHandler, type WriteOptions } from "./write-options";

/** What an authenticated handler gets besides the request. */
export interface ApiContext<P extends Record<string, string> = Record<string, string>> {
  auth: ApiAuth;
  /** The same key as a `Caller`, for `lib` functions shared with the backoffice. */
  caller: Caller;
  /** The awaited dynamic route segments, e.g. `{ workflowRuntimeId }`. */
  params: P;
  /** Also sent back as `X-Request-Id` and quoted in 500 responses and logs. */
  requestId: string;
}

export type ApiHandler<P extends Record<string, string> = Record<string, string>> = (req: Request, ctx: ApiContext<P>) => Promise<Response>;

/**
 * The shape Next.js calls a route export with (`params` is a promise since Next 15). Typed with plain
 * string records so it satisfies Next's generated route checks and test helpers alike; `P` only types
 * `ctx.params` inside the handler.
 */
export type RouteHandler = (req: Request, route?: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** What every API-key route declares: the scope a key needs to call it; `null` only for sandbox tooling (any key of the project). */
export interface ScopeOption {
  scope: ApiScope | null;
}

/**
 * Wrap a route handler with the API's cross-cutting concerns: request id, `Authorization: Bearer` API-key
 * authentication (401 with `WWW-Authenticate`), the per-key rate limit shared by every process on the database
 * (429 with `Retry-After`; `RateLimit-*` headers on every response), the route's scope (403
 * `insufficient_scope`, before the body is read), and translation of any thrown error into problem+json.
 *
 * @example
 * // GET /api/v1/external/workflows/{workflowRuntimeId} – a runtime
 * export const GET = withApiKey<{ workflowRuntimeId: string }>({ scope: "runtimes:read" }, async (req, { auth, params }) =>
 *   Response.json(await getRuntimeOrThrow(await getDb(), auth.projectId, params.workflowRuntimeId)),
 * );
 *
 * A write route passes `WriteOptions` (scope, body schema, idempotency scope, headers, `Prefer: wait`) and a
 * `WriteHandler`, which gets the parsed body; any other route a `{ scope }` and an `ApiHandler`.
 */
export function withApiKey<P extends Record<string, string>, S extends z.ZodType>(options: WriteOptions<P, S>, handler: WriteHandler<P, S>): RouteHandler;
/** A route that reads its own input (after the scope was checked). */
export function withApiKey<P extends Record<string, string> = Record<string, string>>(options: ScopeOption, handler: ApiHandler<P>): RouteHandler;
export function withApiKey<P extends Record<string, string>, S extends z.ZodType>(
  options: ScopeOption | WriteOptions<P, S>,
  work: ApiHandler<P> | WriteHandler<P, S>,
): RouteHandler {
  const handler: ApiHandler<P> =
    "body" in options
      ? async (req, { auth, params }) => runWrite(req, (await getDbHandle()).db, auth, params, options, work as WriteHandler<P, S>)
      : (work as ApiHandler<P>);
  return async (req, route) => {
    const requestId = requestIdFor(req);
    return observeRequest(req, requestId, async () => {
      let rate: RateLimitResult | undefined;
      try {
        const handle = await getDbHandle();
        const auth = await authenticateApiKey(handle, req.headers.get("authorization"));
        annotateScope({ projectId: auth.projectId, caller: `api_key:${auth.apiKeyId}` });
        rate = await consumeRateLimit(handle.db, auth.apiKeyId, env().RATE_LIMIT_PER_MINUTE);
        if (rate && !rate.allowed) throw rateLimited(rate);
        if (options.scope) requireScope(auth, options.scope);
        const params = checkedParams<P>((await route?.params) ?? {});
        const res = await handler(req, { auth, caller: apiKeyCaller(auth), params, requestId });
        return decorate(res, requestId, rate);
      } catch (error) {
        return decorate(problemResponse(error, requestId), requestId, rate);
      }
    });
  };
}

/** Path segments reach SQL as text: a NUL character (%00) cannot be stored or compared there, so refuse it. */
function checkedParams<P>(params: Record<string, string>): P {
  const bad = Object.entries(params).filter(([, value]) => String(value).includes("\u0000"));
  if (bad.length) throw validationFailed("Path parameters cannot contain NUL characters.", bad.map(([key]) => ({ path: `/${key}`, message: "remove the NUL character (%00)" })));
  return params as P;
}

/** Request id and rate-limit headers on every response; authenticated answers are never stored by shared caches. */
function decorate(res: Response, requestId: string, rate: RateLimitResult | undefined): Response {
  const headers: Record<string, string> = { "X-Request-Id": requestId, ...(rate ? rateLimitHeaders(rate) : {}) };
  if (!res.headers.has("Cache-Control")) headers["Cache-Control"] = "no-store";
  return withHeaders(res, headers);
}
