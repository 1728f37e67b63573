import { describe, expect, it } from "vitest";
import type { TransitionResult } from "../engine";
import type { WorkflowRuntime } from "../db/schema";
import { buildPayload, orderPayloadKeys } from "./build-payload";
import { deriveEvents } from "./derive-events";
import type { RuntimeStepChange } from "./step-events";

const at = new Date("2026-03-04T05:06:07.000Z");
const runtime = (over: Partial<WorkflowRuntime> = {}): WorkflowRuntime => ({
  id: "7d9f4a52-0000-4000-8000-000000000001",
  projectId: "p",
  workflowDefinitionId: "kyb",
  workflowDefinitionVersion: 2,
  businessId: "7d9f4a52-0000-4000-8000-0000000000b1",
  endUserId: null,
  parentRuntimeId: null,
  state: "manual_review",
  status: "active",
  tags: ["manual_review"],
  context: { entity: { id: "acme-1" }, documents: [{ id: "d1", category: "registration" }] },
  config: { subscriptions: [{ url: "https://hooks.example/secret-token-in-url" }] },
  manualReviewReason: null,
  workflowFinalState: null,
  assigneeId: null,
  assignedAt: null,
  version: 3,
  eventSeq: 0,
  createdAt: at,
  updatedAt: at,
  resolvedAt: null,
  dueAt: null,
  dueWarnAt: null,
  ...over,
});
const result = (over: Partial<TransitionResult> = {}): TransitionResult => ({
  snapshot: { state: "x", context: {}, status: "active", tags: [], manualReviewReason: null, workflowFinalState: null },
  previousState: "",
  changed: true,
  transitioned: true,
  contextChanged: false,
  completed: false,
  effects: [],
  diagnostics: [],
  ...over,
});
const step = (before: WorkflowRuntime | null, after: WorkflowRuntime, r: Partial<TransitionResult> = {}, eventName: string | null = "e"): RuntimeStepChange => ({
  before,
  after,
  result: result(r),
  eventName,
});
const names = (change: RuntimeStepChange) => deriveEvents(change).map((e) => e.eventName);

describe("deriveEvents", () => {
  it("at creation: the state change only (previousState null), plus completion when created final", () => {
    expect(names(step(null, runtime({ state: "idle", tags: [] }), {}, null))).toEqual(["workflow.state.changed"]);
    const finalAtOnce = runtime({ state: "auto_approve", status: "completed", workflowFinalState: "auto_approved" });
    expect(names(step(null, finalAtOnce, { completed: true }, null))).toEqual(["workflow.state.changed", "workflow.context.document.completed", "workflow.completed"]);
  });

  it("a re-entry of the same state with the same context emits nothing", () => {
    const r = runtime();
    expect(deriveEvents(step(r, runtime(), { changed: false, transitioned: true }))).toEqual([]);
  });

  it("a document decision on an active case is a context change and a document update", () => {
    const before = runtime();
    const after = runtime({ context: { ...before.context, documents: [{ id: "d1", category: "registration", decision: { status: "revision", revisionReason: "blurry" } }] } });
    expect(deriveEvents(step(before, after, { changed: false, transitioned: false, contextChanged: true }))).toEqual([
      { eventName: "workflow.context.changed" },
      { eventName: "workflow.context.document.updated", actions: ["document_decision"] },
    ]);
  });

  it("documents added, replaced and deleted are listed in documentChanges (the deleted one as it was), without a decision action", () => {
    const before = runtime({ context: { documents: [{ id: "d1", version: 1, decision: { status: "revision" } }, { id: "d2", version: 1 }] } });
    const replaced = { id: "d1", version: 2, decision: { status: "pending" } };
    const added = { id: "d3", version: 1, decision: { status: "pending" } };
    const after = runtime({ context: { documents: [replaced, added] } });
    const [, updated] = deriveEvents(step(before, after, { changed: false, transitioned: false, contextChanged: true }));
    expect(updated).toEqual({
      eventName: "workflow.context.document.updated",
      actions: ["document_added", "document_replaced", "document_deleted"],
      documentChanges: [
        { documentId: "d1", version: 2, change: "replaced", document: replaced },
        { documentId: "d3", version: 1, change: "added", document: added },
        { documentId: "d2", version: 1, change: "deleted", document: { id: "d2", version: 1 } },
      ],
    });
  });

  it("a plain state move on an active case is a document update with state_changed; completion without a decided outcome is not a document completion", () => {
    const before = runtime({ state: "a", tags: [] });
    expect(deriveEvents(step(before, runtime({ state: "b", tags: [] })))[1]).toEqual({ eventName: "workflow.context.document.updated", actions: ["state_changed"] });
    const failed = runtime({ state: "broken", status: "failed", tags: [] });
    expect(names(step(before, failed, { completed: true }))).toEqual(["workflow.state.changed", "workflow.completed"]);
  });
});

describe("buildPayload", () => {
  const facts = { assignee: null, serviceEntityId: "b1", correlationId: "acme-1", environment: "production" as const };

  it("never copies the runtime's config (subscription URLs) and orders the keys as documented", () => {
    const payload = buildPayload({ id: "evt_1", eventName: "workflow.state.changed", sequence: 4, timestamp: at }, runtime({ state: "idle" }), runtime(), facts);
    expect(JSON.stringify(payload)).not.toContain("secret-token-in-url");
    expect(payload).toMatchObject({ previousState: "idle", state: "manual_review", sequence: 4, environment: "production", data: { documents: [{ id: "d1", category: "registration" }] } });
    const shuffled = Object.fromEntries(Object.entries(payload).reverse());
    expect(Object.keys(orderPayloadKeys(shuffled))).toEqual(Object.keys(payload));
  });

  it("lists the approvers on completion events only, after workflowFinalState", () => {
    const done = runtime({ state: "approve", status: "completed", workflowFinalState: "approved", resolvedAt: at });
    const approvers = [{ id: "u1", name: "Ana" }, { id: "u2", name: "Bo" }];
    const payload = buildPayload({ id: "evt_3", eventName: "workflow.completed", sequence: 9, timestamp: at, approvers }, runtime(), done, facts);
    expect(payload.approvers).toEqual(approvers);
    const keys = Object.keys(orderPayloadKeys(payload as unknown as Record<string, unknown>));
    expect(keys.indexOf("approvers")).toBe(keys.indexOf("workflowFinalState") + 1);
    expect(buildPayload({ id: "evt_4", eventName: "workflow.state.changed", sequence: 8, timestamp: at, approvers }, runtime(), done, facts)).not.toHaveProperty("approvers");
  });

  it("on completion: workflowFinalState and every document with id, category and a decision of three fields", () => {
    const done = runtime({ state: "approve", status: "completed", workflowFinalState: "approved", resolvedAt: at, context: { documents: [{ category: "c" }, null] } });
    const payload = buildPayload({ id: "evt_2", eventName: "workflow.completed", sequence: 9, timestamp: at }, runtime(), done, facts);
    expect(payload.workflowFinalState).toBe("approved");
    expect(payload.approvers).toEqual([]);
    expect(payload.workflowResolvedAt).toBe(at.toISOString());
    expect(payload.data.documents).toEqual([
      { id: null, category: "c", decision: { status: null, revisionReason: null, rejectionReason: null } },
      { id: null, category: null, decision: { status: null, revisionReason: null, rejectionReason: null } },
    ]);
  });
});
