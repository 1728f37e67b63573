import { acceptedEvents, type CompiledWorkflow } from "../engine";
import type { Db } from "../db/client";
import type { WorkflowRuntime } from "../db/schema";
import { getCompiledDefinition } from "./definition-cache";
import { snapshotOf } from "./snapshot";

/** A runtime as the API returns it. */
export interface RuntimeView {
  id: string;
  workflowDefinitionId: string;
  workflowDefinitionVersion: number;
  serviceEntityId: string | null;
  entityType: "business" | "individual" | null;
  state: string;
  status: WorkflowRuntime["status"];
  tags: string[];
  context: Record<string, unknown>;
  nextEvents: string[];
  version: number;
  manualReviewReason: string | null;
  workflowFinalState: WorkflowRuntime["workflowFinalState"];
  assigneeId: string | null;
  assignedAt: string | null;
  createdAt: string;
  updatedAt: string;
  resolvedAt: string | null;
  /** The review deadline of the current state (`meta.sla`); null when it has none. */
  dueAt: string | null;
}

/** Shape a runtime row for the API; `nextEvents` are the events its current state accepts. */
export function runtimeView(row: WorkflowRuntime, compiled: CompiledWorkflow): RuntimeView {
  return {
    id: row.id,
    workflowDefinitionId: row.workflowDefinitionId,
    workflowDefinitionVersion: row.workflowDefinitionVersion,
    serviceEntityId: row.businessId ?? row.endUserId,
    entityType: row.businessId ? "business" : row.endUserId ? "individual" : null,
    state: row.state,
    status: row.status,
    tags: row.tags,
    context: row.context,
    nextEvents: row.status === "active" ? acceptedEvents(compiled, snapshotOf(row)) : [],
    version: row.version,
    manualReviewReason: row.manualReviewReason,
    workflowFinalState: row.workflowFinalState,
    assigneeId: row.assigneeId,
    assignedAt: row.assignedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    dueAt: row.dueAt?.toISOString() ?? null,
  };
}

/** `runtimeView` for a row, loading its (cached) compiled definition. */
export async function loadRuntimeView(db: Db, row: WorkflowRuntime): Promise<RuntimeView> {
  const { compiled } = await getCompiledDefinition(db, row.projectId, row.workflowDefinitionId, row.workflowDefinitionVersion);
  return runtimeView(row, compiled);
}
