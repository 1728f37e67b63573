import { randomUUID } from "node:crypto";
import { AppError } from "./errors";

const TITLES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  412: "Precondition Failed",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

/** Duck-typed errors from lower layers (engine, net) that carry a stable code and an HTTP status. */
interface CodedError {
  code: string;
  status: number;
  message: string;
  problems?: { pointer: string; message: string }[];
  errors?: { path: string; message: string }[];
}

function isCoded(error: unknown): error is CodedError {
  const e = error as Partial<CodedError> | null;
  return !!e && typeof e.code === "string" && typeof e.status === "number" && e.status >= 400 && e.status < 600;
}

/**
 * Turn any error into an RFC 9457 `application/problem+json` response:
 * `{ type, title, status, detail, code, errors: [{ path, message }] }`. Unknown errors become a 500 whose
 * details are logged with a request id and never returned.
 */
export function problemResponse(error: unknown, requestId: string = randomUUID()): Response {
  if (error instanceof AppError || isCoded(error)) {
    const errors =
      error instanceof AppError
        ? error.errors
        : (error.errors ?? error.problems?.map((p) => ({ path: p.pointer, message: p.message })) ?? []);
    const headers = error instanceof AppError ? error.headers : {};
    return problem(error.status, error.code, error.message, errors, headers, requestId);
  }
  console.error(`[error] request ${requestId}:`, error);
  return problem(500, "internal_error", `An unexpected error occurred. Quote request id ${requestId} when reporting it.`, [], {}, requestId);
}

/** A problem document lists at most this many `errors`; when there were more, `errorCount` says how many. */
export const MAX_PROBLEM_ERRORS = 100;
/** Longest `path` or `message` of one listed error, and longest `detail` (they can quote the request). */
const MAX_ERROR_TEXT = 1_000;
const MAX_DETAIL = 2_000;

/**
 * A problem+json response. Its size is bounded whatever the request was: at most `MAX_PROBLEM_ERRORS` errors
 * (then `errorCount` is the number of all), and texts cut at a length (a 0.9 MB body of 60,000 unknown keys
 * answers about 12 KB, not 4.8 MB).
 */
export function problem(
  status: number,
  code: string,
  detail: string,
  errors: { path: string; message: string }[] = [],
  headers: Record<string, string> = {},
  requestId?: string,
): Response {
  const listed = errors.slice(0, MAX_PROBLEM_ERRORS).map((e) => ({ path: clip(e.path, MAX_ERROR_TEXT), message: clip(e.message, MAX_ERROR_TEXT) }));
  const body = {
    type: `about:blank#${code}`,
    title: TITLES[status] ?? "Error",
    status,
    detail: clip(detail, MAX_DETAIL),
    code,
    errors: listed,
    ...(errors.length > listed.length ? { errorCount: errors.length } : {}),
  };
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/problem+json", ...(requestId ? { "X-Request-Id": requestId } : {}), ...headers },
  });
}

function clip<T>(text: T, max: number): T | string {
  return typeof text === "string" && text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
