/**
 * Every path parameter of the API, described once: routes of different groups that take the same segment (a
 * runtime's id under workflows, notes and documents; a filter's id under filters and bulk operations) describe
 * it alike.
 */
const PATH_PARAMS = {
  workflowRuntimeId: "Runtime id returned by run.",
  documentId: "The document's `id` (given or generated when it was added).",
  definitionId: "Definition id (the workflowId used when running).",
  filterId: "Filter id.",
  bulkOperationId: "The operation's `id` (the `Location` of the request that started it).",
  teamId: "Team id.",
  userId: "User id of the member.",
  jobId: "The job's `id` from GET /jobs.",
  subscriptionId: "Subscription id.",
  deliveryId: "Delivery id.",
} as const;

export type PathParamName = keyof typeof PATH_PARAMS;

/**
 * A route's `pathParams`: the named segments of its path, in path order, with their descriptions.
 *
 * @example
 * pathParams("workflowRuntimeId", "documentId"); // { workflowRuntimeId: "Runtime id returned by run.", documentId: "The document's `id` …" }
 */
export function pathParams(...names: PathParamName[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, PATH_PARAMS[name]]));
}
