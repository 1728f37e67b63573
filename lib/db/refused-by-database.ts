/**
 * Whether `error` is PostgreSQL's refusal of a statement: it carries a SQLSTATE (five digits or capitals),
 * possibly wrapped by Drizzle (`cause`). The statement, or the transaction it failed, then stored nothing. A lost
 * connection, a timeout on our side or an error of our own code is not one: what was sent may have committed.
 */
export function isRefusedByDatabase(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++) {
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return true;
  }
  return false;
}
