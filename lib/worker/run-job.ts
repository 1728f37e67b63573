import { runBulkOperationJob } from "../bulk/bulk-operation-job";
import type { Db } from "../db/client";
import type { Job } from "../db/schema";
import type { JobOutcome } from "../jobs/outcome";
import { runAutoAssignJob } from "../queues/auto-assign-job";
import { runApiPluginJob } from "../runtime/api-plugin-job";
import { runTimerJob } from "../runtime/timer-job";
import { runWebhookPluginJob } from "../runtime/webhook-plugin-job";
import { deliverSystemWebhook } from "../webhooks/deliver";

/** Dispatch a claimed job to the handler of its kind. */
export function runJob(db: Db, job: Job): Promise<JobOutcome> {
  switch (job.kind) {
    case "api_plugin":
      return runApiPluginJob(db, job);
    case "webhook_plugin":
      return runWebhookPluginJob(db, job);
    case "webhook_delivery":
      return deliverSystemWebhook(db, job);
    case "timer":
      return runTimerJob(db, job);
    case "auto_assign":
      return runAutoAssignJob(db, job);
    case "bulk_operation":
      return runBulkOperationJob(db, job);
    default:
      return Promise.resolve({ type: "failed", error: `unknown job kind '${String(job.kind)}'` });
  }
}
