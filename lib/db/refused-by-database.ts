/** The SQLSTATEs (five digits or capitals) `error` carries, its own first, then those of its `cause`s (Drizzle wraps). */
export function sqlStatesOf(error: unknown): string[] {
  const states: string[] = [];
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++) {
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) states.push(e.code);
  }
  return states;
}

/**
 * Whether `error` is PostgreSQL's refusal of a statement: it carries a SQLSTATE (`sqlStatesOf`). The statement, or
 * the transaction it failed, then stored nothing. A lost connection, a timeout on our side or an error of our own
 * code is not one: what was sent may have committed.
 */
export function isRefusedByDatabase(error: unknown): boolean {
  return sqlStatesOf(error).length > 0;
}
