import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { users } from "../db/schema";

/**
 * End every session of the user that carries `sessionVersion`, by moving `users.session_version` on: a token
 * with the old version is refused from the next request on. Only a current session can revoke (a replayed, already
 * revoked cookie cannot end the sessions that came after it). Answers whether it did.
 *
 * @example
 * await revokeSessions(db, userId, 3) // true; sessions carrying 3 now end
 */
export async function revokeSessions(db: Db, userId: string, sessionVersion: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(and(eq(users.id, userId), eq(users.sessionVersion, sessionVersion)))
    .returning({ id: users.id });
  return rows.length > 0;
}
