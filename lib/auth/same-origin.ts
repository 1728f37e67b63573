import { env } from "../config/env";

/**
 * CSRF check for state-changing backoffice requests: the browser's `Origin` must name this app's host
 * (the request's `Host`/`X-Forwarded-Host`, `PUBLIC_URL` or `NEXTAUTH_URL`), and `Sec-Fetch-Site`, when sent,
 * must be `same-origin`. Browsers send `Origin` on every POST, so a missing one is refused too.
 *
 * @example
 * isSameOrigin(new Request("http://localhost:3000/x", { method: "POST", headers: { origin: "http://evil.example", host: "localhost:3000" } })) // false
 */
export function isSameOrigin(req: Request): boolean {
  const site = req.headers.get("sec-fetch-site");
  if (site && site !== "same-origin") return false;
  const origin = req.headers.get("origin");
  if (!origin || origin === "null") return false;
  let host: string;
  try {
    host = new URL(origin).host.toLowerCase();
  } catch {
    return false;
  }
  return allowedHosts(req).has(host);
}

function allowedHosts(req: Request): Set<string> {
  const hosts = new Set<string>();
  const forwarded = req.headers.get("x-forwarded-host")?.split(",")[0]?.trim();
  const direct = req.headers.get("host");
  for (const h of [forwarded, direct]) if (h) hosts.add(h.toLowerCase());
  for (const url of [env().PUBLIC_URL, process.env.NEXTAUTH_URL]) {
    if (!url) continue;
    try {
      hosts.add(new URL(url).host.toLowerCase());
    } catch {
      // an invalid configured URL adds nothing
    }
  }
  return hosts;
}
