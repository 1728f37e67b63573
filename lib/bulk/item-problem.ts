import { CodedError, ERROR_CODES } from "../errors";
import { errorMessage, logger } from "../observability/logger";

/** Why one case of a bulk operation failed: the problem document the single action would have answered. */
export interface ItemProblem {
  status: number;
  code: string;
  title: string;
  detail: string;
  errors?: { path: string; message: string }[];
}

/**
 * SQLSTATEs, and postgres.js's own codes for a connection lost or not made, after which the whole chunk is tried
 * again later rather than its case counted as failed.
 */
const TRANSIENT = /^(40001|40P01|55P03|57P01|57P02|57P03|08\d{3}|53\d{3}|CONNECTION_CLOSED|CONNECTION_ENDED|CONNECTION_DESTROYED|CONNECT_TIMEOUT)$/;

/** Whether `error` is a database fault worth retrying (deadlock, serialization, lost connection, shutdown). */
export function isTransientDbError(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && TRANSIENT.test(code)) return true;
  }
  return false;
}

/**
 * The problem of a refused case (a `CodedError`: its status, code and detail, as the single route answers), or a
 * generic 500 for anything else, whose message is logged and never stored (it may quote data).
 */
export function itemProblem(error: unknown, context: { operationId: string; runtimeId: string }): ItemProblem {
  if (error instanceof CodedError) {
    const title = ERROR_CODES[error.code].title;
    return { status: error.status, code: error.code, title, detail: error.message, ...(error.errors.length ? { errors: error.errors.slice(0, 20) } : {}) };
  }
  logger().error({ ...context, error: errorMessage(error) }, "bulk operation item failed unexpectedly");
  return { status: 500, code: "internal_error", title: ERROR_CODES.internal_error.title, detail: "An unexpected error occurred on this case; it was left unchanged." };
}
