import { checkAddress, parseIpLiteral } from "../net/address-policy";
import { isAllowedHost } from "../net/allowed-hosts";
import { effectivePort } from "../net/destination-guard";
import { outboundPolicy } from "../plugins/outbound-policy";

/**
 * Why no delivery to `raw` could ever succeed under the current outbound policy, or null. Judged when a
 * subscription is made, so the mistake surfaces as a 422 instead of a failed delivery later: an IP literal in
 * a private, loopback, link-local or otherwise non-public range, or a `localhost` name (RFC 6761), that
 * `OUTBOUND_ALLOWED_HOSTS` does not list. DNS names are still judged at delivery, against what they resolve to.
 *
 * @example refusedReceiver("http://169.254.169.254/latest") // "169.254.169.254:80 is a linkLocal address; …"
 */
export function refusedReceiver(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null; // the URL format check reports it
  }
  const port = effectivePort(url);
  if (isAllowedHost(outboundPolicy().allowedHosts, url.hostname, port)) return null;
  const literal = parseIpLiteral(url.hostname);
  const range = literal !== null ? checkAddress(literal) : null;
  const isLocalhostName = /^localhost\.?$|\.localhost\.?$/i.test(url.hostname);
  if (!range?.forbidden && !isLocalhostName) return null;
  const entry = `${url.hostname}:${port}`;
  const kind = range?.forbidden ? `a ${range.range} address` : "a loopback name";
  return `${entry} is ${kind}; webhooks are only delivered to public addresses. If this receiver is trusted (e.g. a local test server), add "${entry}" to OUTBOUND_ALLOWED_HOSTS.`;
}
