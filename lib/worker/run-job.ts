import { runBulkOperationJob } from "../bulk/bulk-operation-job";
import type { Db } from "../db/client";
import type { Job, JobKind } from "../db/schema";
import type { JobOutcome } from "../jobs/outcome";
import { runAutoAssignJob } from "../queues/auto-assign-job";
import { runApiPluginJob } from "../runtime/api-plugin-job";
import { runTimerJob } from "../runtime/timer-job";
import { runWebhookPluginJob } from "../runtime/webhook-plugin-job";
import { deliverSystemWebhook } from "../webhooks/deliver";

/** The handler of each kind of job (a new kind without one does not compile). */
const HANDLERS: Record<JobKind, (db: Db, job: Job) => Promise<JobOutcome>> = {
  api_plugin: runApiPluginJob,
  webhook_plugin: runWebhookPluginJob,
  webhook_delivery: deliverSystemWebhook,
  timer: runTimerJob,
  auto_assign: runAutoAssignJob,
  bulk_operation: runBulkOperationJob,
};

/** Dispatch a claimed job to the handler of its kind. */
export function runJob(db: Db, job: Job): Promise<JobOutcome> {
  const handler = Object.hasOwn(HANDLERS, job.kind) ? HANDLERS[job.kind] : undefined;
  return handler ? handler(db, job) : Promise.resolve({ type: "failed", error: `unknown job kind '${String(job.kind)}'` });
}
