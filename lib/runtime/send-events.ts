import type { Db } from "../db/client";
import type { WorkflowRuntime } from "../db/schema";
import type { Outcome } from "./outcome";
import { decideEvent, type SendEventInput } from "./decide-event";
import type { InScope } from "./turn-group";
import { stepMany } from "./step-many";

/**
 * Deliver events to runtimes of one project in one transaction, each as `sendEvent` would (the same decide, the
 * same refusals: 404, 409 `event_not_accepted`, 412 `version_conflict`, 422 …), through `stepMany`: the rows are
 * locked in id order, events for one runtime apply in their order, a refused event stores nothing and the others
 * are applied. Outcomes are the runtimes after each event, in the order of `inputs`. `inScope[i]`, when given, is
 * the scope event i is decided in and its jobs carry (the request that sent it); default the caller's.
 */
export async function sendEvents(db: Db, projectId: string, inputs: SendEventInput[], inScope?: InScope[]): Promise<Outcome<WorkflowRuntime>[]> {
  const outcomes = await stepMany(db, projectId, inputs.map((input, i) => ({ runtimeId: input.runtimeId, decide: decideEvent(input), inScope: inScope?.[i] })));
  return outcomes.map((o) => (o.ok ? { ok: true, value: o.value.runtime } : o));
}
