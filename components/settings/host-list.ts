/** A host list as typed (commas, spaces or new lines between hosts) → the API's `allowedHosts`: null when empty (unbound). */
export function parseHostList(typed: string): string[] | null {
  const hosts = typed.split(/[\s,]+/).filter(Boolean);
  return hosts.length ? hosts : null;
}

/** The first problem the server found in a host list (`/allowedHosts` or `/allowedHosts/<i>`), if any. */
export function hostListError(problem: { errors: { path: string; message: string }[] } | null): string | undefined {
  return problem?.errors.find((e) => e.path === "/allowedHosts" || e.path.startsWith("/allowedHosts/"))?.message;
}
