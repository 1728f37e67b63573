import { applyContextPatch } from "../engine";
import type { Db } from "../db/client";
import type { WorkflowRuntime } from "../db/schema";
import { contextUpdateHistory } from "./context-update-history";
import { patchedFields } from "./patched-fields";
import { assertExpectedVersion } from "./expected-version";
import { step } from "./step";
import type { Actor } from "./types";
import { auditedRuntimeAction } from "../audit/audited-runtime-action";

export interface PatchContextInput {
  projectId: string;
  runtimeId: string;
  /** A JSON Merge Patch (RFC 7396) of the context. */
  patch: unknown;
  actor: Actor;
  /** When set, the patch applies only if the runtime is still at this version (else 412 `version_conflict`). */
  expectedVersion?: number;
}

/**
 * Merge a patch into a runtime's context through the one step path (`applyContextPatch`): the state does not
 * move and no plugin runs; the version moves, a `context_update` history row records the changed JSON pointers
 * and the caller, and `workflow.context.changed` (with `workflow.context.document.updated`) is emitted.
 * Refusals store nothing: 412 `version_conflict`, 409 `runtime_not_active` (completed, canceled or failed),
 * 422 `validation_failed` (a patched context that is not an object or breaks the definition's `contextSchema`,
 * with pointers into it). A patch that changes nothing stores nothing and answers the runtime as it is.
 *
 * @example
 * await patchContext(db, { projectId, runtimeId, patch: { entity: { data: { registrationNumber: "0700" } } }, actor, expectedVersion: 4 })
 */
export async function patchContext(db: Db, input: PatchContextInput): Promise<WorkflowRuntime> {
  const { runtime } = await auditedRuntimeAction(db, input, input.actor, "case.context_patched", (r) => ({ version: r.runtime.version, fields: patchedFields(input.patch) }), (tx: Db) => step(tx, input, ({ runtime, compiled, snapshot }) => {
    assertExpectedVersion(runtime, input.expectedVersion);
    const { result, pointers } = applyContextPatch(compiled, snapshot, input.patch);
    if (pointers.length === 0) return null;
    return {
      result,
      cause: { eventName: "context.patch", actor: input.actor, recordTransition: false, history: [contextUpdateHistory(snapshot, pointers, input.actor)] },
    };
  }));
  return runtime;
}
