import { randomUUID } from "node:crypto";
import { acceptedEvents, validateAgainstSchema, type JsonObject } from "../engine";
import { AppError, validationFailed } from "../errors";
import type { SessionUser } from "../auth/session";
import type { Db } from "../db/client";
import { getDefinitionOrThrow } from "../definitions";
import type { FilterResponse } from "../filters";
import { getCompiledDefinition } from "../runtime/definition-cache";
import { sendEvent } from "../runtime/send-event";
import { snapshotOf } from "../runtime/snapshot";
import { startRun } from "../runtime/start-run";
import { findInputSchema } from "./input-schema";
import { queueWorkflowIds } from "../queues/queue-workflow-ids";

/** The event Add Case sends right after creating the case, when the initial state accepts it. */
export const START_EVENT = "start";

export interface CreateRuntimeFromFormResult {
  runtimeId: string;
  workflowDefinitionId: string;
  /** Whether `start` was sent (the initial state accepts it). */
  started: boolean;
}

/**
 * Add Case Manually: start the queue's workflow (the filter's `where.workflowDefinitionId`, latest version)
 * with the form values as `context.entity`, then send `start` so the case leaves the initial state at once
 * (in the example that calls the vendor and may land in manual review). The values are validated against the
 * initial state's `meta.inputSchema.dataSchema` first: 422 `validation_failed` with one JSON pointer per field.
 *
 * @example
 * await createRuntimeFromForm(db, { user, filter, values: { id: "acme-1", type: "business", data: { companyName: "Acme", ... } } })
 */
export async function createRuntimeFromForm(db: Db, input: { user: SessionUser; filter: FilterResponse; values: unknown }): Promise<CreateRuntimeFromFormResult> {
  const { user, filter } = input;
  const [workflowId] = queueWorkflowIds(filter.query);
  if (!workflowId) {
    throw new AppError("queue_without_workflow", "This queue's filter does not name a workflow (where.workflowDefinitionId), so cases cannot be added here.");
  }
  const definition = await getDefinitionOrThrow(db, user.projectId, workflowId);
  const form = findInputSchema(definition.definition);
  if (!form) throw new AppError("no_input_schema", `The initial state of '${workflowId}' has no meta.inputSchema, so there is no form to add a case with.`);
  const problems = validateAgainstSchema(form.dataSchema, input.values);
  if (problems.length) throw validationFailed("Some fields are missing or invalid; correct them and submit again.", problems);

  const values = input.values as JsonObject;
  const defaultType = filter.entity === "individuals" ? "individual" : "business";
  const type = values.type ?? defaultType;
  if (type !== "business" && type !== "individual") {
    throw validationFailed("The entity type must be business or individual.", [{ path: "/type", message: "must be business or individual" }]);
  }
  const entity = { ...values, id: typeof values.id === "string" && values.id ? values.id : randomUUID(), type } as JsonObject & {
    id: string;
    type: "business" | "individual";
  };
  const actor = { type: "reviewer" as const, id: user.id };
  const run = await startRun(db, { projectId: user.projectId, workflowId, workflowVersion: definition.version, context: { entity }, actor });
  const { compiled } = await getCompiledDefinition(db, user.projectId, workflowId, definition.version);
  const accepts = run.runtime.status === "active" && acceptedEvents(compiled, snapshotOf(run.runtime)).includes(START_EVENT);
  if (accepts) {
    await sendEvent(db, { projectId: user.projectId, runtimeId: run.workflowRuntimeId, name: START_EVENT, origin: "reviewer", actor, expectedVersion: run.runtime.version });
  }
  return { runtimeId: run.workflowRuntimeId, workflowDefinitionId: workflowId, started: accepts };
}
