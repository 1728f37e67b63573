import { env } from "../config/env";
import { parseAllowedHosts, type OutboundPolicy } from "../net/safe-fetch";
import { appOrigin } from "../config/app-origin";

let cached: OutboundPolicy | undefined;

/**
 * Where plugins and webhooks may connect beyond the public internet: `OUTBOUND_ALLOWED_HOSTS`, plus the app's
 * own origin in the sandbox environment (so the built-in sandbox vendor works out of the box).
 */
export function outboundPolicy(): OutboundPolicy {
  if (cached) return cached;
  const e = env();
  const allowedHosts = parseAllowedHosts(e.OUTBOUND_ALLOWED_HOSTS);
  if (e.APP_ENVIRONMENT === "sandbox") allowedHosts.push(new URL(appOrigin()).host);
  cached = { allowedHosts };
  return cached;
}

/** Forget the cached policy (tests change OUTBOUND_ALLOWED_HOSTS). */
export function resetOutboundPolicy(): void {
  cached = undefined;
}
