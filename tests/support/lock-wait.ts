import { sql } from "drizzle-orm";
import type { Db } from "../../lib/db/client";
import { rowsOf } from "../../lib/db/rows";
import { eventually } from "./vendor-stub";

/**
 * Resolves once some session of `db`'s database waits on a lock (`pg_stat_activity`), e.g. a statement queued behind
 * a row another connection holds; fails the test after 10 s naming `what`. PostgreSQL only.
 */
export async function untilALockIsAwaited(db: Db, what: string): Promise<void> {
  await eventually(async () => {
    const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`));
    return row.n > 0;
  }, what, 10_000, 20);
}
