import { z } from "zod";
import { validationFailed } from "../errors";
import { formatHostPattern, parseHostPattern } from "../net/host-pattern";

/** At most this many host patterns per secret. */
export const MAX_ALLOWED_HOSTS = 20;

const EXAMPLES = "e.g. api.vendor.example, api.vendor.example:8443 or *.vendor.example";

function problemOf(entry: string): string | undefined {
  const parsed = parseHostPattern(entry.trim());
  return "problem" in parsed ? `'${entry}' ${parsed.problem}; ${EXAMPLES}` : undefined;
}

/**
 * The hosts a secret may be sent to, as requests send them: a list of host patterns (`host`, `host:port`,
 * `*.domain`, `*.domain:port`; a host without a port matches any port), or null for a secret that is not bound.
 * An empty list is refused: it would make the secret unusable; send null to unbind instead.
 */
export const allowedHostsSchema = z
  .array(
    z
      .string()
      .max(300)
      .superRefine((entry, ctx) => {
        const problem = problemOf(entry);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      })
      .describe(`A host pattern: ${EXAMPLES}.`),
  )
  .min(1, "list at least one host, or send null to unbind the secret")
  .max(MAX_ALLOWED_HOSTS)
  .nullable()
  .describe("Hosts the secret may be sent to; a plugin request carrying it anywhere else fails with `secret_host_not_allowed`. Null: not bound.");

/**
 * The canonical, de-duplicated form of a host list (lower case, as `new URL()` spells hosts), or 422
 * `validation_failed` with a pointer per bad entry at `/allowedHosts/<i>`. Null stays null (unbound).
 *
 * @example checkAllowedHosts(["API.vendor.example", "*.Vendor.example:443"]) // ["api.vendor.example", "*.vendor.example:443"]
 */
export function checkAllowedHosts(hosts: readonly string[] | null): string[] | null {
  if (hosts === null) return null;
  const errors = hosts.flatMap((entry, i) => {
    const problem = problemOf(entry);
    return problem ? [{ path: `/allowedHosts/${i}`, message: problem }] : [];
  });
  if (hosts.length === 0) errors.push({ path: "/allowedHosts", message: "list at least one host, or send null to unbind the secret" });
  if (hosts.length > MAX_ALLOWED_HOSTS) errors.push({ path: "/allowedHosts", message: `list at most ${MAX_ALLOWED_HOSTS} hosts` });
  if (errors.length) throw validationFailed("The secret's allowedHosts are invalid; see errors.", errors);
  const canonical = hosts.map((entry) => {
    const parsed = parseHostPattern(entry.trim());
    return "problem" in parsed ? entry : formatHostPattern(parsed);
  });
  return [...new Set(canonical)];
}
