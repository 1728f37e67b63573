import { validateAgainstSchema, type CompiledWorkflow, type JsonObject } from "../../engine";
import { validationFailed, type FieldError } from "../../errors";
import { versionOf, type StoredDocument } from "./stored-document";

/**
 * Refuse (422 `validation_failed`, every problem at once, JSON pointers into the sent document) a document
 * that sets what the service owns (a `decision`, which is the reviewer's; an `id` other than the addressed
 * one; a `version` other than the one it gets) or that does not match the definition's `documentsSchema`.
 * The schema sees the document as stored, without its decision: the sent fields with `id` and `version`.
 */
export function assertValidDocument(compiled: CompiledWorkflow, sent: JsonObject, stored: StoredDocument): void {
  const errors: FieldError[] = [];
  if (sent.decision !== undefined) errors.push({ path: "/decision", message: "the decision is the reviewer's; leave it out (a new version is pending review)" });
  if (sent.id !== undefined && sent.id !== stored.id) errors.push({ path: "/id", message: `must be '${stored.id}', the id in the path, or left out` });
  if (sent.version !== undefined && (versionOf(sent) !== stored.version || (typeof sent.version !== "number" && typeof sent.version !== "string"))) {
    errors.push({ path: "/version", message: `the service numbers versions: this one is ${stored.version}; send ${stored.version} or leave it out` });
  }
  const schema = compiled.definition.documentsSchema;
  if (schema) {
    const checked: JsonObject = { ...stored };
    delete checked.decision;
    errors.push(...validateAgainstSchema(schema, checked));
  }
  if (errors.length) throw validationFailed("The document does not match what this workflow accepts; see errors.", errors);
}
