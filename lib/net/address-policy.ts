import ipaddr from "ipaddr.js";

/**
 * The address guard: which IP addresses an outgoing request may reach. Pure (no DNS, no sockets);
 * `guarded-agent.ts` applies it to every resolved and every connected address.
 *
 * Only public unicast addresses pass. The ranges come from ipaddr.js `range()` rather than hand-written
 * CIDR math; IPv6 forms that embed an IPv4 address are judged by the IPv4 address they embed.
 */

export interface AddressVerdict {
  forbidden: boolean;
  /** ipaddr.js range name, e.g. "unicast", "loopback", "private"; "ipv4Mapped(loopback)" for embedded forms. */
  range: string;
}

const IPV4_PASSES = "unicast";
const IPV6_PASSES = "unicast";

/** Extracts the IPv4 address carried in the last 32 bits (parts 6 and 7) or at a given offset. */
function ipv4From(parts: number[], index: number): ipaddr.IPv4 {
  const high = parts[index];
  const low = parts[index + 1];
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

const NAT64_WELL_KNOWN = ipaddr.IPv6.parse("64:ff9b::");

/**
 * The IPv4 address an IPv6 address stands for, when ipaddr.js can tell: IPv4-mapped (::ffff:a.b.c.d),
 * RFC 6145 translated (::ffff:0:a.b.c.d), NAT64 well-known prefix (64:ff9b::a.b.c.d), 6to4
 * (2002:AABB:CCDD::) and the deprecated IPv4-compatible form (::a.b.c.d).
 */
function embeddedIPv4(address: ipaddr.IPv6, range: string): ipaddr.IPv4 | null {
  const parts = address.parts;
  switch (range) {
    case "ipv4Mapped":
    case "rfc6145":
      return ipv4From(parts, 6);
    case "rfc6052":
      // Only the well-known /96 carries an address; 64:ff9b:1::/48 is for local use (refused below).
      return address.match(NAT64_WELL_KNOWN, 96) ? ipv4From(parts, 6) : null;
    case "6to4":
      return ipv4From(parts, 1);
    case "unicast":
      return parts.slice(0, 6).every((part) => part === 0) ? ipv4From(parts, 6) : null;
    default:
      return null;
  }
}

function judge(address: ipaddr.IPv4 | ipaddr.IPv6): AddressVerdict {
  if (address.kind() === "ipv4") {
    const range = address.range();
    return { forbidden: range !== IPV4_PASSES, range };
  }
  const v6 = address as ipaddr.IPv6;
  const range: string = v6.range();
  const embedded = embeddedIPv4(v6, range);
  if (embedded) {
    const inner = embedded.range();
    const label = range === "unicast" ? "ipv4Compatible" : range;
    return { forbidden: inner !== IPV4_PASSES, range: `${label}(${inner})` };
  }
  return { forbidden: range !== IPV6_PASSES, range };
}

/**
 * Parses a host that is an IP literal (as found in `URL.hostname`, with or without IPv6 brackets and
 * zone id) into its canonical text; returns null for DNS names. Only strict forms are accepted here
 * because the WHATWG URL parser already rewrites `2130706433`, `0x7f000001`, `0177.0.0.1` and `127.1`
 * to `127.0.0.1`.
 *
 * @example parseIpLiteral("[::ffff:7f00:1]") // "::ffff:127.0.0.1"
 */
export function parseIpLiteral(host: string): string | null {
  const bare = host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
  if (ipaddr.IPv4.isValidFourPartDecimal(bare)) return ipaddr.IPv4.parse(bare).toString();
  if (ipaddr.IPv6.isValid(bare)) return ipaddr.IPv6.parse(bare).toString();
  return null;
}

/**
 * Classifies an IP address for the outbound guard. Anything that does not parse as an IP address is
 * forbidden (fail closed), with range "invalid".
 *
 * @example checkAddress("169.254.169.254") // { forbidden: true, range: "linkLocal" }
 * @example checkAddress("::ffff:10.0.0.1") // { forbidden: true, range: "ipv4Mapped(private)" }
 */
export function checkAddress(ip: string): AddressVerdict {
  const bare = ip.startsWith("[") && ip.endsWith("]") ? ip.slice(1, -1) : ip;
  if (!ipaddr.isValid(bare)) return { forbidden: true, range: "invalid" };
  return judge(ipaddr.parse(bare));
}

/**
 * True when an outgoing request must not reach `ip`: loopback, private, link-local (including cloud
 * metadata 169.254.169.254), CGNAT, unspecified, unique-local, multicast, broadcast, reserved and
 * documentation ranges, IPv6 forms embedding such an IPv4 address, and anything unparseable.
 *
 * @example isForbiddenAddress("93.184.216.34") // false
 * @example isForbiddenAddress("::1") // true
 */
export function isForbiddenAddress(ip: string): boolean {
  return checkAddress(ip).forbidden;
}
