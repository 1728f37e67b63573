/**
 * The one error vocabulary: every stable `code` with its HTTP status and title (`error-codes.ts`), the
 * `CodedError` base every layer's errors extend, and `AppError` for the domain's refusals. `lib/api/problem.ts`
 * turns any of them into problem+json with one lookup.
 */
export { ERROR_CODES, type ErrorCode } from "./error-codes";
export { CodedError, type FieldError } from "./coded-error";
export { AppError, forbidden, notFound, unauthorized, validationFailed, type AppErrorExtras } from "./app-error";
