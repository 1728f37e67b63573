import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { runFilterQuery, type FilterResponse } from "../filters";
import { overdueCounts } from "./overdue-counts";

/** Counts stop here: the sidebar shows "99+" rather than counting a whole large queue on every page. */
export const COUNT_CAP = 99;

/** A queue's sidebar figures: open cases (capped) and, of those, the ones past their review deadline. */
export interface QueueCount {
  count: number;
  more: boolean;
  overdue: number;
}

/**
 * The number of open (active) cases each queue selects, capped at `COUNT_CAP` so it stays cheap on queues
 * with 100,000 cases: at most `COUNT_CAP + 1` ids are read per queue; and the overdue ones among them
 * (`overdueCounts`, one statement for all queues, capped the same way). A queue whose filter cannot run (an old, now invalid
 * filter) counts as null. `visible` (`visibleCases` of lib/queues/queue-access.ts) leaves out the cases hidden from the viewer.
 *
 * @example
 * await openRuntimeCounts(db, "default", filters) // { "<filter id>": { count: 12, more: false, overdue: 2 } }
 */
export async function openRuntimeCounts(db: Db, projectId: string, filters: FilterResponse[], visible?: SQL): Promise<Record<string, QueueCount | null>> {
  const [open, overdue] = await Promise.all([openCounts(db, projectId, filters, visible), overdueCounts(db, projectId, filters, COUNT_CAP + 1, visible)]);
  return Object.fromEntries(filters.map((f) => [f.id, open[f.id] ? { ...open[f.id]!, overdue: overdue[f.id] ?? 0 } : null]));
}

async function openCounts(db: Db, projectId: string, filters: FilterResponse[], visible: SQL | undefined): Promise<Record<string, { count: number; more: boolean } | null>> {
  const entries = await Promise.all(
    filters.map(async (f) => {
      try {
        const page = await runFilterQuery(db, projectId, { entity: f.entity, query: { where: f.query.where, select: { id: true } } }, {
          limit: COUNT_CAP,
          extraWhere: visible ? sql`r.status = 'active' and ${visible}` : sql`r.status = 'active'`,
        });
        return [f.id, { count: page.data.length, more: page.nextCursor !== null }] as const;
      } catch {
        return [f.id, null] as const;
      }
    }),
  );
  return Object.fromEntries(entries);
}
