import { and, eq } from "drizzle-orm";
import { projectFilter } from "../db/raw-sql";
import { listPlugins, type PluginConfig } from "../engine";
import type { Db } from "../db/client";
import { businesses, endUsers, type Business, type EndUser, type WorkflowDefinition } from "../db/schema";
import { getCompiledDefinition } from "../runtime/definition-cache";
import { findRuntime } from "../runtime/get-runtime";
import { latestRuntimeHistory, type HistoryEntry } from "../runtime/history-view";
import { loadStateReview, runtimeView, type RuntimeView } from "../runtime/runtime-view";
import { hasPendingPluginCall } from "../runtime/wait-settled";
import { listUsers, type UserSummary } from "../users/list-users";
import { listNotes, type NoteView } from "../notes";
import { listEarlierDocuments, type EarlierDocument } from "./earlier-documents";
import { eligibilityOf, type Eligibility } from "./four-eyes/eligibility";
import { loadFourEyes } from "./four-eyes/load-four-eyes";

/** Everything the case page shows, loaded in one place. */
export interface RuntimeDetail {
  view: RuntimeView;
  definition: WorkflowDefinition;
  apiPlugins: PluginConfig[];
  business: Business | null;
  endUser: EndUser | null;
  history: HistoryEntry[];
  /** True when older entries were left out: the timeline shows the latest `HISTORY_LIMIT`. */
  historyTruncated: boolean;
  /** The project's users, for assignee names, actor names and the assignment picker. */
  users: UserSummary[];
  /** An API plugin call of the case is still pending: the page follows the case until it has settled. */
  awaitingPlugin: boolean;
  /** Earlier versions of the case's documents by document id, newest first. */
  earlierDocuments: Record<string, EarlierDocument[]>;
  /** The newest notes, newest first; `moreNotes` when there are older ones. */
  notes: NoteView[];
  moreNotes: boolean;
  /** The current state's review deadline (`meta.sla`) and when its warning is due; nulls when it has none. */
  deadline: { dueAt: string | null; dueWarnAt: string | null };
  /** On a four-eyes state (`view.review`), what the viewer may vote; null elsewhere or without a viewer. */
  eligibility: Eligibility | null;
}

export const NOTES_SHOWN = 20;

export const HISTORY_LIMIT = 500;

/**
 * The case (runtime) of the project with its definition, entity, timeline and users, and on a four-eyes state what
 * `viewerId` may vote; null when absent.
 */
export async function loadRuntimeDetail(db: Db, projectId: string, runtimeId: string, viewerId?: string): Promise<RuntimeDetail | null> {
  const row = await findRuntime(db, projectId, runtimeId);
  if (!row) return null;
  const [{ row: definition, compiled, review, eligibility }, history, users, business, endUser, awaitingPlugin, earlierDocuments, notes] = await Promise.all([
    getCompiledDefinition(db, projectId, row.workflowDefinitionId, row.workflowDefinitionVersion).then(async (d) => {
      const fourEyes = viewerId ? await loadFourEyes(db, row, d.compiled, viewerId) : null;
      return { ...d, review: await loadStateReview(db, row, d.compiled), eligibility: fourEyes && viewerId ? eligibilityOf(fourEyes, { id: viewerId }) : null };
    }),
    latestRuntimeHistory(db, projectId, row.id, HISTORY_LIMIT),
    listUsers(db, projectId),
    row.businessId ? db.select().from(businesses).where(and(eq(businesses.id, row.businessId), projectFilter(businesses.projectId, projectId))).then((r) => r[0] ?? null) : null,
    row.endUserId ? db.select().from(endUsers).where(and(eq(endUsers.id, row.endUserId), projectFilter(endUsers.projectId, projectId))).then((r) => r[0] ?? null) : null,
    row.status === "active" ? hasPendingPluginCall(db, row.id) : false,
    listEarlierDocuments(db, projectId, row.id),
    listNotes(db, { projectId, runtimeId: row.id, limit: NOTES_SHOWN }),
  ]);
  return {
    view: runtimeView(row, compiled, review),
    definition,
    apiPlugins: listPlugins(compiled).api,
    business,
    endUser,
    history: history.data,
    historyTruncated: history.olderOmitted,
    users,
    awaitingPlugin,
    earlierDocuments,
    notes: notes.data,
    moreNotes: notes.nextCursor !== null,
    deadline: { dueAt: row.dueAt?.toISOString() ?? null, dueWarnAt: row.dueWarnAt?.toISOString() ?? null },
    eligibility,
  };
}

/** The display name of the case's subject. */
export function subjectName(detail: Pick<RuntimeDetail, "business" | "endUser" | "view">): string {
  if (detail.business?.companyName) return detail.business.companyName;
  const person = [detail.endUser?.firstName, detail.endUser?.lastName].filter(Boolean).join(" ");
  if (person) return person;
  const data = (detail.view.context.entity as { data?: Record<string, unknown> } | undefined)?.data;
  return typeof data?.companyName === "string" && data.companyName ? data.companyName : "(no name)";
}
