import { isPlainObject } from "./json-utils";
import { rememberCheckedSchemas, SchemaBudget, schemaProblems } from "./schema-validator";
import type { StateTree } from "./state-tree";
import type { DefinitionProblem } from "./types";
import { validatePlugins } from "./validate-plugins";
import { validateStatechart } from "./validate-statechart";

/**
 * Validates a workflow definition (any JSON value) and returns every problem found, each with a JSON
 * pointer, a stable code and a message that says how to fix it. `[]` means it compiles.
 *
 * @example
 * validateDefinition(exampleDefinition) // []
 * validateDefinition({ id: "x", definitionType: "bpmn" })[0]
 * // { pointer: "/definitionType", code: "definition_type_invalid", message: "definitionType must be \"statechart-json\" ..." }
 */
export function validateDefinition(def: unknown): DefinitionProblem[] {
  return analyzeDefinition(def).problems;
}

/** `validateDefinition` plus the flattened state tree, reused by `compileWorkflow`. */
export function analyzeDefinition(def: unknown): { problems: DefinitionProblem[]; tree: StateTree | null } {
  const problems: DefinitionProblem[] = [];
  if (!isPlainObject(def)) {
    problems.push({ pointer: "", code: "definition_not_object", message: "a workflow definition must be a JSON object with id, definitionType and definition" });
    return { problems, tree: null };
  }
  if (typeof def.id !== "string" || def.id.trim() === "") {
    problems.push({ pointer: "/id", code: "id_missing", message: "the definition needs a non-empty string 'id' (callers pass it as workflowId)" });
  }
  if (def.definitionType !== "statechart-json") {
    problems.push({ pointer: "/definitionType", code: "definition_type_invalid", message: `definitionType must be "statechart-json"; got ${JSON.stringify(def.definitionType ?? null)}` });
  }
  if (def.version !== undefined && !Number.isInteger(def.version)) {
    problems.push({ pointer: "/version", code: "version_invalid", message: "'version' must be an integer such as 1" });
  }
  const statechart = isPlainObject(def.definition) ? def.definition : undefined;
  const machineId = typeof statechart?.id === "string" ? statechart.id : String(def.id ?? "workflow");
  // Every schema of the definition is checked and compiled against one budget; the validators are kept only
  // when the whole definition is accepted.
  const budget = new SchemaBudget();
  const { problems: chartProblems, tree } = validateStatechart(def.definition, machineId, budget);
  problems.push(...chartProblems, ...validatePlugins(def.extensions, tree, budget));
  for (const key of ["contextSchema", "documentsSchema"] as const) {
    if (def[key] === undefined || def[key] === null) continue;
    for (const problem of schemaProblems(def[key], `/${key}`, budget)) {
      const message = problem.code === "schema_invalid" ? `'${key}' is not a valid JSON Schema (${problem.message}); fix it or remove it` : `'${key}': ${problem.message}`;
      problems.push({ ...problem, message });
    }
  }
  if (def.config !== undefined && !isPlainObject(def.config)) {
    problems.push({ pointer: "/config", code: "config_invalid", message: "'config' must be an object, e.g. { \"subscriptions\": [] }" });
  }
  if (problems.length === 0) rememberCheckedSchemas(budget.checked);
  return { problems, tree };
}
