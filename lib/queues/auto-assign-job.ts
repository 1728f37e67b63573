import { unchanged, type RuntimeSnapshot } from "../engine";
import type { Db } from "../db/client";
import type { Job, WorkflowRuntime } from "../db/schema";
import { DONE, DONE_AND_RECORDED, type JobOutcome } from "../jobs/outcome";
import type { AutoAssignJobPayload } from "../runtime/sql/auto-assign-job-insert";
import { step, type Decision } from "../runtime/step";
import { SYSTEM_ACTOR } from "../runtime/types";
import { pickQueueAssignee, type QueuePick } from "./assigning-queue";

/**
 * Handle an `auto_assign` job (enqueued by the step that took a case into `payload.state`) through the one step
 * path. Under the case's row lock: if it is still active, unassigned and in that state (a person who claimed it
 * meanwhile keeps it), the first queue with automatic assignment that shows it picks a member
 * (`pickQueueAssignee`), and the step assigns the case with an `assignment` history row `{ from: null, to, mode,
 * queue, queueName }` (actor `system`) and completes the job in its statement. Otherwise nothing changes and the
 * worker marks the job done. A crash before the commit leaves the job pending: it runs again.
 */
export async function runAutoAssignJob(db: Db, job: Job): Promise<JobOutcome> {
  const p = job.payload as unknown as AutoAssignJobPayload;
  const completesJob = { id: job.id, lockedBy: job.lockedBy };
  const found: { pick: QueuePick | null } = { pick: null };
  await step(
    db,
    { projectId: job.projectId, runtimeId: p.runtimeId },
    ({ runtime, snapshot }) => (found.pick ? decideAutoAssign(runtime, snapshot, found.pick, completesJob) : null),
    async (tx, runtime) => {
      found.pick = waitsInState(runtime, p.state) ? await pickQueueAssignee(tx, runtime) : null;
      return found.pick !== null;
    },
  );
  return found.pick ? DONE_AND_RECORDED : DONE;
}

function waitsInState(runtime: WorkflowRuntime, state: string): boolean {
  return runtime.status === "active" && runtime.assigneeId === null && runtime.state === state;
}

function decideAutoAssign(runtime: WorkflowRuntime, snapshot: RuntimeSnapshot, pick: QueuePick, completesJob: Pick<Job, "id" | "lockedBy">): Decision {
  const payload = { from: null, to: pick.assignee.id, mode: pick.mode, queue: pick.filterId, queueName: pick.queueName };
  return {
    result: unchanged(snapshot),
    cause: {
      eventName: "assign",
      actor: SYSTEM_ACTOR,
      assignment: { assigneeId: pick.assignee.id },
      recordTransition: false,
      completesJob,
      history: [{ kind: "assignment", eventName: "assign", payload, fromState: runtime.state, toState: runtime.state, actorType: "system" }],
    },
  };
}
