import jsonLogic, { type RulesLogic } from "json-logic-js";
import { isPlainObject, pointer } from "./json-utils";
import { LIMITS, limitLabel } from "./limits";
import type { DefinitionProblem } from "./types";

/**
 * The operators json-logic-js 2.0.5 ships with, but `log` (it writes the rule's data, which may be personal, to
 * the server's console). Rules may use nothing else (no `add_operation`).
 */
export const JSON_LOGIC_OPERATORS: readonly string[] = [
  "==", "===", "!=", "!==", ">", ">=", "<", "<=", "!", "!!", "%", "and", "or", "?:", "if", "in", "cat",
  "substr", "+", "-", "*", "/", "min", "max", "merge", "var", "missing", "missing_some", "all",
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
  const size = { nodes: 0 };
  walk(rule, at, problems, 0, size);
  if (size.nodes > LIMITS.jsonLogicNodes) {
    problems.push({ pointer: at, code: "json_logic_too_large", message: `the rule has ${size.nodes} nodes, over the limit ${limitLabel("jsonLogicNodes")}; split it across candidates or simplify it` });
  }
  return problems;
}

function walk(node: unknown, at: string, problems: DefinitionProblem[], depth: number, size: { nodes: number }): void {
  size.nodes++;
  if (depth > LIMITS.jsonLogicDepth) {
    if (!problems.some((p) => p.code === "json_logic_too_deep")) {
      problems.push({ pointer: at, code: "json_logic_too_deep", message: `the rule nests deeper than ${limitLabel("jsonLogicDepth")} levels here; flatten it (e.g. one "and" with many conditions)` });
    }
    return;
  }
  if (Array.isArray(node)) {
    node.forEach((item, i) => walk(item, pointer(at, i), problems, depth + 1, size));
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
  walk(node[op], pointer(at, op), problems, depth + 1, size);
}

/** Thrown when a rule does more than `jsonLogicWork` units of work; the guard then fails with a diagnostic. */
export class JsonLogicBudgetError extends Error {
  constructor() {
    super(`the rule did more than ${limitLabel("jsonLogicWork")} units of work (operators applied plus the size of the values they returned) and was stopped; make it simpler or read less data`);
    this.name = "JsonLogicBudgetError";
  }
}

/** The meter of the evaluation in progress (evaluation is synchronous, so one at a time). */
let meter: { work: number; weights: WeakMap<object, number> } | null = null;

/** Size of a value for the meter: 1 per value, strings 1 per 16 characters; shared parts count each time. */
function weightOf(value: unknown, weights: WeakMap<object, number>, depth = 0): number {
  if (typeof value === "string") return 1 + (value.length >> 4);
  if (value === null || typeof value !== "object") return 1;
  const known = weights.get(value);
  if (known !== undefined) return known;
  if (depth > 256) return LIMITS.jsonLogicWork + 1;
  let total = 1;
  for (const child of Array.isArray(value) ? value : Object.values(value)) {
    total += weightOf(child, weights, depth + 1);
    if (total > LIMITS.jsonLogicWork) break;
  }
  weights.set(value, total);
  return total;
}

// json-logic-js applies nested operators through `jsonLogic.apply`, so wrapping it once meters every step.
const METERED = Symbol.for("kyc.jsonLogic.metered");
const logic = jsonLogic as typeof jsonLogic & { [METERED]?: true };
if (!logic[METERED]) {
  const apply = jsonLogic.apply;
  jsonLogic.apply = function meteredApply(rule, data) {
    if (meter && ++meter.work > LIMITS.jsonLogicWork) throw new JsonLogicBudgetError();
    const result = apply.call(jsonLogic, rule, data);
    if (meter) {
      meter.work += weightOf(result, meter.weights);
      if (meter.work > LIMITS.jsonLogicWork) throw new JsonLogicBudgetError();
    }
    return result;
  } as typeof jsonLogic.apply;
  logic[METERED] = true;
}

/**
 * Evaluates a rule against data and applies json-logic truthiness (`[]` is false). Throws whatever
 * json-logic-js throws, or `JsonLogicBudgetError` past `jsonLogicWork`; callers turn that into a diagnostic.
 *
 * @example
 * evaluateRule({ ">": [{ var: "context.score" }, 0.5] }, { context: { score: 0.7 } }) // true
 */
export function evaluateRule(rule: unknown, data: unknown): boolean {
  const outer = meter;
  meter = { work: 0, weights: new WeakMap() };
  try {
    return jsonLogic.truthy(jsonLogic.apply(rule as RulesLogic, data));
  } finally {
    meter = outer;
  }
}
