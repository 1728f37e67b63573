import { z } from "zod";
import { createDefinitionRequestSchema } from "../api/schemas/definitions";
import { zodFieldErrors } from "../api/http/zod-problems";
import { validateDefinition } from "../engine";

/** One problem of an edited definition: a JSON pointer into the document, a stable code, how to fix it. */
export interface DocumentProblem {
  path: string;
  code: string;
  message: string;
}

/** Body of `POST /api/backoffice/definitions/{id}/validate`. */
export const validateDefinitionRequestSchema = z.strictObject({ document: z.unknown() });

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Everything wrong with an edited definition document, as the editor lists it: the document must keep the
 * definition's id and carry no `version`, have the fields of `POST /workflow-definitions` (zod), and compile
 * (the engine's `validateDefinition`). Where zod and the engine flag the same pointer, the engine's message,
 * which says how to fix it, wins. `[]` means it can be saved.
 *
 * @example
 * checkDefinitionDocument({ ...doc, definition: { ...chart, initial: "nope" } }, doc.id)
 * // [{ path: "/definition/initial", code: "initial_unknown", message: "..." }]
 */
export function checkDefinitionDocument(document: unknown, definitionId: string): DocumentProblem[] {
  if (!isObject(document)) {
    return [{ path: "", code: "definition_not_object", message: "the definition must be a JSON object with id, name, definitionType and definition" }];
  }
  const problems: DocumentProblem[] = [];
  if (document.id !== definitionId) {
    problems.push({
      path: "/id",
      code: "id_changed",
      message: `keep "id": ${JSON.stringify(definitionId)}: a new version has the same id (create another definition through POST /api/v1/external/workflow-definitions)`,
    });
  }
  if ("version" in document) {
    problems.push({ path: "/version", code: "version_not_editable", message: "remove 'version': the next version number is assigned when you save" });
  }
  const engine = validateDefinition(document).map((p) => ({ path: p.pointer, code: p.code, message: p.message }));
  const flagged = new Set([...engine, ...problems].map((p) => p.path));
  const body = { ...document };
  delete body.version;
  const shape = createDefinitionRequestSchema.safeParse(body);
  const fields = shape.success
    ? []
    : zodFieldErrors(createDefinitionRequestSchema, shape.error)
        .filter((e) => !flagged.has(e.path))
        .map((e) => ({ ...e, code: "field_invalid" }));
  return [...problems, ...fields, ...engine];
}
