/**
 * The Create Case form of a definition: `meta.inputSchema` of its initial state, `{ dataSchema, uiSchema }`.
 * Pure (no I/O) so both the server and the browser form can use it.
 */

type Json = Record<string, unknown>;

export interface InputSchema {
  dataSchema: Json;
  uiSchema: Json;
}

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * `meta.inputSchema` of the statechart's initial state, or null when the definition has none.
 *
 * @example
 * findInputSchema({ initial: "idle", states: { idle: { meta: { inputSchema: { dataSchema: {...}, uiSchema: {...} } } } } })
 */
export function findInputSchema(statechart: unknown): InputSchema | null {
  if (!isObject(statechart) || typeof statechart.initial !== "string" || !isObject(statechart.states)) return null;
  const initial = statechart.states[statechart.initial];
  const meta = isObject(initial) ? initial.meta : undefined;
  const input = isObject(meta) ? meta.inputSchema : undefined;
  if (!isObject(input) || !isObject(input.dataSchema)) return null;
  return { dataSchema: input.dataSchema, uiSchema: isObject(input.uiSchema) ? input.uiSchema : {} };
}

/**
 * Translate the definition's uiSchema to what @rjsf understands: `hidden: true` (not an RJSF keyword) becomes
 * `"ui:widget": "hidden"`; `ui:title`, `ui:label` and `ui:order` pass through; nested fields recurse. A
 * `ui:order` that leaves fields out gets `"*"` appended, since RJSF refuses an order missing properties.
 *
 * @example
 * toRjsfUiSchema({ id: { hidden: true }, data: { "ui:order": ["b"] } })
 * // { id: { "ui:widget": "hidden" }, data: { "ui:order": ["b", "*"] } }
 */
export function toRjsfUiSchema(uiSchema: Json): Json {
  const out: Json = {};
  for (const [key, value] of Object.entries(uiSchema)) {
    if (key === "hidden") {
      if (value === true) out["ui:widget"] = "hidden";
    } else if (key === "ui:order" && Array.isArray(value)) {
      out[key] = value.includes("*") ? value : [...value, "*"];
    } else if (!key.startsWith("ui:") && isObject(value)) {
      out[key] = toRjsfUiSchema(value);
    } else {
      out[key] = value;
    }
  }
  return out;
}

/**
 * Initial form values: the schema's defaults are applied by the form itself; a required string `id` that
 * the form hides gets a generated value so the form can submit (the entity's id in the caller's system).
 */
export function initialFormData(input: InputSchema, newId: string): Json {
  const props = isObject(input.dataSchema.properties) ? input.dataSchema.properties : {};
  const idSchema = props.id;
  const required = Array.isArray(input.dataSchema.required) ? input.dataSchema.required : [];
  return isObject(idSchema) && idSchema.type === "string" && required.includes("id") ? { id: newId } : {};
}
