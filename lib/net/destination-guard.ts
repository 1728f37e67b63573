import { checkAddress, parseIpLiteral } from "./address-policy";
import { isAllowedHost, type OutboundPolicy } from "./allowed-hosts";
import { destinationNotAllowedError, OutboundError } from "./errors";

/**
 * The per-hop decision taken before a request is created: is the URL usable, is its destination
 * allow-listed, and if it is an IP literal, is that address permitted. DNS names are judged later,
 * inside the connection (`guarded-agent.ts`), against the addresses actually resolved.
 */

export interface Destination {
  url: URL;
  /** The port that will be connected to (explicit, or 80/443 from the scheme). */
  port: number;
  /** Listed in `policy.allowedHosts`: connect directly, without the address guard. */
  allowListed: boolean;
  /** The allow-list that let it through (when `allowListed`): its sockets are only reused under the same list. */
  allowedHosts?: readonly string[];
}

/**
 * Parses an absolute http(s) URL; throws `invalid_url` for anything else (other schemes, relative or
 * malformed URLs, port 0). `base` resolves relative URLs, as for a redirect `Location`.
 */
export function parseTargetUrl(raw: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new OutboundError(
      "invalid_url",
      `"${raw}" is not a valid URL${base ? ` (redirect from ${base.origin})` : ""}; use an absolute ` +
        `http:// or https:// URL such as https://api.vendor.example/v1/checks`,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new OutboundError(
      "invalid_url",
      `"${url.protocol}" URLs cannot be requested (${raw}${base ? `, redirect from ${base.origin}` : ""}); ` +
        `only http:// and https:// are supported`,
    );
  }
  if (url.port === "0") {
    throw new OutboundError("invalid_url", `port 0 cannot be connected to (${raw}); use the service's real port`);
  }
  return url;
}

/** The port a request to `url` connects to. */
export function effectivePort(url: URL): number {
  if (url.port) return Number(url.port);
  return url.protocol === "https:" ? 443 : 80;
}

/**
 * Decides how `url` may be reached under `policy`. Throws `destination_not_allowed` when the host is
 * an IP literal in a forbidden range and not allow-listed, before any socket exists.
 *
 * @example guardDestination(new URL("http://[::ffff:127.0.0.1]/"), { allowedHosts: [] }) // throws
 */
export function guardDestination(url: URL, policy: OutboundPolicy): Destination {
  const port = effectivePort(url);
  if (isAllowedHost(policy.allowedHosts, url.hostname, port)) return { url, port, allowListed: true, allowedHosts: policy.allowedHosts };
  const literal = parseIpLiteral(url.hostname);
  if (literal !== null) {
    const verdict = checkAddress(literal);
    if (verdict.forbidden) throw destinationNotAllowedError(url.hostname, port, literal, verdict.range);
  }
  return { url, port, allowListed: false };
}
