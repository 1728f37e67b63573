/**
 * Where to go after signing in: `raw` when it is a path of this app (`/…`, not `//host` or `/\host`, which
 * browsers read as another host), else the home page.
 *
 * @example
 * safeCallbackUrl("/queues/q1?page=2") // "/queues/q1?page=2"
 * safeCallbackUrl("https://evil.example/") // "/"
 */
export function safeCallbackUrl(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith("/") || raw.startsWith("//") || raw.startsWith("/\\") || raw.length > 2_000) return "/";
  return /[\u0000-\u001f\u007f]/.test(raw) ? "/" : raw;
}
