import { resetEnvCache } from "@/lib/config/env";
import { resetOutboundPolicy } from "@/lib/plugins/outbound-policy";

/** Let plugins and webhooks reach `hosts` (e.g. a local stub's `127.0.0.1:<port>`) for the rest of the file. */
export function allowOutbound(...hosts: string[]): void {
  process.env.OUTBOUND_ALLOWED_HOSTS = hosts.join(",");
  resetEnvCache();
  resetOutboundPolicy();
}

/** Undo `allowOutbound`. */
export function resetOutbound(): void {
  delete process.env.OUTBOUND_ALLOWED_HOSTS;
  resetEnvCache();
  resetOutboundPolicy();
}
