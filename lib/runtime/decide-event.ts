import { applyContextPatch, applyEvent, assertAcceptsEvent, type EventOrigin } from "../engine";
import { contextUpdateHistory } from "./context-update-history";
import { assertNotAVote } from "./assert-not-a-vote";
import { assertExpectedVersion } from "./expected-version";
import type { Decision, LockedRuntime } from "./step";
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
