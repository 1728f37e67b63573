import { CodedError } from "../errors";

/**
 * The error vocabulary of the outgoing-HTTP layer. Every failure of `safeFetch` is an `OutboundError`
 * with a stable snake_case `code` and a `retryable` flag, so the plugin runner and the webhook delivery
 * worker can decide "retry with backoff" vs "fail the job" without parsing messages.
 */

export type OutboundErrorCode =
  /** Refused by the address guard: private, loopback, link-local... and not in OUTBOUND_ALLOWED_HOSTS. */
  | "destination_not_allowed"
  /** Unparseable URL, non-http(s) scheme, or a port that cannot be connected to. */
  | "invalid_url"
  /** Invalid method or header (a bug in the caller or in a plugin definition), detected before sending. */
  | "invalid_request"
  /** Connect timeout (DNS + TCP + TLS) or total timeout (whole exchange including body and redirects). */
  | "timeout"
  /** The response body exceeded `maxResponseBytes`; reading was aborted. */
  | "response_too_large"
  /** `SafeResponse.json()` was called on a body that is not JSON. */
  | "invalid_json"
  /** Connection refused or reset, DNS failure, TLS failure, connection closed mid-response... */
  | "network_error";

const RETRYABLE: Record<OutboundErrorCode, boolean> = {
  destination_not_allowed: false,
  invalid_url: false,
  invalid_request: false,
  timeout: true,
  response_too_large: false,
  invalid_json: false,
  network_error: true,
};

export interface OutboundErrorOptions {
  cause?: unknown;
  /** Only set by timeouts: which limit fired. */
  phase?: "connect" | "total";
}

/**
 * A failed outgoing HTTP request. `retryable` is derived from `code` (timeouts and network errors are
 * worth retrying; guard refusals, bad URLs and oversized responses will fail the same way again).
 * The message always names the destination and says how to fix the problem.
 */
export class OutboundError extends CodedError {
  declare readonly code: OutboundErrorCode;
  readonly retryable: boolean;
  readonly phase?: "connect" | "total";

  constructor(code: OutboundErrorCode, message: string, options: OutboundErrorOptions = {}) {
    super(code, message, [], { cause: options.cause });
    this.retryable = RETRYABLE[code];
    if (options.phase) this.phase = options.phase;
  }
}

/** True for an `OutboundError`, optionally with the given code. */
export function isOutboundError(error: unknown, code?: OutboundErrorCode): error is OutboundError {
  return error instanceof OutboundError && (code === undefined || error.code === code);
}

/**
 * Wraps a low-level socket/DNS/TLS error into a `network_error` naming the destination, or returns it
 * unchanged when it already is an `OutboundError` (e.g. a refusal raised inside the DNS lookup).
 */
export function toOutboundError(error: unknown, destination: string): OutboundError {
  if (error instanceof OutboundError) return error;
  const errno = (error as NodeJS.ErrnoException | undefined)?.code;
  const reason = error instanceof Error ? error.message : String(error);
  const hint =
    errno === "ECONNREFUSED"
      ? "nothing is listening there; check the host and port and that the service is up"
      : errno === "ENOTFOUND" || errno === "EAI_AGAIN"
        ? "the host name does not resolve; check its spelling and DNS"
        : "the request will be retried; if it keeps failing, check the service and the network path";
  return new OutboundError(
    "network_error",
    `request to ${destination} failed (${errno ?? "error"}: ${reason}): ${hint}`,
    { cause: error },
  );
}

/**
 * The guard's refusal. `host` is the host as requested (DNS name or IP literal), `address` the IP it
 * resolved or connected to, `range` the ipaddr.js range that made it forbidden.
 */
export function destinationNotAllowedError(host: string, port: number, address: string, range: string): OutboundError {
  const entry = `${host.includes(":") && !host.startsWith("[") ? `[${host}]` : host}:${port}`;
  return new OutboundError(
    "destination_not_allowed",
    `refused to connect to ${entry}: it resolves to ${address} (${range}), and outgoing requests may only ` +
      `reach public addresses. If this destination is trusted (e.g. a local mock vendor), add "${entry}" ` +
      `to OUTBOUND_ALLOWED_HOSTS.`,
  );
}
