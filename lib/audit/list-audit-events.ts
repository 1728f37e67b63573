import { and, desc, eq, gte, like, lt, or, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { auditEvents, type AuditEvent } from "../db/schema";
import { decodeKeyCursor, encodeKeyCursor } from "../db/key-cursor";

/** The filters of an audit listing (`GET /audit-events`, the Audit page and its export). */
export interface AuditFilters {
  actor?: string;
  /** An action, or a prefix ending in `.` (`case.`). */
  action?: string;
  targetType?: string;
  target?: string;
  from?: string;
  to?: string;
}

export interface AuditEventView {
  id: number;
  at: string;
  actor: { type: "user" | "api_key" | "system"; id: string | null; name: string | null };
  action: string;
  target: { type: string; id: string | null } | null;
  requestId: string | null;
  summary: Record<string, unknown>;
  prevHash: string;
  hash: string;
}

const LISTING = "audit-events";

/**
 * One page of the project's audit trail, newest first, filtered; `cursor` is the previous page's `nextCursor`
 * (422 `invalid_cursor` for anything else).
 */
export async function listAuditEvents(
  db: Db,
  projectId: string,
  query: AuditFilters & { cursor?: string; limit?: number },
): Promise<{ data: AuditEventView[]; nextCursor: string | null }> {
  const limit = Math.min(Math.max(query.limit ?? 50, 1), 500);
  const before = query.cursor === undefined ? undefined : Number(decodeKeyCursor(query.cursor, LISTING, (key) => /^[1-9][0-9]{0,15}$/.test(key)));
  const rows = await db
    .select()
    .from(auditEvents)
    .where(and(auditWhere(projectId, query), before === undefined ? undefined : lt(auditEvents.id, before)))
    .orderBy(desc(auditEvents.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return { data: page.map(toAuditEventView), nextCursor: rows.length > limit ? encodeKeyCursor(LISTING, String(page[page.length - 1]!.id)) : null };
}

/**
 * Every matching row, newest first, a batch at a time (the export streams them without holding the trail in memory).
 */
export async function* eachAuditEvent(db: Db, projectId: string, filters: AuditFilters, batch = 500): AsyncGenerator<AuditEventView> {
  let cursor: string | undefined;
  do {
    const page = await listAuditEvents(db, projectId, { ...filters, cursor, limit: batch });
    yield* page.data;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}

function auditWhere(projectId: string, f: AuditFilters): SQL | undefined {
  const action = f.action?.endsWith(".") ? like(auditEvents.action, `${f.action.replace(/[\\%_]/g, "\\$&")}%`) : f.action ? eq(auditEvents.action, f.action) : undefined;
  return and(
    eq(auditEvents.projectId, projectId),
    f.actor ? or(eq(auditEvents.actorId, f.actor), eq(auditEvents.actorName, f.actor.toLowerCase())) : undefined,
    action,
    f.targetType ? eq(auditEvents.targetType, f.targetType) : undefined,
    f.target ? eq(auditEvents.targetId, f.target) : undefined,
    f.from ? gte(auditEvents.at, new Date(f.from)) : undefined,
    f.to ? lt(auditEvents.at, new Date(f.to)) : undefined,
  );
}

export function toAuditEventView(row: AuditEvent): AuditEventView {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: { type: row.actorType, id: row.actorId, name: row.actorName },
    action: row.action,
    target: row.targetType ? { type: row.targetType, id: row.targetId } : null,
    requestId: row.requestId,
    summary: row.summary,
    prevHash: row.prevHash,
    hash: row.hash,
  };
}
