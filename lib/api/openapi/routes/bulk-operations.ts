import { pathParams } from "../../../api-contract/path-params";
import { named, type RouteGroup } from "../../../api-contract/route-spec";
import { bulkActionRequestSchema, bulkOperationSchema, bulkSelectionRequestSchema } from "../../schemas/bulk-operations";

const bulkOperation = named("BulkOperation", bulkOperationSchema);
/*
 * BULK_CHUNK_SIZE and MAX_LISTED_FAILURES of lib/bulk/run-bulk-chunk.ts, written out: lib/bulk imports lib/api,
 * so importing its code here would make the two folders a cycle (scripts/check-boundaries.mjs).
 */
const BULK_CHUNK_SIZE = 100;
const MAX_LISTED_FAILURES = 100;


/** How a bulk operation runs once accepted (lib/bulk): the same for both ways of starting one. */
const RUN = [
  "The answer is 202 at once, with the operation and its `Location`; the worker then acts on each case as the single action would",
  "(`send-event`: POST /workflows/{id}/send-event; `assign`: the assignment's rules, a `reason` for each case that leaves its assignee; `cancel`: POST /workflows/{id}/cancel),",
  `in chunks of ${BULK_CHUNK_SIZE} cases, one transaction each. A case the action refuses fails alone, with the problem its single action would have answered.`,
  "An `Idempotency-Key` commits with the operation: a repeat answers the same operation and starts nothing.",
].join(" ");

/** Bulk operations: one action over many cases, done in the background and followed by polling. */
export const BULK_OPERATION_ROUTES: RouteGroup = {
  tag: "Bulk operations",
  description: "One action (send an event, assign, cancel) on every case a filter matches or on a selection of cases, run by the worker in chunks and followed by polling.",
  routes: [
    {
      method: "post",
      path: "/api/v1/external/filters/{filterId}/bulk",
      scope: "runtimes:write",
      summary: "Act on every case a filter matches",
      description: `The cases are those the filter matches when the request is made (\`total\`); cases that match later are not included. A filter that matches nothing answers an operation completed at once. ${RUN}`,
      pathParams: pathParams("filterId"),
      body: named("BulkActionRequest", bulkActionRequestSchema),
      requestHeaders: ["Idempotency-Key"],
      success: { status: 202, description: "The operation, queued (or completed when the filter matched nothing); follow it at `Location`.", schema: bulkOperation, headers: ["Location", "Idempotent-Replayed"] },
      errors: ["not_found"],
    },
    {
      method: "post",
      path: "/api/v1/external/bulk-operations",
      scope: "runtimes:write",
      summary: "Act on selected cases",
      description: `\`runtimeIds\` (1 to 10,000) are done in the order given, each once; an id that is no case of the project fails as that case's 404. ${RUN}`,
      body: named("BulkSelectionRequest", bulkSelectionRequestSchema),
      requestHeaders: ["Idempotency-Key"],
      success: { status: 202, description: "The operation, queued; follow it at `Location`.", schema: bulkOperation, headers: ["Location", "Idempotent-Replayed"] },
    },
    {
      method: "get",
      path: "/api/v1/external/bulk-operations/{bulkOperationId}",
      scope: "runtimes:read",
      summary: "Follow a bulk operation",
      pathParams: pathParams("bulkOperationId"),
      success: { status: 200, description: `Its status and counters (\`succeeded\`, \`failed\`, \`skipped\`, \`pending\`) and its first ${MAX_LISTED_FAILURES} failures with their problems.`, schema: bulkOperation },
      errors: ["not_found"],
    },
    {
      method: "post",
      path: "/api/v1/external/bulk-operations/{bulkOperationId}/cancel",
      scope: "runtimes:write",
      summary: "Cancel a bulk operation",
      description: "Stops it between chunks: a chunk in progress finishes, every case not done yet is `skipped` and left as it is. An operation that already ended (completed or canceled), or whose last cases were done meanwhile, answers 409 `bulk_operation_finished`.",
      pathParams: pathParams("bulkOperationId"),
      success: { status: 200, description: "The canceled operation, with the cases it skipped.", schema: bulkOperation },
      errors: ["not_found", "bulk_operation_finished"],
    },
  ],
};
