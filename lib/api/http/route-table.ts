/** Secrets and teams: both surfaces serve them alike (app/api/_handlers), below their own prefix. */
const SECRET_AND_TEAM_ROUTES: Record<string, readonly string[]> = {
  "/secrets": ["GET"],
  "/secrets/[name]": ["PUT", "PATCH", "DELETE"],
  "/teams": ["GET", "POST"],
  "/teams/[teamId]": ["GET", "PATCH", "DELETE"],
  "/teams/[teamId]/members": ["POST"],
  "/teams/[teamId]/members/[userId]": ["DELETE"],
};
const under = (prefix: string, routes: Record<string, readonly string[]>) => Object.fromEntries(Object.entries(routes).map(([path, methods]) => [`${prefix}${path}`, methods]));

/**
 * Every route under `/api` with the methods its `route.ts` implements (not the 405 stubs of `otherMethods`),
 * in Next.js's folder syntax. The proxy uses it to answer unknown paths (404) and missing methods (405 with
 * `Allow`) as problem+json before Next.js does; `route-table.test.ts` checks it against `app/api`.
 */
export const API_ROUTE_TABLE: Record<string, readonly string[]> = {
  "/api/health": ["GET"],
  "/api/health/ready": ["GET"],
  "/api/metrics": ["GET"],
  "/api/auth/[...nextauth]": ["GET", "POST"],
  "/api/auth/login": ["POST"],
  "/api/auth/logout": ["POST"],
  "/api/internal/jobs/drain": ["GET", "POST"],
  "/api/sandbox/echo": ["POST"],
  "/api/sandbox/echo/[name]": ["POST"],
  "/api/sandbox/registry/[registrationNumber]": ["GET"],
  "/api/sandbox/sample-pages/[name]": ["GET"],
  "/api/sandbox/webhook-sink/[name]": ["GET", "POST"],

  "/api/backoffice/api-keys": ["GET", "POST"],
  "/api/backoffice/api-keys/[keyId]": ["DELETE"],
  "/api/backoffice/audit-events/export": ["GET"],
  "/api/backoffice/bulk-operations/[bulkOperationId]": ["GET"],
  "/api/backoffice/bulk-operations/[bulkOperationId]/cancel": ["POST"],
  "/api/backoffice/cases/[runtimeId]": ["GET"],
  "/api/backoffice/cases/[runtimeId]/assignment": ["POST"],
  "/api/backoffice/cases/[runtimeId]/cancel": ["POST"],
  "/api/backoffice/cases/[runtimeId]/context": ["POST"],
  "/api/backoffice/cases/[runtimeId]/decision": ["POST"],
  "/api/backoffice/cases/[runtimeId]/document-decision": ["POST"],
  "/api/backoffice/cases/[runtimeId]/documents/[documentId]/pages/[page]": ["GET"],
  "/api/backoffice/cases/[runtimeId]/move": ["POST"],
  "/api/backoffice/cases/[runtimeId]/notes": ["POST"],
  "/api/backoffice/definitions/[definitionId]/validate": ["POST"],
  "/api/backoffice/jobs/[jobId]/retry": ["POST"],
  "/api/backoffice/definitions/[definitionId]/versions": ["POST"],
  "/api/backoffice/queues/[filterId]/cases": ["POST"],
  "/api/backoffice/queues/[filterId]/bulk": ["POST"],
  "/api/backoffice/queues/[filterId]/count": ["GET"],
  ...under("/api/backoffice", SECRET_AND_TEAM_ROUTES),
  "/api/backoffice/users": ["GET", "POST"],
  "/api/backoffice/users/[userId]": ["PATCH"],
  "/api/backoffice/workload": ["GET"],
  "/api/backoffice/webhooks/deliveries": ["GET"],
  "/api/backoffice/webhooks/deliveries/[deliveryId]/redeliver": ["POST"],
  "/api/backoffice/webhooks/secret": ["GET"],
  "/api/backoffice/webhooks/secret/rotate": ["POST"],
  "/api/backoffice/webhooks/subscriptions": ["GET", "POST"],
  "/api/backoffice/webhooks/subscriptions/[subscriptionId]": ["PATCH", "DELETE"],

  "/api/v1/openapi.json": ["GET"],
  "/api/v1/external/filters": ["GET", "POST"],
  "/api/v1/external/audit-events": ["GET"],
  "/api/v1/external/bulk-operations": ["POST"],
  "/api/v1/external/bulk-operations/[bulkOperationId]": ["GET"],
  "/api/v1/external/bulk-operations/[bulkOperationId]/cancel": ["POST"],
  "/api/v1/external/jobs": ["GET"],
  "/api/v1/external/jobs/[jobId]/retry": ["POST"],
  "/api/v1/external/filters/[filterId]": ["GET", "PATCH"],
  "/api/v1/external/filters/[filterId]/cases": ["GET"],
  "/api/v1/external/filters/[filterId]/bulk": ["POST"],
  ...under("/api/v1/external", SECRET_AND_TEAM_ROUTES),
  "/api/v1/external/webhook-deliveries": ["GET"],
  "/api/v1/external/webhook-deliveries/[deliveryId]/redeliver": ["POST"],
  "/api/v1/external/webhook-secret": ["GET"],
  "/api/v1/external/webhook-secret/rotate": ["POST"],
  "/api/v1/external/webhook-subscriptions": ["GET", "POST"],
  "/api/v1/external/webhook-subscriptions/[subscriptionId]": ["DELETE"],
  "/api/v1/external/webhook-subscriptions/[subscriptionId]/disable": ["POST"],
  "/api/v1/external/webhook-subscriptions/[subscriptionId]/enable": ["POST"],
  "/api/v1/external/workflow-definitions": ["GET", "POST"],
  "/api/v1/external/workflow-definitions/[definitionId]": ["GET"],
  "/api/v1/external/workflow-definitions/[definitionId]/versions": ["GET"],
  "/api/v1/external/workflows": ["GET"],
  "/api/v1/external/workflows/run": ["POST"],
  "/api/v1/external/workflows/run-batch": ["POST"],
  "/api/v1/external/workflows/send-events": ["POST"],
  "/api/v1/external/workflows/[workflowRuntimeId]": ["GET"],
  "/api/v1/external/workflows/[workflowRuntimeId]/cancel": ["POST"],
  "/api/v1/external/workflows/[workflowRuntimeId]/context": ["PATCH"],
  "/api/v1/external/workflows/[workflowRuntimeId]/documents": ["POST"],
  "/api/v1/external/workflows/[workflowRuntimeId]/documents/[documentId]": ["PUT", "DELETE"],
  "/api/v1/external/workflows/[workflowRuntimeId]/documents/[documentId]/versions": ["GET"],
  "/api/v1/external/workflows/[workflowRuntimeId]/history": ["GET"],
  "/api/v1/external/workflows/[workflowRuntimeId]/move": ["POST"],
  "/api/v1/external/workflows/[workflowRuntimeId]/notes": ["GET", "POST"],
  "/api/v1/external/workflows/[workflowRuntimeId]/send-event": ["POST"],
};

