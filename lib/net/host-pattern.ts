/**
 * Host patterns: `host` (any port), `host:port`, and for secrets bound to hosts also `*.example.com[:port]` (any
 * subdomain of example.com at any depth, not example.com itself). Hosts are compared as `new URL()` spells them:
 * lower case, punycode, dotted IPv4 (`127.1` is 127.0.0.1), bracketed IPv6, no trailing dot.
 */

/** A parsed `host` or `host:port`; `port` undefined: any port. */
export interface HostPort {
  host: string;
  port?: number;
}

/** A parsed host pattern; `subdomains`: the pattern was `*.host`. */
export interface HostPattern extends HostPort {
  subdomains: boolean;
}

/** Why an entry is not a host pattern, said so that the fix is clear. */
export type PatternProblem = { problem: string };

const normaliseHost = (host: string) => host.toLowerCase().replace(/\.$/, "");

/**
 * `host`, `host:port`, `[v6]`, `[v6]:port` or a bare IPv6 address, normalised as the URL parser does; or the
 * reason it is not one.
 *
 * @example parseHostPort("LocalHost:3000") // { host: "localhost", port: 3000 }
 */
export function parseHostPort(entry: string): HostPort | PatternProblem {
  let host = entry;
  let port: string | undefined;
  const bracketed = /^(\[[^\]]+\])(?::(\d*))?$/.exec(entry);
  if (bracketed) {
    [, host, port] = bracketed;
  } else if (entry.indexOf(":") === entry.lastIndexOf(":") && entry.includes(":")) {
    [host, port] = entry.split(":");
  } else if (entry.includes(":")) {
    host = `[${entry}]`; // bare IPv6 address, no port
  }
  if (port !== undefined && !/^\d{1,5}$/.test(port)) return { problem: "has an invalid port" };
  const portNumber = port === undefined ? undefined : Number(port);
  if (portNumber !== undefined && (portNumber < 1 || portNumber > 65535)) return { problem: "has a port outside 1-65535" };
  let parsed: URL;
  try {
    parsed = new URL(`http://${host}/`);
  } catch {
    return { problem: "is not a valid host name" };
  }
  if (parsed.href !== `http://${parsed.hostname}/` || host.includes("@")) return { problem: "is not a plain host name" };
  return { host: normaliseHost(parsed.hostname), port: portNumber };
}

/**
 * A host pattern (`host`, `host:port`, `*.domain`, `*.domain:port`), or the reason it is not one. A wildcard
 * needs a domain name of at least two labels (`*.com` and `*.127.0.0.1` are refused).
 *
 * @example parseHostPattern("*.Example.com") // { host: "example.com", subdomains: true, port: undefined }
 */
export function parseHostPattern(entry: string): HostPattern | PatternProblem {
  if (/[/?#@]/.test(entry)) return { problem: "is not a plain host name: write the host (and port) only, without a scheme, path or user" };
  const subdomains = entry.startsWith("*.");
  const parsed = parseHostPort(subdomains ? entry.slice(2) : entry);
  if ("problem" in parsed) return parsed;
  if (parsed.host.includes("*")) return { problem: "may hold a '*' only as its first label, e.g. *.example.com" };
  if (subdomains && (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(parsed.host) || /^[0-9.]+$/.test(parsed.host))) {
    return { problem: "needs a domain name of at least two labels after '*.', e.g. *.example.com" };
  }
  return { ...parsed, subdomains };
}

/** The canonical spelling of a pattern, as it is stored and shown: `*.example.com:8443`, `api.example.com`. */
export function formatHostPattern(pattern: HostPattern): string {
  return `${pattern.subdomains ? "*." : ""}${pattern.host}${pattern.port === undefined ? "" : `:${pattern.port}`}`;
}

/**
 * Whether `hostname` (a `URL.hostname`) on the effective `port` matches the pattern.
 *
 * @example matchesHostPattern({ host: "example.com", subdomains: true }, "api.eu.example.com", 443) // true
 * @example matchesHostPattern({ host: "example.com", subdomains: true }, "example.com", 443) // false
 */
export function matchesHostPattern(pattern: HostPattern, hostname: string, port: number): boolean {
  const host = normaliseHost(hostname);
  const hostMatches = pattern.subdomains ? host.endsWith(`.${pattern.host}`) : host === pattern.host;
  return hostMatches && (pattern.port === undefined || pattern.port === port);
}
