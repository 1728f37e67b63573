import { findInputSchema, toRjsfUiSchema } from "./input-schema";

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** Context keys the Edit case data form never shows: documents have their own routes, plugin output is the vendors'. */
const NOT_EDITED = new Set(["documents", "pluginsOutput"]);

/**
 * The Edit case data form of a definition: its `contextSchema` over the context (less documents and plugin output),
 * or else the initial state's input schema over `context.entity`. Null when the definition has neither.
 */
export interface EditForm {
  /** Where the form's values sit in the context: the whole context, or `context.entity`. */
  scope: "context" | "entity";
  schema: Json;
  /** Already translated for RJSF (see `toRjsfUiSchema`). */
  uiSchema: Json;
}

/** Pure, so the page (server) builds it and the form (browser) and `editCaseData` (server) read the same thing. */
export function editFormOf(definition: { definition: unknown; contextSchema?: unknown }): EditForm | null {
  const context = definition.contextSchema;
  if (isObject(context) && isObject(context.properties)) {
    const properties = Object.fromEntries(Object.entries(context.properties).filter(([k]) => !NOT_EDITED.has(k)));
    const required = Array.isArray(context.required) ? context.required.filter((k) => typeof k === "string" && !NOT_EDITED.has(k)) : undefined;
    return { scope: "context", schema: { ...context, properties, ...(required ? { required } : {}) }, uiSchema: {} };
  }
  const input = findInputSchema(definition.definition);
  if (!input) return null;
  return { scope: "entity", schema: input.dataSchema, uiSchema: toRjsfUiSchema(input.uiSchema) };
}

/** The form's starting values: the part of the context the form edits. */
export function editFormValues(form: EditForm, context: Json): Json {
  if (form.scope === "entity") return isObject(context.entity) ? context.entity : {};
  const keys = Object.keys(isObject(form.schema.properties) ? form.schema.properties : {});
  return Object.fromEntries(keys.filter((k) => context[k] !== undefined).map((k) => [k, context[k]]));
}

/** The context merge patch of a form patch (an entity form's patch sits under `entity`). */
export function contextPatchOf(form: EditForm, formPatch: Json): Json {
  return form.scope === "entity" ? { entity: formPatch } : formPatch;
}
