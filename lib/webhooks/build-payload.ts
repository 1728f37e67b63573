import type { WorkflowRuntime } from "../db/schema";
import type { Approver, CaseAction } from "./step-events";
import type { DocumentChange } from "./document-changes";
import { WEBHOOK_API_VERSION, type DeliveredEventName } from "./event-names";

export interface Assignee {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

/** What the payload needs beyond the runtime row, read in the step's transaction. */
export interface PayloadFacts {
  assignee: Assignee | null;
  /** The entity's id in the service (business or end user). */
  serviceEntityId: string | null;
  /** The caller's entity id (`context.entity.id`). */
  correlationId: string | null;
  environment: "sandbox" | "production";
}

export interface DocumentDecision {
  status: string | null;
  revisionReason: string | null;
  rejectionReason: string | null;
}

/** The body of every system webhook (spec "Outgoing webhook payload", plus state, previousState, sequence). */
export interface SystemEventPayload {
  id: string;
  eventName: DeliveredEventName;
  apiVersion: number;
  timestamp: string;
  sequence: number;
  workflowRuntimeId: string;
  workflowDefinitionId: string;
  workflowDefinitionVersion: number;
  state: string;
  previousState: string | null;
  assignedAt: string | null;
  assignee: Assignee | null;
  workflowCreatedAt: string;
  workflowResolvedAt: string | null;
  serviceEntityId: string | null;
  correlationId: string | null;
  environment: "sandbox" | "production";
  workflowFinalState?: string | null;
  /** On the completion events: who approved the decision that completed the case (the votes of a four-eyes state). */
  approvers?: Approver[];
  /** On `workflow.sla.warning` and `workflow.sla.breached`: the deadline of the state (`state`). */
  dueAt?: string | null;
  actions?: CaseAction[];
  documentChanges?: DocumentChange[];
  data: Record<string, unknown>;
}

export interface PayloadEvent {
  id: string;
  eventName: DeliveredEventName;
  sequence: number;
  timestamp: Date;
  actions?: CaseAction[];
  documentChanges?: DocumentChange[];
  approvers?: Approver[];
}

const COMPLETION_EVENTS = new Set<DeliveredEventName>(["workflow.completed", "workflow.context.document.completed"]);
const DEADLINE_EVENTS = new Set<DeliveredEventName>(["workflow.sla.warning", "workflow.sla.breached"]);

/**
 * The payload of one event of a step. `data` is the runtime's context after the step; on the completion
 * events its documents carry `{ id, category, decision: { status, revisionReason, rejectionReason } }`
 * (null where nothing was recorded) and the payload carries `workflowFinalState` and `approvers` (empty when no
 * person approved, e.g. an automatic or rejecting decision); the deadline events carry
 * `dueAt`. Nothing else of the
 * runtime (config, subscription URLs) is copied, and the context never holds secret values.
 */
export function buildPayload(event: PayloadEvent, before: WorkflowRuntime | null, after: WorkflowRuntime, facts: PayloadFacts): SystemEventPayload {
  const completion = COMPLETION_EVENTS.has(event.eventName);
  return {
    id: event.id,
    eventName: event.eventName,
    apiVersion: WEBHOOK_API_VERSION,
    timestamp: event.timestamp.toISOString(),
    sequence: event.sequence,
    workflowRuntimeId: after.id,
    workflowDefinitionId: after.workflowDefinitionId,
    workflowDefinitionVersion: after.workflowDefinitionVersion,
    state: after.state,
    previousState: before?.state ?? null,
    assignedAt: after.assignedAt?.toISOString() ?? null,
    assignee: facts.assignee,
    workflowCreatedAt: after.createdAt.toISOString(),
    workflowResolvedAt: after.resolvedAt?.toISOString() ?? null,
    serviceEntityId: facts.serviceEntityId,
    correlationId: facts.correlationId,
    environment: facts.environment,
    ...(completion ? { workflowFinalState: after.workflowFinalState, approvers: event.approvers ?? [] } : {}),
    ...(DEADLINE_EVENTS.has(event.eventName) ? { dueAt: after.dueAt?.toISOString() ?? null } : {}),
    ...(event.actions ? { actions: event.actions } : {}),
    ...(event.documentChanges ? { documentChanges: event.documentChanges } : {}),
    data: completion ? withDocumentDecisions(after.context) : after.context,
  };
}

function withDocumentDecisions(context: Record<string, unknown>): Record<string, unknown> {
  const documents = Array.isArray(context.documents) ? context.documents : [];
  return {
    ...context,
    documents: documents.map((raw) => {
      const doc = (raw ?? {}) as Record<string, unknown>;
      const decision = (doc.decision ?? {}) as Record<string, unknown>;
      return {
        ...doc,
        id: stringOrNull(doc.id),
        category: stringOrNull(doc.category),
        decision: {
          status: stringOrNull(decision.status),
          revisionReason: stringOrNull(decision.revisionReason),
          rejectionReason: stringOrNull(decision.rejectionReason),
        } satisfies DocumentDecision,
      };
    }),
  };
}

const stringOrNull = (value: unknown): string | null => (typeof value === "string" ? value : null);

const KEY_ORDER = [
  "id", "eventName", "apiVersion", "timestamp", "sequence", "workflowRuntimeId", "workflowDefinitionId", "workflowDefinitionVersion",
  "state", "previousState", "assignedAt", "assignee", "workflowCreatedAt", "workflowResolvedAt", "serviceEntityId", "correlationId",
  "environment", "workflowFinalState", "approvers", "actions", "documentChanges", "data",
];

/**
 * The stored payload with its top-level keys back in documented order (`jsonb` sorts keys by length), so
 * the body a receiver logs reads like the documentation. Unknown keys keep their place after the known ones.
 */
export function orderPayloadKeys(payload: Record<string, unknown>): Record<string, unknown> {
  const ordered: Record<string, unknown> = {};
  for (const key of KEY_ORDER) if (key in payload) ordered[key] = payload[key];
  for (const [key, value] of Object.entries(payload)) if (!(key in ordered)) ordered[key] = value;
  return ordered;
}
