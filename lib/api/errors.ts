/** One field-level problem: `path` is a JSON pointer into the request (or definition), `message` says how to fix it. */
export interface FieldError {
  path: string;
  message: string;
}

/**
 * The one error vocabulary of the service. Every error that reaches a client is an `AppError` with a stable
 * snake_case `code`; anything else is an unexpected fault and becomes a generic 500.
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly errors: FieldError[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const badRequest = (code: string, message: string, errors: FieldError[] = []) => new AppError(code, 400, message, errors);
export const unauthorized = (message = "Missing or invalid API key: send `Authorization: Bearer <API_KEY>`.") =>
  new AppError("unauthorized", 401, message, [], { "WWW-Authenticate": 'Bearer realm="api"' });
export const forbidden = (message: string) => new AppError("forbidden", 403, message);
export const notFound = (what: string, id: string) => new AppError("not_found", 404, `${what} '${id}' was not found in this project.`);
export const conflict = (code: string, message: string, errors: FieldError[] = []) => new AppError(code, 409, message, errors);
export const validationFailed = (message: string, errors: FieldError[]) => new AppError("validation_failed", 422, message, errors);
