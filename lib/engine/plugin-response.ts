import type { FieldError } from "./errors";
import { evaluateJmespath } from "./jmespath-eval";
import { describeFieldErrors, validateAgainstSchema } from "./schema-validator";
import type { PluginConfig } from "./types";

export type PluginResponseResult = { ok: true; data: unknown } | { ok: false; error: string; errors?: FieldError[] };

/**
 * Applies a plugin's `response.transform` (JMESPath, `@` = the body) and then `response.schema` to a
 * response body. Never throws: failures come back as `{ ok: false, error, errors? }` so the runtime can
 * pass them to `applyPluginResult` (which then follows `errorAction`). Without `response`, the body is
 * the data.
 *
 * @example
 * transformPluginResponse(plugin, { business_details: { registered_name: "Acme" }, name_fuzziness_score: 0.7 })
 * // { ok: true, data: { registered_name: "Acme", registration_number: null, name_fuzziness_score: 0.7 } }
 */
export function transformPluginResponse(plugin: PluginConfig, body: unknown): PluginResponseResult {
  let data: unknown = body;
  const mapping = plugin.response?.transform?.mapping;
  if (mapping !== undefined) {
    try {
      data = evaluateJmespath(mapping, body);
    } catch (error) {
      return { ok: false, error: `response mapping failed: ${error instanceof Error ? error.message : String(error)}` };
    }
  }
  const schema = plugin.response?.schema?.schema;
  if (schema) {
    const errors = validateAgainstSchema(schema, data);
    if (errors.length > 0) return { ok: false, error: `response does not match response.schema: ${describeFieldErrors(errors)}`, errors };
  }
  return { ok: true, data };
}