interface Node {
  literal: Map<string, Node>;
  param?: Node;
  /** Methods of a `[...rest]` route ending here (it matches one or more further segments). */
  rest?: Route;
  /** Methods of a route ending exactly here. */
  methods?: Route;
}

/** A route's pattern as written in the table and the methods it implements. */
interface Route {
  pattern: string;
  methods: readonly string[];
}

const root = buildTree(API_ROUTE_TABLE);

/**
 * The methods the route matching the decoded path `segments` implements, or `null` when no `/api` route matches.
 * Static segments win over dynamic ones and backtrack like Next.js's router (`workflows/run/history` is
 * `workflows/[workflowRuntimeId]/history`).
 *
 * @example
 * apiRouteMethods(["api", "v1", "external", "workflows", "wr_1", "send-event"]) // ["POST"]
 * apiRouteMethods(["api", "v1"]) // null
 */
export function apiRouteMethods(segments: readonly string[]): readonly string[] | null {
  return match(root, segments, 0)?.methods ?? null;
}

/**
 * The pattern of the route matching the decoded path `segments` (for logs and metrics, whose labels must not
 * carry ids), or `null` when no `/api` route matches.
 *
 * @example
 * apiRoutePattern(["api", "v1", "external", "workflows", "wr_1"]) // "/api/v1/external/workflows/[workflowRuntimeId]"
 */
export function apiRoutePattern(segments: readonly string[]): string | null {
  return match(root, segments, 0)?.pattern ?? null;
}

function match(node: Node, segments: readonly string[], at: number): Route | null {
  if (at === segments.length) return node.methods ?? null;
  const literal = node.literal.get(segments[at]);
  const found = (literal && match(literal, segments, at + 1)) || (node.param && match(node.param, segments, at + 1));
  return found || node.rest || null;
}

function buildTree(table: Record<string, readonly string[]>): Node {
  const top: Node = { literal: new Map() };
  for (const [pattern, methods] of Object.entries(table)) {
    let node = top;
    let catchAll = false;
    for (const segment of pattern.split("/").filter(Boolean)) {
      if (segment.startsWith("[...")) catchAll = true;
      else if (segment.startsWith("[")) node = node.param ??= { literal: new Map() };
      else {
        if (!node.literal.has(segment)) node.literal.set(segment, { literal: new Map() });
        node = node.literal.get(segment)!;
      }
    }
    if (catchAll) node.rest = { pattern, methods };
    else node.methods = { pattern, methods };
  }
  return top;
}
