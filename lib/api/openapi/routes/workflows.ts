import { named, type RouteGroup } from "../../../api-contract/route-spec";
import * as s from "../../schemas";
import { runResponseSchema } from "../../schemas/responses";
import { cancelRequestSchema, contextPatchSchema, moveRequestSchema } from "../../schemas/runtime-repair";
import { historyPageSchema, runtimePageSchema, runtimeResponseSchema } from "../../schemas/runtimes";

const runtimeId = { workflowRuntimeId: "Runtime id returned by run." };
const runtime = named("Runtime", runtimeResponseSchema);

/** Runs of workflow definitions ("runtimes"): start, send events, patch the context, move, cancel, read, list, history. */
export const WORKFLOW_ROUTES: RouteGroup = {
  tag: "Workflows",
  description: "Runtimes: one run of a workflow definition for an entity, moved by events and plugin results.",
  routes: [
    {
      method: "post",
      path: "/api/v1/external/workflows/run",
      scope: "runtimes:write",
      summary: "Start a workflow",
      body: named("RunRequest", s.runRequestSchema),
      requestHeaders: ["Idempotency-Key", "Prefer"],
      success: { status: 201, description: "The workflow was started.", schema: named("RunResponse", runResponseSchema), headers: ["Location", "Idempotent-Replayed", "Preference-Applied"] },
      errors: ["not_found"],
    },
    {
      method: "post",
      path: "/api/v1/external/workflows/{workflowRuntimeId}/send-event",
      scope: "runtimes:write",
      summary: "Send an event to a workflow",
      pathParams: runtimeId,
      body: named("SendEventRequest", s.sendEventRequestSchema),
      requestHeaders: ["Idempotency-Key", "If-Match", "Prefer"],
      success: { status: 200, description: "The runtime after the event (settled, with `Prefer: wait`).", schema: runtime, headers: ["ETag", "Idempotent-Replayed", "Preference-Applied"] },
      errors: ["not_found", "event_not_accepted", "runtime_not_active", "snapshot_state_unknown", "version_conflict"],
    },
    {
      method: "patch",
      path: "/api/v1/external/workflows/{workflowRuntimeId}/context",
      scope: "runtimes:write",
      summary: "Patch a workflow's context",
      pathParams: runtimeId,
      body: named("ContextPatch", contextPatchSchema),
      bodyMediaTypes: ["application/merge-patch+json", "application/json"],
      requestHeaders: ["Idempotency-Key", "If-Match"],
      success: { status: 200, description: "The runtime with its patched context; the state does not move.", schema: runtime, headers: ["ETag", "Idempotent-Replayed"] },
      errors: ["not_found", "runtime_not_active", "snapshot_state_unknown", "version_conflict"],
    },
    {
      method: "post",
      path: "/api/v1/external/workflows/{workflowRuntimeId}/move",
      scope: "runtimes:write",
      summary: "Move a workflow to a state",
      pathParams: runtimeId,
      body: named("MoveRequest", moveRequestSchema),
      requestHeaders: ["Idempotency-Key", "If-Match", "Prefer"],
      success: { status: 200, description: "The runtime after entering the state (settled, with `Prefer: wait`).", schema: runtime, headers: ["ETag", "Idempotent-Replayed", "Preference-Applied"] },
      errors: ["not_found", "runtime_not_active", "snapshot_state_unknown", "version_conflict"],
    },
    {
      method: "post",
      path: "/api/v1/external/workflows/{workflowRuntimeId}/cancel",
      scope: "runtimes:write",
      summary: "Cancel a workflow",
      pathParams: runtimeId,
      body: named("CancelRequest", cancelRequestSchema),
      requestHeaders: ["Idempotency-Key", "If-Match"],
      success: { status: 200, description: "The canceled runtime.", schema: runtime, headers: ["ETag", "Idempotent-Replayed"] },
      errors: ["not_found", "runtime_not_active", "version_conflict"],
    },
    {
      method: "get",
      path: "/api/v1/external/workflows",
      scope: "runtimes:read",
      summary: "List workflow runtimes",
      query: s.listWorkflowsQuerySchema,
      success: { status: 200, description: "A page of runtimes, newest first.", schema: named("RuntimePage", runtimePageSchema) },
    },
    {
      method: "get",
      path: "/api/v1/external/workflows/{workflowRuntimeId}",
      scope: "runtimes:read",
      summary: "Get a workflow runtime",
      pathParams: runtimeId,
      success: { status: 200, description: "The runtime.", schema: runtime, headers: ["ETag"] },
      errors: ["not_found"],
    },
    {
      method: "get",
      path: "/api/v1/external/workflows/{workflowRuntimeId}/history",
      scope: "runtimes:read",
      summary: "A runtime's history",
      pathParams: runtimeId,
      query: s.historyQuerySchema,
      success: { status: 200, description: "Transitions, plugin calls (redacted), decisions and webhooks, oldest first.", schema: named("HistoryPage", historyPageSchema) },
      errors: ["not_found"],
    },
  ],
};
