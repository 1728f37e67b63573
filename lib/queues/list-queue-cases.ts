import { sql, type SQL } from "drizzle-orm";
import type { SessionUser } from "../auth/session";
import type { Db } from "../db/client";
import { runFilterQuery, type FilterEntity, type FilterResponse } from "../filters";
import { overdue } from "./overdue-counts";
import { entityFields } from "./queue-columns";
import { QUEUE_PAGE_SIZE, type QueueParams } from "./queue-params";
import { searchAlternatives } from "./queue-search";

export { searchCondition } from "./queue-search";

/** One row of a queue page, flattened for the table. */
export interface QueueRow {
  id: string;
  name: string;
  entityId: string | null;
  state: string;
  status: string;
  tags: string[];
  manualReviewReason: string | null;
  workflowFinalState: string | null;
  assignee: { id: string; name: string } | null;
  workflow: { id: string; version: number; name: string | null };
  createdAt: string | null;
  updatedAt: string | null;
  resolvedAt: string | null;
  assignedAt: string | null;
  /** The review deadline of the case's state (`meta.sla`); null when it has none. */
  dueAt: string | null;
  /** When the deadline's warning is due (`dueAt − meta.sla.warnBefore`); null without a warning. */
  dueWarnAt: string | null;
  /** The entity's fields shown as text columns. */
  entity: Record<string, unknown>;
}

export interface QueuePage {
  rows: QueueRow[];
  nextCursor: string | null;
}

type Raw = Record<string, unknown>;

/**
 * One page of a queue: the cases its filter's `where` selects, narrowed by the quick filters and search,
 * sorted by creation (newest first), entity name or deadline (soonest first, cases without one last), keyset-paginated (`cursor`; no total count, so it stays
 * fast on large queues). The light select below replaces the filter's own (which may carry whole contexts).
 * `visible` (`visibleCases` of lib/queues/queue-access.ts) leaves out the cases hidden from the user by other queues' teams.
 */
export async function listQueueCases(db: Db, user: SessionUser, filter: FilterResponse, params: QueueParams, visible?: SQL): Promise<QueuePage> {
  const entity = filter.entity;
  const rel = entity === "businesses" ? "business" : "endUser";
  const extra = entityFields(entity, filter.query.select?.[rel]);
  const nameFields = entity === "businesses" ? ["companyName"] : ["firstName", "lastName"];
  const select = {
    id: true, state: true, status: true, tags: true, manualReviewReason: true, workflowFinalState: true, workflowDefinitionId: true,
    workflowDefinitionVersion: true, createdAt: true, updatedAt: true, resolvedAt: true, assignedAt: true, dueAt: true, dueWarnAt: true,
    assignee: { select: { id: true, firstName: true, lastName: true, email: true } },
    workflowDefinition: { select: { name: true } },
    [rel]: { select: Object.fromEntries([...nameFields, "correlationId", ...extra].map((f) => [f, true])) },
  };
  const page = await runFilterQuery(db, user.projectId, { entity, query: { where: filter.query.where, select } }, {
    limit: QUEUE_PAGE_SIZE,
    cursor: params.cursor,
    orderBy: params.sort === "name" ? "companyName" : params.sort === "due" ? "dueAt" : "createdAt",
    extraWhere: both(quickFilters(user, params), visible),
    anyOf: params.q ? searchAlternatives(entity, params.q, user.projectId) : undefined,
  });
  return { rows: page.data.map((r) => toRow(entity, rel, r)), nextCursor: page.nextCursor };
}

const both = (a: SQL | undefined, b: SQL | undefined): SQL | undefined => (a && b ? sql`${a} and ${b}` : (a ?? b));

/** The quick filters as one predicate over the runtime alias `r` (index-backed: assignee, status, state, due). */
export function quickFilters(user: SessionUser, params: Pick<QueueParams, "assignee" | "state" | "status" | "due">): SQL | undefined {
  const parts: SQL[] = [];
  if (params.assignee === "me") parts.push(sql`r.assignee_id = ${user.id}::uuid`);
  else if (params.assignee === "unassigned") parts.push(sql`r.assignee_id is null`);
  else if (params.assignee) parts.push(sql`r.assignee_id = ${params.assignee}::uuid`);
  if (params.state) parts.push(sql`r.state = ${params.state}`);
  if (params.status) parts.push(sql`r.status = ${params.status}`);
  if (params.due === "overdue") parts.push(overdue);
  return parts.length ? sql.join(parts, sql` and `) : undefined;
}

function toRow(entity: FilterEntity, rel: string, r: Raw): QueueRow {
  const e = (r[rel] ?? {}) as Raw;
  const a = r.assignee as Raw | null;
  const str = (v: unknown) => (typeof v === "string" ? v : null);
  const name = entity === "businesses" ? str(e.companyName) : [str(e.firstName), str(e.lastName)].filter(Boolean).join(" ");
  return {
    id: String(r.id),
    name: name || "(no name)",
    entityId: str(e.correlationId),
    state: String(r.state),
    status: String(r.status),
    tags: Array.isArray(r.tags) ? (r.tags as string[]) : [],
    manualReviewReason: str(r.manualReviewReason),
    workflowFinalState: str(r.workflowFinalState),
    assignee: a ? { id: String(a.id), name: `${str(a.firstName) ?? ""} ${str(a.lastName) ?? ""}`.trim() || str(a.email) || "?" } : null,
    workflow: { id: String(r.workflowDefinitionId), version: Number(r.workflowDefinitionVersion), name: str((r.workflowDefinition as Raw | null)?.name) },
    createdAt: str(r.createdAt),
    updatedAt: str(r.updatedAt),
    resolvedAt: str(r.resolvedAt),
    assignedAt: str(r.assignedAt),
    dueAt: str(r.dueAt),
    dueWarnAt: str(r.dueWarnAt),
    entity: e,
  };
}
