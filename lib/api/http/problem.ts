import { randomUUID } from "node:crypto";
import { AppError, CodedError, ERROR_CODES, type ErrorCode } from "../../errors";
import { errorMessage, errorStack, logger } from "../../observability/logger";

/**
 * Turn any error into an RFC 9457 `application/problem+json` response:
 * `{ type, title, status, detail, code, errors: [{ path, message }] }`, status and title from the code's entry in
 * `ERROR_CODES` (one lookup, whichever layer threw). Anything that is not a `CodedError` becomes a 500 whose
 * details are logged with a request id and never returned.
 */
export function problemResponse(error: unknown, requestId: string = randomUUID()): Response {
  const { status, body, headers } = problemOf(error, requestId);
  return problemAnswer(status, body, { ...(requestId ? { "X-Request-Id": requestId } : {}), ...headers });
}

/** `problemResponse`'s status, document and headers, for an answer that is not a response of its own (a batch item's). */
export function problemOf(error: unknown, requestId: string): { status: number; body: ProblemDocument; headers: Record<string, string> } {
  if (error instanceof CodedError) {
    const { headers, members } = error instanceof AppError ? error : { headers: {}, members: {} };
    return { ...problemDocument(error.code, error.message, error.errors, error.status, members), headers };
  }
  logger().error({ requestId, error: errorMessage(error), stack: errorStack(error) }, "unexpected error");
  return { ...problemDocument("internal_error", `An unexpected error occurred. Quote request id ${requestId} when reporting it.`), headers: {} };
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
  code: ErrorCode,
  detail: string,
  errors: { path: string; message: string }[] = [],
  headers: Record<string, string> = {},
  requestId?: string,
  /** Another status the code's entry allows (`alsoAs`), as an `AppError` carries it. */
  statusAs?: number,
  /** Extension members (e.g. `scope` of `insufficient_scope`); they never replace the standard ones. */
  members: Record<string, string> = {},
): Response {
  const { status, body } = problemDocument(code, detail, errors, statusAs, members);
  return problemAnswer(status, body, { ...(requestId ? { "X-Request-Id": requestId } : {}), ...headers });
}

export type ProblemDocument = ReturnType<typeof problemDocument>["body"];

/** The status and bounded document of `problem`. */
function problemDocument(code: ErrorCode, detail: string, errors: { path: string; message: string }[] = [], statusAs?: number, members: Record<string, string> = {}) {
  const entry = ERROR_CODES[code];
  const status = statusAs ?? entry.status;
  const listed = errors.slice(0, MAX_PROBLEM_ERRORS).map((e) => ({ path: clip(e.path, MAX_ERROR_TEXT), message: clip(e.message, MAX_ERROR_TEXT) }));
  const body = {
    ...members,
    type: `about:blank#${code}`,
    title: status === entry.status ? entry.title : STATUS_TITLES[status] ?? entry.title,
    status,
    detail: clip(detail, MAX_DETAIL),
    code,
    errors: listed,
    ...(errors.length > listed.length ? { errorCount: errors.length } : {}),
  };
  return { status, body };
}

function problemAnswer(status: number, body: ProblemDocument, headers: Record<string, string>): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/problem+json", ...headers } });
}

/** Titles of the statuses a code may also be answered with (see `alsoAs`). */
const STATUS_TITLES: Record<number, string> = { 409: "Conflict", 412: "Precondition Failed" };

function clip<T>(text: T, max: number): T | string {
  return typeof text === "string" && text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
