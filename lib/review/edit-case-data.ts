import type { SessionUser } from "../auth/session";
import type { Db } from "../db/client";
import type { WorkflowRuntime } from "../db/schema";
import { mergePatch, validateAgainstSchema, type JsonObject } from "../engine";
import { validationFailed } from "../errors";
import { getCompiledDefinition } from "../runtime/definition-cache";
import { getRuntimeOrThrow } from "../runtime/get-runtime";
import { patchContext } from "../runtime/patch-context";
import { editFormOf } from "./edit-form";
import { assertFreshVersion, assertMayDecide } from "./review-guards";

export interface EditCaseDataInput {
  user: SessionUser;
  runtimeId: string;
  /** A JSON Merge Patch of the context, as the Edit case data form computes it. */
  patch: Record<string, unknown>;
  /** The case version the form was opened at (412 `version_conflict` when it moved on). */
  expectedVersion: number;
}

/**
 * Edit case data from the backoffice: the same rule as deciding (the assignee, or an admin), then the API's
 * PATCH path (`patchContext`, which validates against the definition's `contextSchema`) at the version the form
 * showed. A definition without one has its form from the initial state's input schema: the patched entity must
 * satisfy that (422 with pointers under `/entity`). Any assignment since bumps the version, so the rule checked
 * here still holds when the patch applies, or the patch is refused with 412.
 */
export async function editCaseData(db: Db, input: EditCaseDataInput): Promise<WorkflowRuntime> {
  const { user } = input;
  const row = await getRuntimeOrThrow(db, user.projectId, input.runtimeId);
  assertFreshVersion(row, input.expectedVersion);
  assertMayDecide(row, user);
  const { row: definition } = await getCompiledDefinition(db, user.projectId, row.workflowDefinitionId, row.workflowDefinitionVersion);
  const form = editFormOf(definition);
  if (form?.scope === "entity" && input.patch.entity !== undefined) {
    const problems = validateAgainstSchema(form.schema as JsonObject, mergePatch(row.context.entity, input.patch.entity));
    if (problems.length) throw validationFailed("Some fields are missing or invalid; correct them and save again.", problems.map((p) => ({ ...p, path: `/entity${p.path}` })));
  }
  return patchContext(db, { projectId: user.projectId, runtimeId: row.id, patch: input.patch, actor: { type: "reviewer", id: user.id }, expectedVersion: input.expectedVersion });
}
