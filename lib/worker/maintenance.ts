import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rowsOf } from "../db/rows";

/** How long finished outbox jobs are kept (their outcome also lives in the runtime history). */
export const FINISHED_JOB_RETENTION_DAYS = 7;
const BATCH = 5000;

/**
 * Housekeeping that keeps the tables from growing without bound: expired Idempotency-Key records, outbox
 * jobs that succeeded more than a week ago, and rate-limit windows that ended more than a minute ago.
 * Failed jobs are kept for inspection. Bounded per call.
 */
export async function runMaintenance(db: Db): Promise<{ idempotencyKeys: number; jobs: number; rateLimitWindows: number }> {
  const keys = await db.execute(sql`
    delete from idempotency_keys where ctid in (select ctid from idempotency_keys where expires_at < now() limit ${BATCH}) returning 1`);
  const jobs = await db.execute(sql`
    delete from jobs where id in (
      select id from jobs where status = 'succeeded' and finished_at < now() - make_interval(days => ${FINISHED_JOB_RETENTION_DAYS}) limit ${BATCH}
    ) returning 1`);
  const windows = await db.execute(sql`
    delete from rate_limit_windows where ctid in (
      select ctid from rate_limit_windows where window_start < now() - interval '2 minutes' limit ${BATCH}
    ) returning 1`);
  return { idempotencyKeys: rowsOf(keys).length, jobs: rowsOf(jobs).length, rateLimitWindows: rowsOf(windows).length };
}
