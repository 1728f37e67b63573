/**
 * Every stable error `code` the service answers with, its HTTP status and title (the status's reason phrase).
 * A code has one status; the only exception is listed with `alsoAs`: `version_conflict` is 412 for an event or
 * decision made on a stale version (`If-Match`), and 409 when a definition version is created out of order,
 * as both were documented before this map existed.
 *
 * Adding a code: add it here; `AppError`, `CodedError` and the problem+json translator take its status and
 * title from this entry, and TypeScript refuses a code that is not listed.
 */
const entry = <S extends number>(status: S, title: string, alsoAs: readonly number[] = []) => ({ status, title, alsoAs });

export const ERROR_CODES = {
  invalid_idempotency_key: entry(400, "Bad Request"),
  invalid_if_match: entry(400, "Bad Request"),
  malformed_json: entry(400, "Bad Request"),
  malformed_path: entry(400, "Bad Request"),
  unauthenticated: entry(401, "Unauthorized"),
  unauthorized: entry(401, "Unauthorized"),
  cross_origin_request: entry(403, "Forbidden"),
  forbidden: entry(403, "Forbidden"),
  four_eyes_required: entry(403, "Forbidden"),  // a vote the state's meta.review rule does not allow (self-approval, a second vote, outside its teams)
  insufficient_scope: entry(403, "Forbidden"),  // the API key lacks the scope the route needs
  not_assignee: entry(403, "Forbidden"),
  not_found: entry(404, "Not Found"),
  method_not_allowed: entry(405, "Method Not Allowed"),
  bulk_operation_finished: entry(409, "Conflict"),  // cancelling a bulk operation that already ended
  case_completed: entry(409, "Conflict"),
  delivery_in_progress: entry(409, "Conflict"),
  document_invalid: entry(409, "Conflict"),
  document_exists: entry(409, "Conflict"),  // a document id the runtime has or had
  email_taken: entry(409, "Conflict"),
  team_name_taken: entry(409, "Conflict"),
  team_in_use: entry(409, "Conflict"),  // deleting a team a queue is restricted to
  event_not_accepted: entry(409, "Conflict"),
  job_not_retryable: entry(409, "Conflict"),
  runtime_not_active: entry(409, "Conflict"),  // a write on a completed or canceled runtime
  self_lockout: entry(409, "Conflict"),
  snapshot_state_unknown: entry(409, "Conflict"),
  subscription_disabled: entry(409, "Conflict"),
  subscription_limit_reached: entry(409, "Conflict"),
  subscription_managed_by_config: entry(409, "Conflict"),
  version_conflict: entry(412, "Precondition Failed", [409]),
  payload_too_large: entry(413, "Content Too Large"),
  unsupported_media_type: entry(415, "Unsupported Media Type"),
  definition_invalid: entry(422, "Unprocessable Content"),
  destination_not_allowed: entry(422, "Unprocessable Content"),  // outgoing request (lib/net)
  forbidden_key: entry(422, "Unprocessable Content"),
  idempotency_key_reused: entry(422, "Unprocessable Content"),
  invalid_cursor: entry(422, "Unprocessable Content"),
  invalid_request: entry(422, "Unprocessable Content"),  // outgoing request (lib/net)
  invalid_url: entry(422, "Unprocessable Content"),  // outgoing request (lib/net)
  no_input_schema: entry(422, "Unprocessable Content"),
  plugin_request_invalid: entry(422, "Unprocessable Content"),
  plugin_unknown: entry(422, "Unprocessable Content"),
  secret_host_not_allowed: entry(422, "Unprocessable Content"),  // a plugin would send a host-bound secret elsewhere
  queue_without_workflow: entry(422, "Unprocessable Content"),
  secret_missing: entry(422, "Unprocessable Content"),
  too_deeply_nested: entry(422, "Unprocessable Content"),
  validation_failed: entry(422, "Unprocessable Content"),
  rate_limited: entry(429, "Too Many Requests"),
  internal_error: entry(500, "Internal Server Error"),
  document_page_unavailable: entry(502, "Bad Gateway"),  // a document page's address answered an error status
  document_page_unsupported: entry(502, "Bad Gateway"),  // a document page is not a JPEG, PNG, WebP or PDF
  invalid_json: entry(502, "Bad Gateway"),  // outgoing request (lib/net)
  network_error: entry(502, "Bad Gateway"),  // outgoing request (lib/net)
  response_too_large: entry(502, "Bad Gateway"),  // outgoing request (lib/net)
  not_ready: entry(503, "Service Unavailable"),  // GET /api/health/ready: start-up, database or worker not ready
  timeout: entry(504, "Gateway Timeout"),  // outgoing request (lib/net)
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;
