import { parseTargetUrl } from "./destination-guard";

/**
 * How a followed redirect rewrites the request (Fetch standard semantics, plus a stricter header
 * policy). Only used when the caller opts in with `followRedirects > 0`; the destination guard is
 * applied to the new URL by the caller exactly as to the first one.
 */

export interface Hop {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body?: Buffer;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** Headers that carry no credentials and may follow a redirect to another origin. */
const CROSS_ORIGIN_SAFE = new Set(["accept", "accept-language", "user-agent", "content-type"]);

/** Headers that describe the body and go away with it. */
const BODY_HEADERS = new Set(["content-type", "content-length", "content-encoding", "transfer-encoding"]);

function keepHeaders(headers: Record<string, string>, keep: (name: string) => boolean): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => keep(name.toLowerCase())));
}

/**
 * The request to send after a response with `status` and `location`, or null when the response is
 * not a redirect to follow (not 301/302/303/307/308, or no Location). Throws `invalid_url` when the
 * Location is malformed or not http(s).
 *
 * - 303 (except for HEAD), and 301/302 after POST, become a GET without body; 307/308 resend as-is.
 * - Cross-origin (scheme, host or port change): every header except Accept, Accept-Language,
 *   User-Agent and Content-Type is dropped, because vendor credentials often travel in custom headers
 *   (X-Api-Key...) that a generic Authorization/Cookie strip would miss. Credentials in the URL are
 *   not carried over either, since the new URL is taken from Location as written.
 *
 * @example nextHop({ url, method: "POST", headers, body }, 303, "/result") // GET /result, no body
 */
export function nextHop(current: Hop, status: number, location: string | undefined): Hop | null {
  if (!REDIRECT_STATUSES.has(status) || !location) return null;
  const url = parseTargetUrl(location, current.url);
  const becomesGet =
    (status === 303 && current.method !== "HEAD") || ((status === 301 || status === 302) && current.method === "POST");
  const method = becomesGet ? "GET" : current.method;
  const body = becomesGet ? undefined : current.body;
  const sameOrigin = url.origin === current.url.origin;
  const headers = keepHeaders(
    current.headers,
    (name) => (sameOrigin || CROSS_ORIGIN_SAFE.has(name)) && !(becomesGet && BODY_HEADERS.has(name)) && name !== "host",
  );
  return { url, method, headers, body };
}
