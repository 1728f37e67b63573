import { isIP } from "node:net";

/**
 * The client's address, for throttling (never for authorisation), read from `X-Forwarded-For` by a trusted-proxy
 * policy. Our Node server appends the address of the peer that connected to it (`installForwardedFor`), so the
 * last entry is always real; each of the `trustedProxyHops` reverse proxies in front (`TRUSTED_PROXY_HOPS`)
 * appended the address it saw before that. The client address is the entry `trustedProxyHops` places left of the
 * last; entries further left were written by the client and are ignored.
 *
 * - No proxy (0): the socket's peer, whatever the client wrote in the header.
 * - One proxy appending (`proxy_add_x_forwarded_for`) or overwriting the header (1): the address it saw.
 * - A CDN then a load balancer (2): the address the CDN saw.
 * - Too many hops for the chain (a request that bypassed a proxy): the leftmost entry.
 *
 * IPv6 addresses count by their /64 (one subscriber's network), IPv4-mapped ones as IPv4; an entry that is no
 * address is `"unknown"` (all such clients share one budget). `null` when there is no header at all (a request
 * made in-process, never through the server).
 *
 * @example
 * clientAddress(new Headers({ "x-forwarded-for": "6.6.6.6, 198.51.100.7, 10.0.0.2" }), 1) // "198.51.100.7"
 * clientAddress(new Headers({ "x-forwarded-for": "2001:db8:1:2:3:4:5:6" }), 0) // "2001:db8:1:2::/64"
 */
export function clientAddress(headers: Headers, trustedProxyHops: number): string | null {
  const header = headers.get("x-forwarded-for");
  if (header === null) return null;
  const chain = header.split(",").map((entry) => entry.trim()).filter(Boolean);
  const entry = chain[Math.max(0, chain.length - 1 - trustedProxyHops)] ?? "";
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
