import type { Db } from "../db/client";
import type { WorkflowRuntime } from "../db/schema";
import { isTransaction } from "../db/transaction";
import type { Outcome } from "./outcome";
import { decideEvent, type SendEventInput } from "./decide-event";
import { sendEvents } from "./send-events";
import { step } from "./step";
import { groupPerTurn, type InScope } from "./turn-group";

/**
 * Deliver an event to a runtime through the one step path: lock, compute with the engine, persist the step
 * and its effects in one transaction. Not given a transaction, the event shares one with the events sent to the
 * project's runtimes in the same turn of the event loop (`groupPerTurn`, `sendEvents`: each decided alone, in
 * its own request's scope, with its own answer). Throws `event_not_accepted` (409) naming the events the state accepts
 * (also for a completed runtime), `runtime_not_active` (409) for a canceled or failed one, and 403
 * `four_eyes_required` for an approval or rejection of a four-eyes state (reviewers vote on it; `assertNotAVote`).
 *
 * A `contextPatch` is merged into the context first (`applyContextPatch`), in the same step, so the event's
 * conditions and the plugins of the state it enters see the new data; the history records its changed pointers.
 * If the event is refused (409) or the patched context is invalid (422), nothing is stored. An event whose
 * conditions all fail still stores the patch (recorded as `event_ignored`).
 */
export async function sendEvent(db: Db, input: SendEventInput): Promise<WorkflowRuntime> {
  if (!isTransaction(db)) return sendGrouped(db, input.projectId, input);
  const { runtime } = await step(db, input, decideEvent(input));
  return runtime;
}

/**
 * Events on a project's runtimes sent in the same turn of the event loop share one transaction (`groupPerTurn`,
 * `sendEvents`, traced as one `step_many` span). A lone event takes the single step, traced as a `step` span
 * inside its request.
 */
const sendGrouped = groupPerTurn(async (db: Db, inputs: SendEventInput[], inScope: InScope[]): Promise<Outcome<WorkflowRuntime>[]> => {
  if (inputs.length > 1) return sendEvents(db, inputs[0].projectId, inputs, inScope);
  return [{ ok: true, value: (await step(db, inputs[0], decideEvent(inputs[0]))).runtime }];
});
