import { applyContextPatch, applyEvent, assertAcceptsEvent, type EventOrigin } from "../engine";
import type { Db } from "../db/client";
import type { WorkflowRuntime } from "../db/schema";
import { contextUpdateHistory } from "./context-update-history";
import { assertNotAVote } from "./assert-not-a-vote";
import { assertExpectedVersion } from "./expected-version";
import { step, type Decision, type LockedRuntime } from "./step";
import type { Actor } from "./types";

export interface SendEventInput {
  projectId: string;
  runtimeId: string;
  name: string;
  payload?: unknown;
  /** A JSON Merge Patch (RFC 7396) of the context, applied before the event in the same step. */
  contextPatch?: unknown;
  origin: EventOrigin;
  actor: Actor;
  /** When set, the event applies only if the runtime's version still equals it (else 412 `version_conflict`). */
  expectedVersion?: number;
}

/**
 * Deliver an event to a runtime through the one step path: lock, compute with the engine, persist the step
 * and its effects in one transaction. Throws `event_not_accepted` (409) naming the events the state accepts
 * (also for a completed runtime), `runtime_not_active` (409) for a canceled or failed one, and 403
 * `four_eyes_required` for an approval or rejection of a four-eyes state (reviewers vote on it; `assertNotAVote`).
 *
 * A `contextPatch` is merged into the context first (`applyContextPatch`), in the same step, so the event's
 * conditions and the plugins of the state it enters see the new data; the history records its changed pointers.
 * If the event is refused (409) or the patched context is invalid (422), nothing is stored. An event whose
 * conditions all fail still stores the patch (recorded as `event_ignored`).
 */
export async function sendEvent(db: Db, input: SendEventInput): Promise<WorkflowRuntime> {
  const { runtime } = await step(db, input, decideEvent(input));
  return runtime;
}

/** The decide callback of `sendEvent`, for a step on the runtime the input names (also each item of `sendEvents`). */
export function decideEvent(input: SendEventInput): (locked: LockedRuntime) => Decision {
  return ({ runtime, compiled, snapshot }) => {
    assertExpectedVersion(runtime, input.expectedVersion);
    assertNotAVote(compiled, snapshot, input.name);
    const event = { type: input.name, payload: input.payload, origin: input.origin };
    const cause = { eventName: input.name, payload: input.payload, actor: input.actor };
    if (input.contextPatch === undefined) return { result: applyEvent(compiled, snapshot, event), cause };
    assertAcceptsEvent(compiled, snapshot, input.name);
    const patched = applyContextPatch(compiled, snapshot, input.contextPatch);
    const result = applyEvent(compiled, patched.result.snapshot, event);
    if (patched.pointers.length === 0) return { result, cause };
    return {
      result: { ...result, contextChanged: true },
      cause: { ...cause, history: [contextUpdateHistory(snapshot, patched.pointers, input.actor, input.name)] },
    };
  };
}
