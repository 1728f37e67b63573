import { CodedError, type FieldError } from "./coded-error";
import type { ErrorCode } from "./error-codes";

/** Field errors and response headers an `AppError` may carry. */
export interface AppErrorExtras {
  errors?: FieldError[];
  headers?: Record<string, string>;
  /** Another status the code's `ERROR_CODES` entry allows (`alsoAs`); the entry's own by default. */
  status?: number;
  /** Extension members of the problem document (RFC 9457 §3.2), e.g. `{ scope: "secrets:write" }`. */
  members?: Record<string, string>;
}

/**
 * An error a client is meant to see: a stable snake_case `code` (its status and title from `ERROR_CODES`), a
 * `detail` that says how to fix it, field errors as JSON pointers, and headers such as `Retry-After`.
 * Anything that is not a `CodedError` is an unexpected fault and becomes a generic 500.
 *
 * @example
 * throw new AppError("version_conflict", "The runtime is at version 3, not 2: reload it and decide again.");
 */
export class AppError extends CodedError {
  readonly headers: Record<string, string>;
  readonly members: Record<string, string>;

  constructor(code: ErrorCode, detail: string, extras: AppErrorExtras = {}) {
    super(code, detail, extras.errors ?? [], { status: extras.status });
    this.headers = extras.headers ?? {};
    this.members = extras.members ?? {};
  }
}

export const unauthorized = (detail = "Missing or invalid API key: send `Authorization: Bearer <API_KEY>`.") =>
  new AppError("unauthorized", detail, { headers: { "WWW-Authenticate": 'Bearer realm="api"' } });
export const forbidden = (detail: string) => new AppError("forbidden", detail);
export const notFound = (what: string, id: string) => new AppError("not_found", `${what} '${id}' was not found in this project.`);
export const validationFailed = (detail: string, errors: FieldError[]) => new AppError("validation_failed", detail, { errors });
