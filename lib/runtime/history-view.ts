import { and, asc, desc, eq, gt } from "drizzle-orm";
import type { Db } from "../db/client";
import { runtimeHistory, type RuntimeHistoryRow } from "../db/schema";

export interface HistoryEntry {
  id: number;
  kind: string;
  eventName: string | null;
  fromState: string | null;
  toState: string | null;
  actor: { type: string; id: string | null };
  payload: unknown;
  at: string;
}

/**
 * A page of a runtime's timeline, oldest first: transitions, ignored events, plugin calls (requests shown with
 * secret references, never values), condition errors, decisions and webhooks. `after` is the last id seen.
 */
export async function runtimeHistoryPage(
  db: Db,
  projectId: string,
  runtimeId: string,
  options: { after?: number; limit?: number } = {},
): Promise<{ data: HistoryEntry[]; nextCursor: string | null }> {
  const limit = options.limit ?? 200;
  const rows = await db
    .select()
    .from(runtimeHistory)
    .where(and(eq(runtimeHistory.runtimeId, runtimeId), eq(runtimeHistory.projectId, projectId), gt(runtimeHistory.id, options.after ?? 0)))
    .orderBy(asc(runtimeHistory.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return {
    data: page.map(toEntry),
    nextCursor: rows.length > limit ? String(page[page.length - 1].id) : null,
  };
}

/** The latest `limit` entries of a runtime's timeline, oldest first, and whether older ones were left out. */
export async function latestRuntimeHistory(db: Db, projectId: string, runtimeId: string, limit: number): Promise<{ data: HistoryEntry[]; olderOmitted: boolean }> {
  const rows = await db
    .select()
    .from(runtimeHistory)
    .where(and(eq(runtimeHistory.runtimeId, runtimeId), eq(runtimeHistory.projectId, projectId)))
    .orderBy(desc(runtimeHistory.id))
    .limit(limit + 1);
  return { data: rows.slice(0, limit).reverse().map(toEntry), olderOmitted: rows.length > limit };
}

function toEntry(h: RuntimeHistoryRow): HistoryEntry {
  return {
    id: h.id,
    kind: h.kind,
    eventName: h.eventName,
    fromState: h.fromState,
    toState: h.toState,
    actor: { type: h.actorType, id: h.actorId },
    payload: h.payload,
    at: h.at.toISOString(),
  };
}
