import { acceptedEvents, type CompiledWorkflow } from "../engine";
import type { Db } from "../db/client";
import type { WorkflowRuntime } from "../db/schema";
import { getCompiledDefinition } from "./definition-cache";
import { snapshotOf } from "./snapshot";
import { currentStateVotes, stateReviewOf, type StateReview } from "./state-votes";

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
  /** The four-eyes rule of the current state (`meta.review`) and the votes of this visit; null when it has none. */
  review: StateReview | null;
}

/**
 * Shape a runtime row for the API; `nextEvents` are the events its current state accepts, `review` comes from
 * `loadStateReview` (null for a state without `meta.review`).
 */
export function runtimeView(row: WorkflowRuntime, compiled: CompiledWorkflow, review: StateReview | null): RuntimeView {
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
    review,
  };
}

/** The four-eyes rule of the runtime's current state with the votes of this visit; null (and no query) without one. */
export async function loadStateReview(db: Db, row: WorkflowRuntime, compiled: CompiledWorkflow): Promise<StateReview | null> {
  const rule = compiled.states.get(row.state)?.review;
  if (!rule) return null;
  const { votes } = await currentStateVotes(db, row.projectId, row.id, row.state);
  return stateReviewOf(row.state, rule, votes);
}

/** `runtimeView` for a row, loading its (cached) compiled definition. */
export async function loadRuntimeView(db: Db, row: WorkflowRuntime): Promise<RuntimeView> {
  const { compiled } = await getCompiledDefinition(db, row.projectId, row.workflowDefinitionId, row.workflowDefinitionVersion);
  return runtimeView(row, compiled, await loadStateReview(db, row, compiled));
}
