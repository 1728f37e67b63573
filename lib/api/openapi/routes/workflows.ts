import { named, type RouteGroup } from "../../../api-contract/route-spec";
import * as s from "../../schemas";
import { runResponseSchema } from "../../schemas/responses";
import { historyPageSchema, runtimePageSchema, runtimeResponseSchema } from "../../schemas/runtimes";

const runtimeId = { workflowRuntimeId: "Runtime id returned by run." };
const runtime = named("Runtime", runtimeResponseSchema);

/** Runs of workflow definitions ("runtimes"): start, send events, read, list, history. */
export const WORKFLOW_ROUTES: RouteGroup = {
  tag: "Workflows",
  description: "Runtimes: one run of a workflow definition for an entity, moved by events and plugin results.",
  routes: [
    {
      method: "post",
      path: "/api/v1/external/workflows/run",
      summary: "Start a workflow",
      body: named("RunRequest", s.runRequestSchema),
      requestHeaders: ["Idempotency-Key", "Prefer"],
      success: { status: 201, description: "The workflow was started.", schema: named("RunResponse", runResponseSchema), headers: ["Location", "Idempotent-Replayed", "Preference-Applied"] },
      errors: ["not_found"],
    },
    {
      method: "post",
      path: "/api/v1/external/workflows/{workflowRuntimeId}/send-event",
      summary: "Send an event to a workflow",
      pathParams: runtimeId,
      body: named("SendEventRequest", s.sendEventRequestSchema),
      requestHeaders: ["Idempotency-Key", "If-Match", "Prefer"],
      success: { status: 200, description: "The runtime after the event (settled, with `Prefer: wait`).", schema: runtime, headers: ["ETag", "Idempotent-Replayed", "Preference-Applied"] },
      errors: ["not_found", "event_not_accepted", "snapshot_state_unknown", "version_conflict"],
    },
    {
      method: "get",
      path: "/api/v1/external/workflows",
      summary: "List workflow runtimes",
      query: s.listWorkflowsQuerySchema,
      success: { status: 200, description: "A page of runtimes, newest first.", schema: named("RuntimePage", runtimePageSchema) },
    },
    {
      method: "get",
      path: "/api/v1/external/workflows/{workflowRuntimeId}",
      summary: "Get a workflow runtime",
      pathParams: runtimeId,
      success: { status: 200, description: "The runtime.", schema: runtime, headers: ["ETag"] },
      errors: ["not_found"],
    },
    {
      method: "get",
      path: "/api/v1/external/workflows/{workflowRuntimeId}/history",
      summary: "A runtime's history",
      pathParams: runtimeId,
      query: s.historyQuerySchema,
      success: { status: 200, description: "Transitions, plugin calls (redacted), decisions and webhooks, oldest first.", schema: named("HistoryPage", historyPageSchema) },
      errors: ["not_found"],
    },
  ],
};
