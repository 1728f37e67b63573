import { resolveSecrets, resolveUrlSecrets } from "../engine";
import { CodedError } from "../errors";
import { matchesHostPattern, parseHostPattern } from "../net/host-pattern";

/** A secret's value by name; `undefined` when the project has no such secret. */
export type SecretLookup = (name: string) => string | undefined;

/** The host patterns a secret may be sent to, or null when it is not bound (it may go wherever the plugin calls). */
export type SecretHosts = (name: string) => readonly string[] | null;

/** The project's secrets as the plugin leaf gets them from the job handler: values and bindings. */
export interface PluginSecrets {
  value: SecretLookup;
  allowedHosts: SecretHosts;
}

/** A request would carry a host-bound secret to a host not on its list; nothing was sent. */
export class SecretHostNotAllowedError extends CodedError {
  constructor(
    readonly secretName: string,
    readonly destination: string,
    allowed: readonly string[],
  ) {
    super(
      "secret_host_not_allowed",
      `secret '${secretName}' may only be sent to ${allowed.join(", ") || "no host"}, and this request goes to ${destination}; ` +
        `point the plugin at one of those hosts, or add ${destination} to the secret's allowedHosts`,
    );
  }
}

/**
 * Substitute the `{secret.NAME}` references of a request's URL and headers, then refuse with
 * `SecretHostNotAllowedError` when a secret it used is bound to hosts the URL's host and port do not match.
 * Runs before any byte is sent. Request bodies carry no secret references (they are built from the context,
 * which may not hold any), so URL and headers are where a secret can travel.
 *
 * @example
 * resolveRequestSecrets({ url: "https://evil.test/", headers: { Authorization: "Bearer {secret.TOKEN}" } }, secrets);
 * // throws secret_host_not_allowed when TOKEN is bound to api.vendor.example
 */
export function resolveRequestSecrets<R extends { url: string; headers: Record<string, string> }>(request: R, secrets: PluginSecrets): R {
  const used = new Set<string>();
  const lookup: SecretLookup = (name) => {
    used.add(name);
    return secrets.value(name);
  };
  const headers = resolveSecrets(request.headers, lookup);
  const url = resolveUrlSecrets(request.url, lookup);
  for (const name of used) checkDestination(name, url, secrets.allowedHosts(name));
  return { ...request, url, headers };
}

function checkDestination(name: string, url: string, allowed: readonly string[] | null): void {
  if (allowed === null) return;
  let target: URL | undefined;
  try {
    target = new URL(url);
  } catch {
    // An unparsable URL cannot be shown to match; the guard would refuse it too.
  }
  const port = target ? Number(target.port || (target.protocol === "https:" ? 443 : 80)) : 0;
  const ok =
    target !== undefined &&
    allowed.some((entry) => {
      const pattern = parseHostPattern(entry);
      return !("problem" in pattern) && matchesHostPattern(pattern, target.hostname, port);
    });
  if (!ok) throw new SecretHostNotAllowedError(name, target ? `${target.hostname}:${port}` : "an invalid URL", allowed);
}
