import { guardDestination } from "../net/destination-guard";
import { isOutboundError } from "../net/errors";
import { outboundPolicy } from "../plugins/outbound-policy";

/**
 * Why no delivery to `raw` could ever succeed under the current outbound policy, or null. Judged when a
 * subscription is made, so the mistake surfaces as a 422 instead of a failed delivery later: what the
 * delivery guard refuses before any connection (an IP literal in a private, loopback, link-local or
 * otherwise non-public range), plus a `localhost` name (RFC 6761), unless `OUTBOUND_ALLOWED_HOSTS` lists it.
 * Other DNS names are judged at delivery, against what they resolve to.
 *
 * @example refusedReceiver("http://169.254.169.254/latest") // "refused to connect to 169.254.169.254:80: … add … to OUTBOUND_ALLOWED_HOSTS."
 */
export function refusedReceiver(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null; // the URL format check reports it
  }
  try {
    const destination = guardDestination(url, outboundPolicy());
    if (destination.allowListed || !/^localhost\.?$|\.localhost\.?$/i.test(url.hostname)) return null;
    const entry = `${url.hostname}:${destination.port}`;
    return `${entry} is a loopback name; webhooks are only delivered to public addresses. If this receiver is trusted (e.g. a local test server), add "${entry}" to OUTBOUND_ALLOWED_HOSTS.`;
  } catch (error) {
    if (isOutboundError(error, "destination_not_allowed")) return error.message;
    throw error;
  }
}
