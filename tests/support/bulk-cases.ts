import { and, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { auditEvents, runtimeHistory } from "@/lib/db/schema";
import type { HistoryKind } from "@/lib/db/schema/history";
import { createFilter } from "@/lib/filters";
import { sendEvent } from "@/lib/runtime/send-event";
import { startRun } from "@/lib/runtime/start-run";
import { drainJobs } from "@/lib/worker/drain";
import { seedDefinition } from "./seed";

/** The bulk tests' workflow: idle -start-> review -approve-> approved (final); no plugins, so a step is one version. */
export const BULK_WORKFLOW = "bulk_review";
const chart = {
  id: "bulk_review_v1",
  initial: "idle",
  states: { idle: { on: { start: "review" } }, review: { on: { approve: "approved" } }, approved: { type: "final" } },
};

const actor = { type: "api_key" as const, id: "seed" };

/** Store the bulk tests' workflow in `projectId`. */
export function seedBulkWorkflow(db: Db, projectId: string) {
  return seedDefinition(db, projectId, { id: BULK_WORKFLOW, edit: (d) => Object.assign(d, { definition: chart, extensions: { apiPlugins: [] }, config: {} }) });
}

/**
 * `count` cases of the bulk workflow in `review` (started, then sent `start`), each through the runtime's own
 * path; with `tag`, their company names carry it, so a filter or a search can pick them out. Returns their ids.
 */
export async function reviewCases(db: Db, projectId: string, count: number, tag = "Acme"): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const run = await startRun(db, {
      projectId,
      workflowId: BULK_WORKFLOW,
      context: { entity: { id: `${tag}-${i}-${Math.random().toString(36).slice(2, 8)}`, type: "business", data: { companyName: `${tag} ${i} Ltd` } }, documents: [] },
      actor,
    });
    await sendEvent(db, { projectId, runtimeId: run.workflowRuntimeId, name: "start", origin: "api", actor });
    ids.push(run.workflowRuntimeId);
  }
  return ids;
}

/** A queue of the bulk workflow's cases whose company name contains `tag` (and in `state`, when given). */
export function bulkQueue(db: Db, projectId: string, tag: string, state?: string) {
  const where: Record<string, unknown> = { workflowDefinitionId: BULK_WORKFLOW, "business.companyName": { contains: tag } };
  if (state) where.state = state;
  return createFilter(db, projectId, { name: `Bulk ${tag}`, entity: "businesses", query: { where } });
}

/** Run due jobs (the bulk operation's among them) until none is left. */
export function runJobs(db: Db) {
  return drainJobs(db, { budgetMs: 60_000, log: () => undefined });
}

/** A case's history rows of one kind. */
export async function historyRows(db: Db, runtimeId: string, kind: HistoryKind) {
  return db.select().from(runtimeHistory).where(and(eq(runtimeHistory.runtimeId, runtimeId), eq(runtimeHistory.kind, kind)));
}

/** The project's audit rows of one action. */
export async function auditRows(db: Db, projectId: string, action: string) {
  return db.select().from(auditEvents).where(and(eq(auditEvents.projectId, projectId), eq(auditEvents.action, action)));
}
