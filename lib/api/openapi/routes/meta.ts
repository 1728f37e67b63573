import { named, type RouteGroup } from "../../../api-contract/route-spec";
import { healthResponseSchema, openApiDocumentSchema, readinessResponseSchema } from "../../schemas/meta";

const health = named("Health", healthResponseSchema);

/** Public endpoints about the service itself. */
export const META_ROUTES: RouteGroup = {
  tag: "Meta",
  description: "About the service itself: this document, liveness and readiness. Public: no API key.",
  routes: [
    {
      method: "get",
      path: "/api/v1/openapi.json",
      summary: "This OpenAPI document",
      auth: false,
      success: { status: 200, description: "OpenAPI 3.1 JSON.", schema: named("OpenApiDocument", openApiDocumentSchema), headers: ["Access-Control-Allow-Origin"] },
    },
    {
      method: "get",
      path: "/api/health",
      summary: "Liveness and database reachability",
      auth: false,
      success: { status: 200, description: "The service and its database answer.", schema: health },
      otherAnswers: [{ status: 503, description: "The database does not answer.", schema: health }],
    },
    {
      method: "get",
      path: "/api/health/ready",
      summary: "Readiness: whether this process should get traffic",
      auth: false,
      success: {
        status: 200,
        description: "Migrations and seeding are done, the database answers `select 1` within 2 s, and the in-process job worker (when `RUN_WORKER` is not false) has polled within its limit (3 × its poll interval, at least 5 s).",
        schema: named("Readiness", readinessResponseSchema),
      },
      errors: ["not_ready"],
    },
    {
      method: "get",
      path: "/api/metrics",
      summary: "This process's metrics for Prometheus (bearer METRICS_TOKEN)",
      auth: false,
      success: {
        status: 200,
        description:
          "Prometheus text format: request durations by route and status, job attempts by kind and outcome, queue depth and oldest due job's age, webhook delivery attempts and latency, plugin call latency, runtimes by status and state. Send `Authorization: Bearer <METRICS_TOKEN>` (not an API key). Each process (app server, worker) has its own registry: scrape each one (docs/observability.md).",
        textMediaType: "text/plain",
      },
      errors: ["unauthorized", "not_found"],
    },
  ],
};
