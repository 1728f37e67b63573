import { isIP } from "node:net";

/**
 * The client's address, for throttling (never for authorisation), read from `X-Forwarded-For` by a trusted-proxy
 * policy: `trustedProxyHops` is how many reverse proxies in front of the app append the address they saw
 * (`TRUSTED_PROXY_HOPS`). Next.js's server puts the socket's address there only when the request has no such
 * header, and otherwise passes the header on unchanged, so the address is the entry the outermost trusted proxy
 * wrote: the `max(1, hops)`-th from the right. Entries to its left were written by the client and are ignored.
 *
 * - No proxy (0): the socket's address, unless the client sent the header itself, which nobody can then tell apart:
 *   a client can pick its address. Serve the app behind a proxy that sets or appends the header, and say how many.
 * - One proxy appending (`proxy_add_x_forwarded_for`) or overwriting it (1): the address it saw.
 * - A CDN then a load balancer (2): the address the CDN saw.
 *
 * IPv6 addresses count by their /64 (one subscriber's network), IPv4-mapped ones as IPv4; an entry that is no
 * address is `"unknown"` (all such clients share one budget). `null` when there is no header at all (a request
 * made in-process, never through `next start`).
 *
 * @example
 * clientAddress(new Headers({ "x-forwarded-for": "203.0.113.9, 198.51.100.7" }), 1) // "198.51.100.7"
 * clientAddress(new Headers({ "x-forwarded-for": "2001:db8:1:2:3:4:5:6" }), 0) // "2001:db8:1:2::/64"
 */
export function clientAddress(headers: Headers, trustedProxyHops: number): string | null {
  const header = headers.get("x-forwarded-for");
  if (header === null) return null;
  const chain = header.split(",").map((entry) => entry.trim()).filter(Boolean);
  const entry = chain[Math.max(0, chain.length - Math.max(1, trustedProxyHops))] ?? "";
  return normalized(entry);
}

function normalized(entry: string): string {
  // Some proxies write "[v6]:port" or "v4:port".
  const bare = entry.startsWith("[") ? entry.slice(1, entry.indexOf("]")) : /^[\d.]+:\d+$/.test(entry) ? entry.split(":")[0] : entry;
  const kind = isIP(bare);
  if (kind === 4) return bare;
  if (kind !== 6) return "unknown";
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped) return mapped[1];
  return `${expandV6(bare).slice(0, 4).join(":")}::/64`;
}

/** The eight groups of an IPv6 address, without leading zeros. */
function expandV6(address: string): string[] {
  const [head, tail = ""] = address.toLowerCase().split("::");
  const groups = (s: string) => (s ? s.split(":") : []);
  let left = groups(head);
  let right = groups(tail);
  // An embedded IPv4 tail ("::1.2.3.4") is two groups.
  const last = right.length ? right : left;
  const v4 = last.at(-1)?.includes(".") ? last.pop()!.split(".").map(Number) : undefined;
  if (v4) last.push(((v4[0] << 8) | v4[1]).toString(16), ((v4[2] << 8) | v4[3]).toString(16));
  if (!address.includes("::")) right = [];
  else left = left.concat(Array(8 - left.length - right.length).fill("0"));
  return left.concat(right).map((g) => parseInt(g, 16).toString(16));
}
