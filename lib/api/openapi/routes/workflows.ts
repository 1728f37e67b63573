import { pathParams } from "../../../api-contract/path-params";
import { named, type RouteGroup } from "../../../api-contract/route-spec";
import * as s from "../../schemas";
import { BATCH_MAX_BYTES, BATCH_MAX_ITEMS, runBatchRequestSchema, runBatchResponseSchema, sendEventsRequestSchema, sendEventsResponseSchema } from "../../schemas/batches";
import { BATCH_CHUNK } from "../../batch-items";
import { runResponseSchema } from "../../schemas/responses";
import { cancelRequestSchema, contextPatchSchema, moveRequestSchema } from "../../schemas/runtime-repair";
import { historyPageSchema, runtimePageSchema, runtimeResponseSchema } from "../../schemas/runtimes";

const runtime = named("Runtime", runtimeResponseSchema);

/** How both batch routes read, do and answer their items (lib/api/batch-items.ts, lib/api/http/read-batch.ts). */
const batchRules = (single: string) =>
  [
    `The body is at most ${BATCH_MAX_BYTES / 1024 / 1024} MiB (else 413 \`payload_too_large\`) and holds 1 to ${BATCH_MAX_ITEMS} \`items\` (else 422 \`validation_failed\` at \`/items\`).`,
    `Each item is read on its own as the body of \`${single}\` (at most 1,000,000 bytes), so a bad item gets its own 413 or 422, with pointers relative to the item, and the others are done.`,
    "The answer is 200 with one `{ status, body }` per item, in order: what the single request would have answered.",
    `Valid items are done in chunks of ${BATCH_CHUNK}, one transaction each; with an \`Idempotency-Key\` header, all in the one transaction the key is written in, and a repeat replays the whole answer.`,
    "An item's `idempotencyKey` is the key of its single request (the same scope): it commits with the item's work, a repeat replays the item's answer (`replayed: true`), another body with it is that item's 422 `idempotency_key_reused`, and a failed item's key is not kept.",
  ].join(" ");

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
      pathParams: pathParams("workflowRuntimeId"),
      body: named("SendEventRequest", s.sendEventRequestSchema),
      requestHeaders: ["Idempotency-Key", "If-Match", "Prefer"],
      success: { status: 200, description: "The runtime after the event (settled, with `Prefer: wait`).", schema: runtime, headers: ["ETag", "Idempotent-Replayed", "Preference-Applied"] },
      errors: ["not_found", "event_not_accepted", "runtime_not_active", "snapshot_state_unknown", "version_conflict"],
    },
    {
      method: "post",
      path: "/api/v1/external/workflows/run-batch",
      scope: "runtimes:write",
      summary: `Start up to ${BATCH_MAX_ITEMS} workflows`,
      description: batchRules("POST /workflows/run"),
      body: named("RunBatchRequest", runBatchRequestSchema),
      requestHeaders: ["Idempotency-Key"],
      success: { status: 200, description: "One answer per item, in order: 201 with the run's ids, or the item's problem.", schema: named("RunBatchResponse", runBatchResponseSchema), headers: ["Idempotent-Replayed"] },
    },
    {
      method: "post",
      path: "/api/v1/external/workflows/send-events",
      scope: "runtimes:write",
      summary: `Send up to ${BATCH_MAX_ITEMS} events`,
      description: `${batchRules("POST /workflows/{workflowRuntimeId}/send-event")} Events for one runtime apply in their order; an item's \`ifMatch\` is its single request's \`If-Match\` (412 \`version_conflict\` for that item).`,
      body: named("SendEventsRequest", sendEventsRequestSchema),
      requestHeaders: ["Idempotency-Key"],
      success: {
        status: 200,
        description: "One answer per item, in order: 200 with the runtime after the event, or the item's problem (404, 409, 412, 422, ...).",
        schema: named("SendEventsResponse", sendEventsResponseSchema),
        headers: ["Idempotent-Replayed"],
      },
    },
    {
      method: "patch",
      path: "/api/v1/external/workflows/{workflowRuntimeId}/context",
      scope: "runtimes:write",
      summary: "Patch a workflow's context",
      pathParams: pathParams("workflowRuntimeId"),
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
      pathParams: pathParams("workflowRuntimeId"),
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
      pathParams: pathParams("workflowRuntimeId"),
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
      pathParams: pathParams("workflowRuntimeId"),
      success: { status: 200, description: "The runtime.", schema: runtime, headers: ["ETag"] },
      errors: ["not_found"],
    },
    {
      method: "get",
      path: "/api/v1/external/workflows/{workflowRuntimeId}/history",
      scope: "runtimes:read",
      summary: "A runtime's history",
      pathParams: pathParams("workflowRuntimeId"),
      query: s.historyQuerySchema,
      success: { status: 200, description: "Transitions, plugin calls (redacted), decisions and webhooks, oldest first.", schema: named("HistoryPage", historyPageSchema) },
      errors: ["not_found"],
    },
  ],
};
