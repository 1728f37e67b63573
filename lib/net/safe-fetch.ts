import { inSpan, outgoingTraceparent, SpanKind } from "../observability/tracing";
import type { OutboundPolicy } from "./allowed-hosts";
import { guardDestination, parseTargetUrl } from "./destination-guard";
import { OutboundError } from "./errors";
import { nextHop, type Hop } from "./redirects";
import { sendOnce, type RawResponse } from "./send-once";

export interface SafeRequest {
  url: string;
  method: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Whole call: connect, response, body and any redirects. Default 30000. */
  timeoutMs?: number;
  /** DNS + TCP + TLS handshake, per connection. Default 5000. */
  connectTimeoutMs?: number;
  /** Response body cap, per response. Default 1 MiB. */
  maxResponseBytes?: number;
  /** Redirects to follow, each re-checked by the guard. Default 0: a 3xx is returned as-is. */
  followRedirects?: number;
}

export interface SafeResponse {
  status: number;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** The body decoded as UTF-8. */
  bodyText: string;
  /** The body's bytes as received (for binary responses, e.g. a document page). */
  body: Buffer;
  /** Parses `bodyText`; throws `OutboundError` "invalid_json" if it is not JSON. */
  json(): unknown;
  /** The IP address of the peer that answered (the last hop when redirects were followed). */
  remoteAddress: string;
  durationMs: number;
}

const DEFAULTS = { timeoutMs: 30_000, connectTimeoutMs: 5_000, maxResponseBytes: 1024 * 1024, followRedirects: 0 };

function option(req: SafeRequest, name: keyof typeof DEFAULTS, min: number): number {
  const value = req[name] ?? DEFAULTS[name];
  if (!Number.isFinite(value) || value < min) {
    throw new OutboundError("invalid_request", `${name} must be a number >= ${min}, got ${String(value)}`);
  }
  return value;
}

function toSafeResponse(raw: RawResponse, url: URL, started: number): SafeResponse {
  const bodyText = raw.body.toString("utf8");
  return {
    status: raw.status,
    headers: raw.headers,
    bodyText,
    body: raw.body,
    remoteAddress: raw.remoteAddress,
    durationMs: Math.round(performance.now() - started),
    json() {
      try {
        return JSON.parse(bodyText) as unknown;
      } catch (error) {
        const type = raw.headers["content-type"] ?? "no content-type";
        throw new OutboundError(
          "invalid_json",
          `response from ${url.origin} (status ${raw.status}, ${type}) is not valid JSON: ` +
            `${(error as Error).message}; check that the URL points at the JSON API and not at an HTML page`,
          { cause: error },
        );
      }
    },
  };
}

/**
 * Sends an HTTP(S) request to a destination vetted by the outbound guard and reads the whole response.
 *
 * Contract:
 * - Only http(s) URLs; anything else rejects with `invalid_url`.
 * - Unless `host` or `host:port` is in `policy.allowedHosts`, the request may only reach public
 *   unicast addresses: IP literals are checked up front, DNS names inside the connection against every
 *   resolved address and again against the connected address (no DNS-rebinding window). Refusals
 *   reject with `destination_not_allowed` before any connection to the refused address is made.
 * - 3xx responses are returned as-is unless `followRedirects` > 0; each followed Location is guarded
 *   like the original URL.
 * - The request carries the current request's or job's W3C `traceparent` unless the caller set one; with
 *   tracing on, the call is a client span.
 * - Any HTTP status resolves (4xx/5xx are not errors here). Failures reject with an `OutboundError`
 *   whose `retryable` says whether trying again can help.
 *
 * @example
 * const res = await safeFetch(
 *   { url: "https://api.vendor.example/v1/checks", method: "POST", headers: { "content-type": "application/json" }, body },
 *   { allowedHosts: parseAllowedHosts(process.env.OUTBOUND_ALLOWED_HOSTS) },
 * );
 */
export function safeFetch(req: SafeRequest, policy: OutboundPolicy): Promise<SafeResponse> {
  const attributes = { "http.request.method": req.method.toUpperCase(), "server.address": hostOf(req.url) };
  return inSpan(`${attributes["http.request.method"]} ${attributes["server.address"]}`, { kind: SpanKind.CLIENT, attributes }, () => send(req, policy));
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "invalid-url";
  }
}

async function send(req: SafeRequest, policy: OutboundPolicy): Promise<SafeResponse> {
  const started = performance.now();
  const timeoutMs = option(req, "timeoutMs", 1);
  const connectTimeoutMs = option(req, "connectTimeoutMs", 1);
  const maxResponseBytes = option(req, "maxResponseBytes", 0);
  const maxRedirects = Math.floor(option(req, "followRedirects", 0));
  const deadline = Date.now() + timeoutMs;

  let hop: Hop = {
    url: parseTargetUrl(req.url),
    method: req.method.toUpperCase(),
    headers: withTraceparent(req.headers),
    body: typeof req.body === "string" ? Buffer.from(req.body, "utf8") : req.body,
  };
  for (let redirects = 0; ; redirects++) {
    const destination = guardDestination(hop.url, policy);
    const raw = await sendOnce({ ...hop, destination, connectTimeoutMs, deadline, timeoutMs, maxResponseBytes });
    const next: Hop | null = redirects < maxRedirects ? nextHop(hop, raw.status, raw.headers.location) : null;
    if (!next) return toSafeResponse(raw, hop.url, started);
    hop = next;
  }
}

/** The caller's headers plus `traceparent` (computed in the client span when tracing is on), unless one is set. */
function withTraceparent(headers: Record<string, string> | undefined): Record<string, string> {
  const copy = { ...headers };
  if (Object.keys(copy).some((name) => name.toLowerCase() === "traceparent")) return copy;
  const traceparent = outgoingTraceparent();
  if (traceparent) copy.traceparent = traceparent;
  return copy;
}

export { parseAllowedHosts, type OutboundPolicy } from "./allowed-hosts";
export { OutboundError, type OutboundErrorCode } from "./errors";
