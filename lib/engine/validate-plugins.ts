import { jmespathProblem } from "./jmespath-eval";
import { isPlainObject, listOrNone, pointer } from "./json-utils";
import { locatePlugins, type LocatedPlugin } from "./plugin-lists";
import { SchemaBudget, schemaProblems } from "./schema-validator";
import { handledEvents, statePathsNamed, type StateTree } from "./state-tree";
import type { DefinitionProblem } from "./types";

export const HTTP_METHODS = ["POST", "PUT", "PATCH", "DELETE", "GET"];

type Report = (pointer: string, code: string, message: string) => void;

/**
 * Checks `extensions.apiPlugins` / `extensions.webhookPlugins` against the statechart. Part of
 * `validateDefinition`; `tree` is null when the statechart itself is unusable (state checks are skipped).
 *
 * @example
 * validatePlugins({ apiPlugins: [{ name: "x" }] }, tree).map((p) => p.code) // ["plugin_url_missing", ...]
 */
export function validatePlugins(extensions: unknown, tree: StateTree | null, budget = new SchemaBudget()): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  const report: Report = (at, code, message) => problems.push({ pointer: at, code, message });
  if (extensions === undefined) return problems;
  if (!isPlainObject(extensions)) {
    report("/extensions", "extensions_invalid", "'extensions' must be an object like { \"apiPlugins\": [ ... ] }");
    return problems;
  }
  for (const key of ["apiPlugins", "webhookPlugins"]) {
    if (extensions[key] !== undefined && !Array.isArray(extensions[key])) report(`/extensions/${key}`, "plugins_invalid", `'extensions.${key}' must be an array of plugin objects`);
  }
  const seen = new Map<string, string>();
  for (const located of locatePlugins(extensions)) checkPlugin(located, tree, seen, report, budget);
  return problems;
}

function checkPlugin(located: LocatedPlugin, tree: StateTree | null, seen: Map<string, string>, report: Report, budget: SchemaBudget): void {
  const { plugin, pointer: at, kind } = located;
  if (!isPlainObject(plugin)) return report(at, "plugin_invalid", "a plugin must be an object with name, url, method, stateNames and request");
  const name = typeof plugin.name === "string" && plugin.name !== "" ? plugin.name : null;
  const label = name ? `plugin '${name}'` : "plugin";
  if (!name) report(pointer(at, "name"), "plugin_name_missing", "plugin needs a non-empty 'name' (API plugins store their response under it)");
  else if (seen.has(name)) report(pointer(at, "name"), "plugin_name_duplicate", `plugin name '${name}' is already used at ${seen.get(name)}; give each plugin a unique name`);
  else seen.set(name, at);
  if (typeof plugin.url !== "string" || plugin.url === "") report(pointer(at, "url"), "plugin_url_missing", `${label} needs a 'url', e.g. "{api_config.url}/{entity.id}"`);
  if (!HTTP_METHODS.includes(String(plugin.method))) {
    report(pointer(at, "method"), "plugin_method_invalid", `${label} has method '${String(plugin.method ?? "")}'; use one of: ${HTTP_METHODS.join(", ")}`);
  }
  const headers = plugin.headers;
  if (headers !== undefined && !(isPlainObject(headers) && Object.values(headers).every((v) => typeof v === "string"))) {
    report(pointer(at, "headers"), "plugin_headers_invalid", `'headers' of ${label} must be an object of string values`);
  }
  checkStateNames(plugin.stateNames, pointer(at, "stateNames"), label, tree, report);
  checkTransformBlock(plugin.request, pointer(at, "request"), `${label} request`, report, budget);
  if (kind === "api") {
    if (plugin.response !== undefined) checkTransformBlock(plugin.response, pointer(at, "response"), `${label} response`, report, budget);
    for (const key of ["successAction", "errorAction"] as const) checkAction(plugin, key, pointer(at, key), label, tree, report);
  }
}

