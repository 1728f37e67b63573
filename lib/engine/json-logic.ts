import jsonLogic, { type RulesLogic } from "json-logic-js";
import { isPlainObject, pointer } from "./json-utils";
import type { DefinitionProblem } from "./types";

/** The operators json-logic-js 2.0.5 ships with. Rules may use nothing else (no `add_operation`). */
export const JSON_LOGIC_OPERATORS: readonly string[] = [
  "==", "===", "!=", "!==", ">", ">=", "<", "<=", "!", "!!", "%", "and", "or", "?:", "if", "in", "cat",
  "substr", "+", "-", "*", "/", "min", "max", "merge", "var", "missing", "missing_some", "log", "all",
  "none", "some", "map", "reduce", "filter",
];
const OPERATORS = new Set(JSON_LOGIC_OPERATORS);

/**
 * Walks a json-logic rule and reports every operator that json-logic-js does not know, and every
 * object with more than one key (json-logic would silently treat it as a literal).
 *
 * @example
 * checkJsonLogicRule({ ">=": [{ var: "x" }, 1] }, "/cond/rule") // []
 * checkJsonLogicRule({ gte: [1, 2] }, "/cond/rule")[0].code      // "json_logic_operator_unknown"
 */
export function checkJsonLogicRule(rule: unknown, at: string): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  walk(rule, at, problems);
  return problems;
}

function walk(node: unknown, at: string, problems: DefinitionProblem[]): void {
  if (Array.isArray(node)) {
    node.forEach((item, i) => walk(item, pointer(at, i), problems));
    return;
  }
  if (!isPlainObject(node)) return;
  const keys = Object.keys(node);
  if (keys.length === 0) return;
  if (keys.length > 1) {
    problems.push({
      pointer: at,
      code: "json_logic_invalid",
      message: `a json-logic object must have exactly one operator key but has ${keys.length} (${keys.join(", ")}); combine conditions with {"and": [...]} or {"or": [...]}`,
    });
    return;
  }
  const op = keys[0];
  if (!OPERATORS.has(op)) {
    problems.push({
      pointer: pointer(at, op),
      code: "json_logic_operator_unknown",
      message: `'${op}' is not a json-logic operator; use one of: ${JSON_LOGIC_OPERATORS.join(" ")}`,
    });
    return;
  }
  walk(node[op], pointer(at, op), problems);
}

/**
 * Evaluates a rule against data and applies json-logic truthiness (`[]` is false). Throws whatever
 * json-logic-js throws; callers turn that into a diagnostic.
 *
 * @example
 * evaluateRule({ ">": [{ var: "context.score" }, 0.5] }, { context: { score: 0.7 } }) // true
 */
export function evaluateRule(rule: unknown, data: unknown): boolean {
  return jsonLogic.truthy(jsonLogic.apply(rule as RulesLogic, data));
}
