/**
 * Every route of the OpenAPI document by its path template, as the handler module Next.js would call: the
 * generated-client test drives them in process (`inProcessFetch`) and checks that this list, the document and the
 * route files under app/api/v1 agree.
 */
import * as metrics from "@/app/api/metrics/route";
import * as ready from "@/app/api/health/ready/route";
import * as health from "@/app/api/health/route";
import * as bulkCancel from "@/app/api/v1/external/bulk-operations/[bulkOperationId]/cancel/route";
import * as bulkOperation from "@/app/api/v1/external/bulk-operations/[bulkOperationId]/route";
import * as bulkOperations from "@/app/api/v1/external/bulk-operations/route";
import * as filterBulk from "@/app/api/v1/external/filters/[filterId]/bulk/route";
import * as filterCases from "@/app/api/v1/external/filters/[filterId]/cases/route";
import * as filter from "@/app/api/v1/external/filters/[filterId]/route";
import * as filters from "@/app/api/v1/external/filters/route";
import * as jobRetry from "@/app/api/v1/external/jobs/[jobId]/retry/route";
import * as jobList from "@/app/api/v1/external/jobs/route";
import * as secret from "@/app/api/v1/external/secrets/[name]/route";
import * as secrets from "@/app/api/v1/external/secrets/route";
import * as team from "@/app/api/v1/external/teams/[teamId]/route";
import * as teamMember from "@/app/api/v1/external/teams/[teamId]/members/[userId]/route";
import * as teamMembers from "@/app/api/v1/external/teams/[teamId]/members/route";
import * as teams from "@/app/api/v1/external/teams/route";
import * as redeliver from "@/app/api/v1/external/webhook-deliveries/[deliveryId]/redeliver/route";
import * as deliveries from "@/app/api/v1/external/webhook-deliveries/route";
import * as rotate from "@/app/api/v1/external/webhook-secret/rotate/route";
import * as webhookSecret from "@/app/api/v1/external/webhook-secret/route";
import * as disable from "@/app/api/v1/external/webhook-subscriptions/[subscriptionId]/disable/route";
import * as enable from "@/app/api/v1/external/webhook-subscriptions/[subscriptionId]/enable/route";
import * as subscription from "@/app/api/v1/external/webhook-subscriptions/[subscriptionId]/route";
import * as subscriptions from "@/app/api/v1/external/webhook-subscriptions/route";
import * as versions from "@/app/api/v1/external/workflow-definitions/[definitionId]/versions/route";
import * as definition from "@/app/api/v1/external/workflow-definitions/[definitionId]/route";
import * as definitions from "@/app/api/v1/external/workflow-definitions/route";
import * as documentVersions from "@/app/api/v1/external/workflows/[workflowRuntimeId]/documents/[documentId]/versions/route";
import * as document from "@/app/api/v1/external/workflows/[workflowRuntimeId]/documents/[documentId]/route";
import * as documents from "@/app/api/v1/external/workflows/[workflowRuntimeId]/documents/route";
import * as cancel from "@/app/api/v1/external/workflows/[workflowRuntimeId]/cancel/route";
import * as contextPatch from "@/app/api/v1/external/workflows/[workflowRuntimeId]/context/route";
import * as history from "@/app/api/v1/external/workflows/[workflowRuntimeId]/history/route";
import * as move from "@/app/api/v1/external/workflows/[workflowRuntimeId]/move/route";
import * as notes from "@/app/api/v1/external/workflows/[workflowRuntimeId]/notes/route";
import * as runtime from "@/app/api/v1/external/workflows/[workflowRuntimeId]/route";
import * as sendEvent from "@/app/api/v1/external/workflows/[workflowRuntimeId]/send-event/route";
import * as runtimes from "@/app/api/v1/external/workflows/route";
import * as runBatch from "@/app/api/v1/external/workflows/run-batch/route";
import * as run from "@/app/api/v1/external/workflows/run/route";
import * as sendEvents from "@/app/api/v1/external/workflows/send-events/route";
import * as auditEvents from "@/app/api/v1/external/audit-events/route";
import * as openapi from "@/app/api/v1/openapi.json/route";

export const API_ROUTES = {
  "/api/v1/external/workflows/run": run,
  "/api/v1/external/workflows/{workflowRuntimeId}/send-event": sendEvent,
  "/api/v1/external/workflows/run-batch": runBatch,
  "/api/v1/external/workflows/send-events": sendEvents,
  "/api/v1/external/workflows": runtimes,
  "/api/v1/external/workflows/{workflowRuntimeId}": runtime,
  "/api/v1/external/workflows/{workflowRuntimeId}/history": history,
  "/api/v1/external/workflows/{workflowRuntimeId}/context": contextPatch,
  "/api/v1/external/workflows/{workflowRuntimeId}/move": move,
  "/api/v1/external/workflows/{workflowRuntimeId}/cancel": cancel,
  "/api/v1/external/workflows/{workflowRuntimeId}/documents": documents,
  "/api/v1/external/workflows/{workflowRuntimeId}/documents/{documentId}": document,
  "/api/v1/external/workflows/{workflowRuntimeId}/documents/{documentId}/versions": documentVersions,
  "/api/v1/external/workflows/{workflowRuntimeId}/notes": notes,
  "/api/v1/external/jobs": jobList,
  "/api/v1/external/jobs/{jobId}/retry": jobRetry,
  "/api/v1/external/workflow-definitions": definitions,
  "/api/v1/external/workflow-definitions/{definitionId}": definition,
  "/api/v1/external/workflow-definitions/{definitionId}/versions": versions,
  "/api/v1/external/filters": filters,
  "/api/v1/external/filters/{filterId}": filter,
  "/api/v1/external/filters/{filterId}/cases": filterCases,
  "/api/v1/external/filters/{filterId}/bulk": filterBulk,
  "/api/v1/external/bulk-operations": bulkOperations,
  "/api/v1/external/bulk-operations/{bulkOperationId}": bulkOperation,
  "/api/v1/external/bulk-operations/{bulkOperationId}/cancel": bulkCancel,
  "/api/v1/external/secrets": secrets,
  "/api/v1/external/secrets/{name}": secret,
  "/api/v1/external/teams": teams,
  "/api/v1/external/teams/{teamId}": team,
  "/api/v1/external/teams/{teamId}/members": teamMembers,
  "/api/v1/external/teams/{teamId}/members/{userId}": teamMember,
  "/api/v1/external/webhook-subscriptions": subscriptions,
  "/api/v1/external/webhook-subscriptions/{subscriptionId}": subscription,
  "/api/v1/external/webhook-subscriptions/{subscriptionId}/enable": enable,
  "/api/v1/external/webhook-subscriptions/{subscriptionId}/disable": disable,
  "/api/v1/external/webhook-deliveries": deliveries,
  "/api/v1/external/webhook-deliveries/{deliveryId}/redeliver": redeliver,
  "/api/v1/external/webhook-secret": webhookSecret,
  "/api/v1/external/webhook-secret/rotate": rotate,
  "/api/v1/external/audit-events": auditEvents,
  "/api/v1/openapi.json": openapi,
  "/api/health": health,
  "/api/health/ready": ready,
  "/api/metrics": metrics,
};
