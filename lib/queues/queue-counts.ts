import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { runFilterQuery, type FilterResponse } from "../filters";

/** Counts stop here: the sidebar shows "99+" rather than counting a whole large queue on every page. */
export const COUNT_CAP = 99;

/**
 * The number of open (active) cases each queue selects, capped at `COUNT_CAP` so it stays cheap on queues
 * with 100,000 cases: at most `COUNT_CAP + 1` ids are read per queue. A queue whose filter cannot run
 * (an old, now invalid filter) counts as null.
 *
 * @example
 * await openRuntimeCounts(db, "default", filters) // { "<filter id>": { count: 12, more: false } }
 */
export async function openRuntimeCounts(db: Db, projectId: string, filters: FilterResponse[]): Promise<Record<string, { count: number; more: boolean } | null>> {
  const entries = await Promise.all(
    filters.map(async (f) => {
      try {
        const page = await runFilterQuery(db, projectId, { entity: f.entity, query: { where: f.query.where, select: { id: true } } }, {
          limit: COUNT_CAP,
          extraWhere: sql`r.status = 'active'`,
        });
        return [f.id, { count: page.data.length, more: page.nextCursor !== null }] as const;
      } catch {
        return [f.id, null] as const;
      }
    }),
  );
  return Object.fromEntries(entries);
}
