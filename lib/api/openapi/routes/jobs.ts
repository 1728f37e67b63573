import { pathParams } from "../../../api-contract/path-params";
import { named, type RouteGroup } from "../../../api-contract/route-spec";
import { jobPageSchema, jobSchema, listJobsQuerySchema } from "../../schemas/jobs";

/** Failed outbox jobs and their retry. */
export const JOB_ROUTES: RouteGroup = {
  tag: "Jobs",
  description:
    "Outbox jobs (API plugin calls, webhook plugin requests, system webhook deliveries) that exhausted their attempts, and their retry on request. Payloads are never shown.",
  routes: [
    {
      method: "get",
      path: "/api/v1/external/jobs",
      scope: "runtimes:read",
      summary: "List failed jobs",
      query: listJobsQuerySchema,
      success: { status: 200, description: "A page of failed jobs, newest first.", schema: named("JobPage", jobPageSchema) },
      errors: ["not_found"],
    },
    {
      method: "post",
      path: "/api/v1/external/jobs/{jobId}/retry",
      scope: "runtimes:write",
      summary: "Retry a failed job",
      pathParams: pathParams("jobId"),
      success: { status: 200, description: "The job, pending again with its attempts reset and due now.", schema: named("Job", jobSchema) },
      errors: ["not_found", "job_not_retryable"],
    },
  ],
};
