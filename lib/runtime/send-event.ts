import { applyEvent, type EventOrigin } from "../engine";
import type { Db } from "../db/client";
import type { WorkflowRuntime } from "../db/schema";
import { AppError } from "../errors";
import { step } from "./step";
import type { Actor } from "./types";

export interface SendEventInput {
  projectId: string;
  runtimeId: string;
  name: string;
  payload?: unknown;
  origin: EventOrigin;
  actor: Actor;
  /** When set, the event applies only if the runtime's version still equals it (else 412 `version_conflict`). */
  expectedVersion?: number;
}

/**
 * Deliver an event to a runtime through the one step path: lock, compute with the engine, persist the step
 * and its effects in one transaction. Throws `event_not_accepted` (409) naming the events the state accepts.
 */
export async function sendEvent(db: Db, input: SendEventInput): Promise<WorkflowRuntime> {
  const { runtime } = await step(db, input, ({ runtime, compiled, snapshot }) => {
    if (input.expectedVersion !== undefined && runtime.version !== input.expectedVersion) {
      throw new AppError("version_conflict", `The runtime is at version ${runtime.version}, not ${input.expectedVersion}: it changed since you read it. Reload it and decide again.`);
    }
    return {
      result: applyEvent(compiled, snapshot, { type: input.name, payload: input.payload, origin: input.origin }),
      cause: { eventName: input.name, payload: input.payload, actor: input.actor },
    };
  });
  return runtime;
}
