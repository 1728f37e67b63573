import type { CompiledWorkflow } from "./compiled-workflow";
import { EngineError, RuntimeNotActiveError } from "./errors";
import { isPlainObject } from "./json-utils";
import { mergePatch, mergePatchPointers } from "./merge-patch";
import { replaceContext } from "./replace-context";
import { describeFieldErrors, validateAgainstSchema } from "./schema-validator";
import type { RuntimeSnapshot, TransitionResult } from "./types";
import { unchanged } from "./unchanged";

/** A context patch's step and the JSON pointers it changed (empty when it changed nothing: then nothing moves). */
export interface ContextPatchResult {
  result: TransitionResult;
  pointers: string[];
}

/**
 * Applies a JSON Merge Patch (RFC 7396, see `mergePatch`) to an active workflow's context, as a context-only
 * step (`replaceContext`: state, tags and status stay, no effects). The patched context must still be an object
 * and, when the definition has a `contextSchema`, valid against it (validated with the cached validator of
 * `validateAgainstSchema`); both refusals are `validation_failed` with JSON pointers into the patched context.
 * A patch that changes `documents` is refused the same way: documents have their own routes, which keep every
 * version and leave each decision to reviewers. A patch that changes nothing is `unchanged` with no pointers.
 *
 * Throws `RuntimeNotActiveError` unless the workflow is active.
 *
 * @example
 * const { result, pointers } = applyContextPatch(compiled, snapshot, { entity: { data: { registrationNumber: "0700" } } });
 * pointers // ["/entity/data/registrationNumber"]
 */
export function applyContextPatch(compiled: CompiledWorkflow, snapshot: RuntimeSnapshot, patch: unknown): ContextPatchResult {
  if (snapshot.status !== "active") throw new RuntimeNotActiveError(snapshot.state, snapshot.status);
  const context = mergePatch(snapshot.context, patch);
  if (!isPlainObject(context)) {
    const message = "the context must stay an object: send an object whose keys are merged into it (null removes a key)";
    throw new EngineError("validation_failed", `The patch would replace the whole context with ${context === null ? "null" : Array.isArray(context) ? "an array" : `a ${typeof context}`}; ${message}.`, [{ path: "", message }]);
  }
  const pointers = mergePatchPointers(snapshot.context, patch);
  if (pointers.length === 0) return { result: unchanged(snapshot), pointers };
  const onDocuments = pointers.filter((p) => p === "/documents" || p.startsWith("/documents/"));
  if (onDocuments.length > 0) {
    const message = "documents change through POST, PUT and DELETE /workflows/{id}/documents, which keep each version and leave the decision to reviewers";
    throw new EngineError("validation_failed", `The patch changes context.documents; ${message}: remove 'documents' from the patch.`, onDocuments.map((path) => ({ path, message })));
  }
  const schema = compiled.definition.contextSchema;
  const errors = schema ? validateAgainstSchema(schema, context) : [];
  if (errors.length > 0) {
    throw new EngineError("validation_failed", `The patched context does not match the workflow definition's contextSchema: ${describeFieldErrors(errors.slice(0, 3))}${errors.length > 3 ? ` (and ${errors.length - 3} more)` : ""}.`, errors);
  }
  return { result: replaceContext(compiled, snapshot, context), pointers };
}