function checkStateNames(stateNames: unknown, at: string, label: string, tree: StateTree | null, report: Report): void {
  if (!Array.isArray(stateNames) || stateNames.length === 0 || !stateNames.every((s) => typeof s === "string")) {
    return report(at, "plugin_state_names_missing", `${label} needs 'stateNames': a non-empty array of the state names in which it runs`);
  }
  if (!tree) return;
  stateNames.forEach((stateName: string, i) => {
    if (statePathsNamed(tree, stateName).length === 0) {
      report(pointer(at, i), "plugin_state_unknown", `${label} runs in state '${stateName}', which does not exist; use one of: ${listOrNone(tree.entries.map((e) => e.path))}`);
    }
  });
}

function checkTransformBlock(block: unknown, at: string, label: string, report: Report, budget: SchemaBudget): void {
  if (!isPlainObject(block)) return report(at, "plugin_mapping_missing", `${label} needs { "transform": { "transformer": "jmespath", "mapping": "@" } }`);
  const transform = block.transform;
  if (isPlainObject(transform) && transform.transformer !== undefined && transform.transformer !== "jmespath") {
    report(pointer(at, "transform", "transformer"), "plugin_transformer_unknown", `${label} transformer '${String(transform.transformer)}' is not supported; use "jmespath"`);
  }
  const mapping = isPlainObject(transform) ? transform.mapping : undefined;
  if (typeof mapping !== "string" || mapping.trim() === "") {
    report(pointer(at, "transform", "mapping"), "plugin_mapping_missing", `${label} needs 'transform.mapping', a JMESPath expression ("@" passes the whole input through)`);
  } else {
    const problem = jmespathProblem(mapping);
    if (problem?.code === "jmespath_invalid") {
      report(pointer(at, "transform", "mapping"), "jmespath_invalid", `${label} mapping is not valid JMESPath (${problem.message}); fix the expression, e.g. "{ name: entity.data.companyName }"`);
    } else if (problem) {
      report(pointer(at, "transform", "mapping"), problem.code, `${label} mapping cannot be used: ${problem.message}`);
    }
  }
  if (block.schema === undefined) return;
  const schemaAt = pointer(at, "schema");
  if (!isPlainObject(block.schema)) return report(schemaAt, "schema_invalid", `${label} 'schema' must be { "validator": "json-schema", "schema": { ... } }`);
  if (block.schema.validator !== undefined && block.schema.validator !== "json-schema") {
    report(pointer(schemaAt, "validator"), "plugin_validator_unknown", `${label} validator '${String(block.schema.validator)}' is not supported; use "json-schema"`);
  }
  for (const problem of schemaProblems(block.schema.schema, pointer(schemaAt, "schema"), budget)) {
    const message = problem.code === "schema_invalid" ? `${label} schema is not a valid JSON Schema (${problem.message}); fix it (draft-07 by default, 2020-12 via $schema)` : `${label} schema: ${problem.message}`;
    report(problem.pointer, problem.code, message);
  }
}

function checkAction(plugin: Record<string, unknown>, key: "successAction" | "errorAction", at: string, label: string, tree: StateTree | null, report: Report): void {
  const action = plugin[key];
  if (typeof action !== "string" || action === "") {
    return report(at, "plugin_action_missing", `API ${label} needs '${key}': an event its states handle or a state name (or set "pluginKind": "webhook")`);
  }
  if (!tree || !Array.isArray(plugin.stateNames)) return;
  const paths = plugin.stateNames.flatMap((s) => (typeof s === "string" ? statePathsNamed(tree, s) : []));
  const events = [...new Set(paths.flatMap((p) => handledEvents(tree, p)))];
  if (events.includes(action) || statePathsNamed(tree, action).length > 0) return;
  report(at, "plugin_action_unknown", `${key} '${action}' of ${label} is neither an event handled by its states (${listOrNone(events)}) nor a state name; use one of those or add an 'on' entry for '${action}'`);
}
