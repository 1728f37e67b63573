import { z } from "zod";
import { nextCursor, timestamp } from "../../api-contract/shapes";
import { cursorParam, limitParam } from "./common";

/** Query of `GET /jobs`: only failed jobs are listed. */
export const listJobsQuerySchema = z.strictObject({
  status: z.literal("failed").describe("Only `failed`: the jobs that exhausted their attempts."),
  workflowRuntimeId: z.string().min(1).max(200).optional().describe("Only this runtime's jobs (404 when it is not the project's)."),
  limit: limitParam,
  cursor: cursorParam,
});

export const jobSchema = z.object({
  id: z.int().describe("Used in `POST /jobs/{jobId}/retry`."),
  kind: z.enum(["api_plugin", "webhook_plugin", "webhook_delivery", "timer", "bulk_operation", "auto_assign"]),
  status: z.enum(["pending", "succeeded", "failed", "canceled"]),
  workflowRuntimeId: z.uuid().nullable(),
  pluginName: z.string().nullable().describe("The plugin an api_plugin or webhook_plugin job calls."),
  deliveryId: z.uuid().nullable().describe("The system webhook delivery a webhook_delivery job sends."),
  attempts: z.int(),
  maxAttempts: z.int(),
  lastError: z.string().nullable(),
  createdAt: timestamp,
  finishedAt: timestamp.nullable(),
});

export const jobPageSchema = z.object({ data: z.array(jobSchema).describe("Newest first."), nextCursor });

export type ListJobsQuery = z.output<typeof listJobsQuerySchema>;
