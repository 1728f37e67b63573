import { PluginRequestInvalidError } from "./errors";
import { evaluateJmespath } from "./jmespath-eval";
import { isPlainObject } from "./json-utils";
import { describeFieldErrors, validateAgainstSchema } from "./schema-validator";
import { fillHeader, fillUrl } from "./template";
import type { HttpMethod, JsonObject, PluginConfig } from "./types";

export interface PluginRequest {
  method: HttpMethod;
  /** Absolute URL, placeholders filled; for GET/DELETE it already carries `query`. `{secret.X}` refs stay. */
  url: string;
  /** Headers with `{secret.NAME}` refs left for `resolveSecrets`. */
  headers: Record<string, string>;
  /** JSON body (POST/PUT/PATCH): the transformed request. */
  body?: unknown;
  /** GET/DELETE: the transformed request as query parameters (also appended to `url`). */
  query?: Record<string, string>;
  /** Names of the secrets the URL and headers reference. */
  secretRefs: string[];
}

const DEFAULT_HEADERS = { "Content-Type": "application/json" };

/**
 * Builds the outgoing HTTP request of a plugin from the workflow context, purely: applies
 * `request.transform` (JMESPath over the whole context, `@` = the context), validates the result with
 * `request.schema`, fills `{path}` placeholders in url and headers, and turns the result into query
 * parameters (GET/DELETE) or a JSON body. Throws `PluginRequestInvalidError` (`plugin_request_invalid`).
 *
 * @example
 * buildPluginRequest(plugin, { api_config: { url: "https://reg.test/api" }, entity: { data: { companyName: "Acme", registrationNumber: "R 1" } } })
 * // { method: "GET", url: "https://reg.test/api/R%201?business_name=Acme&registration_number=R+1", headers: { ... }, query: { ... }, secretRefs: ["REGISTRY_API_KEY"] }
 */
export function buildPluginRequest(plugin: PluginConfig, context: JsonObject): PluginRequest {
  const name = plugin.name;
  let payload: unknown;
  try {
    payload = evaluateJmespath(plugin.request?.transform?.mapping ?? "@", context);
  } catch (error) {
    throw new PluginRequestInvalidError(name, `request mapping failed: ${error instanceof Error ? error.message : String(error)}; fix 'request.transform.mapping'`);
  }
  const schema = plugin.request?.schema?.schema;
  if (schema) {
    const errors = validateAgainstSchema(schema, payload);
    if (errors.length > 0) {
      throw new PluginRequestInvalidError(name, `request does not match request.schema: ${describeFieldErrors(errors)}; fix the run context or the request mapping`, errors);
    }
  }
  const secretRefs: string[] = [];
  const collect = (refs: string[]) => refs.forEach((r) => secretRefs.includes(r) || secretRefs.push(r));
  const filledUrl = fillUrl(name, plugin.url, context);
  collect(filledUrl.secretRefs);
  const headers: Record<string, string> = {};
  const given = plugin.headers ?? {};
  if (!Object.keys(given).some((h) => h.toLowerCase() === "content-type")) Object.assign(headers, DEFAULT_HEADERS);
  for (const [header, template] of Object.entries(given)) {
    const filled = fillHeader(name, template, context);
    collect(filled.secretRefs);
    headers[header] = filled.text;
  }
  const method = String(plugin.method).toUpperCase() as HttpMethod;
  if (method !== "GET" && method !== "DELETE") {
    return { method, url: checkedUrl(name, filledUrl.text), headers, body: payload, secretRefs };
  }
  const query = toQuery(name, payload);
  return { method, url: checkedUrl(name, appendQuery(filledUrl.text, query)), headers, query, secretRefs };
}

/** GET/DELETE payload to query parameters: objects/arrays JSON-encoded, null/undefined skipped. */
function toQuery(pluginName: string, payload: unknown): Record<string, string> {
  if (payload === null || payload === undefined) return {};
  if (!isPlainObject(payload)) {
    throw new PluginRequestInvalidError(pluginName, "a GET/DELETE request mapping must produce an object (its keys become query parameters); wrap the value, e.g. \"{ id: entity.id }\"");
  }
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(payload)) {
    if (value === null || value === undefined) continue;
    query[key] = typeof value === "object" ? JSON.stringify(value) : String(value);
  }
  return query;
}

/** Appends parameters to a URL that may already have `?query` and/or `#fragment`. */
function appendQuery(url: string, query: Record<string, string>): string {
  const params = new URLSearchParams(query).toString();
  if (params === "") return url;
  const hashAt = url.indexOf("#");
  const [base, hash] = hashAt >= 0 ? [url.slice(0, hashAt), url.slice(hashAt)] : [url, ""];
  const joiner = !base.includes("?") ? "?" : base.endsWith("?") || base.endsWith("&") ? "" : "&";
  return `${base}${joiner}${params}${hash}`;
}

function checkedUrl(pluginName: string, url: string): string {
  let parsed: URL | null = null;
  try {
    parsed = new URL(url);
  } catch {
    parsed = null;
  }
  if (!parsed || (parsed.protocol !== "http:" && parsed.protocol !== "https:")) {
    throw new PluginRequestInvalidError(pluginName, `url '${url}' is not an absolute http(s) URL after filling placeholders; fix 'url' or the context values it reads`);
  }
  return url;
}
