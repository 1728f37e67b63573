/**
 * `url` as postgres.js takes it, with libpq's `?host=/dir` (a Unix-domain socket in that folder, e.g.
 * `postgres://kyc@localhost/kyc?host=/var/run/postgresql`) turned into postgres.js's `host` option: postgres.js
 * reads the URL's host only from its authority and would send `host` to the server as a setting. Any other URL
 * comes back unchanged with no options.
 *
 * @example
 * serverAddress("postgres://app@localhost/kyc?host=/var/run/postgresql") // { url: "postgres://app@localhost/kyc", options: { host: "/var/run/postgresql" } }
 */
export function serverAddress(url: string): { url: string; options: { host?: string } } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { url, options: {} };
  }
  const host = parsed.searchParams.get("host");
  if (!host?.startsWith("/")) return { url, options: {} };
  parsed.searchParams.delete("host");
  return { url: parsed.toString(), options: { host } };
}
