import { OutboundError } from "./errors";
import { matchesHostPattern, parseHostPort, type HostPort } from "./host-pattern";

/** Where outgoing requests may go beyond the public internet. Build it from OUTBOUND_ALLOWED_HOSTS. */
export interface OutboundPolicy {
  /**
   * Destinations that skip the address guard: "host" (any port) or "host:port", case-insensitive,
   * e.g. ["localhost:3000", "127.0.0.1:4010"]. See `parseAllowedHosts`.
   */
  allowedHosts: string[];
}

/**
 * OUTBOUND_ALLOWED_HOSTS: destinations trusted to skip the address guard (local mock vendors, a
 * sidecar, the app itself in development). Entries are `host` (any port) or `host:port`, compared
 * case-insensitively after the same normalisation the URL parser applies to request URLs, so
 * `LOCALHOST`, `127.1` or `[::1]` match what `new URL()` makes of them.
 */

function invalidEntry(entry: string, reason: string): OutboundError {
  return new OutboundError(
    "invalid_url",
    `OUTBOUND_ALLOWED_HOSTS entry "${entry}" ${reason}; write "host" or "host:port" without a scheme or path, ` +
      `e.g. "localhost:3000", "127.0.0.1:4010" or "[::1]:8080"`,
  );
}

/** Parses one entry; throws `invalid_url` (naming the entry) when it is not `host` or `host:port`. */
function parseEntry(entry: string): HostPort {
  const parsed = parseHostPort(entry);
  if ("problem" in parsed) throw invalidEntry(entry, parsed.problem);
  return parsed;
}

/**
 * Splits an OUTBOUND_ALLOWED_HOSTS value (comma and/or whitespace separated) into entries.
 * Throws `invalid_url` naming the first malformed entry, so a typo fails loudly at startup.
 *
 * @example parseAllowedHosts("localhost:3000, 127.0.0.1:4010") // ["localhost:3000", "127.0.0.1:4010"]
 */
export function parseAllowedHosts(env: string | undefined): string[] {
  const entries = (env ?? "").split(/[\s,]+/).filter((entry) => entry.length > 0);
  for (const entry of entries) parseEntry(entry);
  return entries;
}

/**
 * True when `hostname` (a `URL.hostname`) on the effective `port` is listed in `allowedHosts`:
 * either the host alone (any port) or `host:port` with exactly that port. Malformed entries throw
 * `invalid_url` rather than being silently ignored.
 *
 * @example isAllowedHost(["localhost"], "localhost", 8080) // true
 * @example isAllowedHost(["127.0.0.1:3000"], "127.0.0.1", 3001) // false
 */
export function isAllowedHost(allowedHosts: readonly string[], hostname: string, port: number): boolean {
  return allowedHosts.some((entry) => matchesHostPattern({ ...parseEntry(entry.trim()), subdomains: false }, hostname, port));
}
