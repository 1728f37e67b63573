import { and, desc, eq, lt, sql } from "drizzle-orm";
import { projectFilter } from "../db/raw-sql";
import type { Db } from "../db/client";
import { isUuid } from "../db/ids";
import { decodeKeyCursor, encodeKeyCursor } from "../db/key-cursor";
import { inTransaction } from "../db/transaction";
import { jobs, runtimeHistory, webhookDeliveries, workflowRuntimes, type Job } from "../db/schema";
import type { ActorType } from "../db/schema/history";
import { AppError, notFound } from "../errors";
import { JOBS_CHANNEL } from "./queue";
import { recordAudit } from "../audit/record-audit";

/**
 * An outbox job as the API shows it. Never the payload: a webhook plugin's request carries the case's data
 * and its headers name secrets; what the job was for is told by `kind`, `pluginName` and `deliveryId`.
 */
export interface JobView {
  id: number;
  kind: Job["kind"];
  status: Job["status"];
  workflowRuntimeId: string | null;
  /** The plugin an `api_plugin` or `webhook_plugin` job calls. */
  pluginName: string | null;
  /** The system webhook delivery a `webhook_delivery` job sends (see GET /webhook-deliveries). */
  deliveryId: string | null;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  createdAt: string;
  finishedAt: string | null;
}

export function toJobView(job: Job): JobView {
  const text = (key: string) => (typeof job.payload[key] === "string" ? (job.payload[key] as string) : null);
  return {
    id: job.id,
    kind: job.kind,
    status: job.status,
    workflowRuntimeId: job.runtimeId,
    pluginName: text("pluginName"),
    deliveryId: text("deliveryId"),
    attempts: job.attempts,
    maxAttempts: job.maxAttempts,
    lastError: job.lastError,
    createdAt: job.createdAt.toISOString(),
    finishedAt: job.finishedAt?.toISOString() ?? null,
  };
}

const JOB_ID = /^\d{1,18}$/;

/**
 * A page of the project's failed jobs (webhook plugins, system webhooks, plugin calls that exhausted their
 * attempts), newest first, optionally of one runtime (404 when it is not the project's).
 *
 * @example
 * const { data, nextCursor } = await listFailedJobs(db, { projectId, runtimeId, limit: 20 });
 */
export async function listFailedJobs(
  db: Db,
  input: { projectId: string; runtimeId?: string; cursor?: string; limit?: number },
): Promise<{ data: JobView[]; nextCursor: string | null }> {
  const limit = Math.min(Math.max(input.limit ?? 20, 1), 100);
  const after = input.cursor === undefined ? undefined : Number(decodeKeyCursor(input.cursor, "failed-jobs", (key) => JOB_ID.test(key)));
  if (input.runtimeId !== undefined) await assertRuntimeOfProject(db, input.projectId, input.runtimeId);
  const rows = await db
    .select()
    .from(jobs)
    .where(
      and(
        eq(jobs.projectId, input.projectId),
        eq(jobs.status, "failed"),
        input.runtimeId === undefined ? undefined : eq(jobs.runtimeId, input.runtimeId),
        after === undefined ? undefined : lt(jobs.id, after),
      ),
    )
    .orderBy(desc(jobs.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return { data: page.map(toJobView), nextCursor: rows.length > limit ? encodeKeyCursor("failed-jobs", String(page[page.length - 1].id)) : null };
}

/**
 * Run a failed job again: back to pending with its attempts reset and due now, so a worker picks it up at once
 * (woken at commit) and its retries start afresh; a `webhook_delivery` job's delivery goes back to pending
 * too. The retry is recorded in the runtime's history with `actor`. 404 for another project's job; 409
 * `job_not_retryable` for a job that is not failed, or a timer (it belongs to a stay in a state that is over). The job's handler decides afresh: an `api_plugin` job
 * whose runtime has left the plugin's state (or is no longer active) finishes without calling the plugin.
 *
 * @example
 * const job = await retryJob(db, { projectId, jobId: 42, actor: { type: "api_key", id: auth.apiKeyId } });
 * job.status // "pending"
 */
export async function retryJob(
  db: Db,
  input: {
    projectId: string;
    jobId: number | string;
    actor: { type: ActorType; id?: string | null };
    /** Called with a job's kind before it is retried; throws to refuse (an API key needs `webhooks:admin` to redeliver). */
    authorize?: (kind: Job["kind"]) => void;
  },
): Promise<JobView> {
  const id = String(input.jobId);
  if (!JOB_ID.test(id)) throw notFound("Job", id);
  return inTransaction(db, async (tx) => {
    const [job] = await tx
      .select()
      .from(jobs)
      .where(and(eq(jobs.id, Number(id)), projectFilter(jobs.projectId, input.projectId)))
      .for("update");
    if (!job) throw notFound("Job", id);
    if (job.status !== "failed") {
      throw new AppError("job_not_retryable", `Job ${id} is ${job.status}; only failed jobs are retried (a pending job runs on its own schedule).`);
    }
    if (job.kind === "timer") {
      // A timer belongs to one stay in one state: run later, it would fire for a stay that is over.
      throw new AppError("job_not_retryable", `Job ${id} is a timer; timers are not retried. Move the case into the state again to restart its timers.`);
    }
    input.authorize?.(job.kind);
    const [row] = await tx
      .update(jobs)
      .set({ status: "pending", attempts: 0, runAt: sql`now()`, lockedUntil: null, lockedBy: null, finishedAt: null })
      .where(eq(jobs.id, job.id))
      .returning();
    const deliveryId = toJobView(job).deliveryId;
    if (job.kind === "webhook_delivery" && deliveryId && isUuid(deliveryId)) {
      await tx
        .update(webhookDeliveries)
        .set({ status: "pending", nextAttemptAt: sql`now()` })
        .where(and(eq(webhookDeliveries.id, deliveryId), projectFilter(webhookDeliveries.projectId, input.projectId), eq(webhookDeliveries.status, "failed")));
    }
    if (job.runtimeId) {
      await tx.insert(runtimeHistory).values({
        projectId: input.projectId,
        runtimeId: job.runtimeId,
        kind: "job_retried",
        eventName: job.kind,
        payload: { jobId: job.id, kind: job.kind, pluginName: toJobView(job).pluginName, deliveryId, previousError: job.lastError },
        actorType: input.actor.type,
        actorId: input.actor.id ?? null,
      });
    }
    await tx.execute(sql`select pg_notify(${JOBS_CHANNEL}, '')`);
    if (input.actor.type !== "system") {
      const actor = { type: input.actor.type === "reviewer" ? ("user" as const) : ("api_key" as const), id: input.actor.id ?? null };
      await recordAudit(tx, { projectId: input.projectId, actor, action: "job.retried", target: { type: "job", id }, summary: { kind: job.kind, runtimeId: job.runtimeId } });
    }
    return toJobView(row);
  });
}

async function assertRuntimeOfProject(db: Db, projectId: string, runtimeId: string): Promise<void> {
  const found = isUuid(runtimeId)
    ? await db
        .select({ id: workflowRuntimes.id })
        .from(workflowRuntimes)
        .where(and(eq(workflowRuntimes.id, runtimeId), projectFilter(workflowRuntimes.projectId, projectId)))
    : [];
  if (!found.length) throw notFound("Workflow runtime", runtimeId);
}
