import type { Db } from "../db/client";
import type { Job } from "../db/schema";
import type { JobOutcome } from "../jobs/outcome";

/** Deliver one system webhook event (`webhook_delivery` job). Not implemented yet: system webhooks are the next issue. */
export async function deliverSystemWebhook(db: Db, job: Job): Promise<JobOutcome> {
  void db;
  return { type: "failed", error: `system webhook delivery is not implemented yet (job ${job.id})` };
}
