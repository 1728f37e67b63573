import type { z } from "zod";
import type { ErrorCode } from "../errors";
import type { ApiScope } from "./scopes";

/*
 * How an HTTP operation is described for the OpenAPI document. A leaf (it imports only zod and lib/errors):
 * each part of the service that owns routes exports a `RouteGroup` made of the zod schemas its handlers
 * validate with, and the builder in lib/api/openapi collects the groups, so no domain imports the HTTP edge.
 */

/** A schema with the name it gets under `components.schemas`. */
export interface NamedSchema {
  name: string;
  schema: z.ZodType;
}

export const named = (name: string, schema: z.ZodType): NamedSchema => ({ name, schema });

/** Request headers an operation reads; the builder describes each once (`components.parameters`). */
export type RequestHeaderName = "Idempotency-Key" | "If-Match" | "Prefer";

/**
 * Response headers an answer may carry besides the ones the builder adds by itself (`X-Request-Id` and
 * `RateLimit-*` on authenticated answers, `WWW-Authenticate` on 401, `Retry-After` on 429).
 */
export type ResponseHeaderName = "Location" | "ETag" | "Link" | "Idempotent-Replayed" | "Preference-Applied" | "Access-Control-Allow-Origin";

/** One answer that is not a problem: its status, body schema (none for 204) and headers. */
export interface RouteAnswer {
  status: number;
  description: string;
  schema?: NamedSchema;
  /** A text body of this media type instead of JSON (e.g. Prometheus metrics); `schema` is not used. */
  textMediaType?: string;
  headers?: ResponseHeaderName[];
}

/** An error code the operation's own work answers with; `status` only for a code's other status (`alsoAs`). */
export type RouteError = ErrorCode | { code: ErrorCode; status: number };

/** One documented operation. */
export interface RouteSpec {
  method: "get" | "post" | "put" | "patch" | "delete";
  path: string;
  summary: string;
  /** What the summary cannot say: limits, how the answer is built (the operation's `description`, CommonMark). */
  description?: string;
  /** false for public endpoints (no API key, no rate limit). */
  auth?: boolean;
  /** The API key scope the operation needs (every authenticated `/api/v1` operation has one; the handler declares the same). */
  scope?: ApiScope;
  /** Name -> description, or description and the schema the handler checks the segment with. */
  pathParams?: Record<string, string | { description: string; schema: z.ZodType }>;
  query?: z.ZodType;
  requestHeaders?: RequestHeaderName[];
  body?: NamedSchema;
  /** The media types the body may be sent as (default `application/json`); others are 415 `unsupported_media_type`. */
  bodyMediaTypes?: readonly string[];
  success: RouteAnswer;
  /** Answers besides `success` that are not problem+json, e.g. health's 503. */
  otherAnswers?: RouteAnswer[];
  /**
   * Codes of the operation's own refusals (`not_found`, `event_not_accepted`, ...). The builder adds the codes
   * of what it can see: authentication and rate limit, body, query and cursor parsing, request headers.
   */
  errors?: RouteError[];
}

/** The routes of one part of the service, under one tag of the document. */
export interface RouteGroup {
  tag: string;
  description: string;
  routes: RouteSpec[];
}
