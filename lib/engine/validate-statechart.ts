import { checkJsonLogicRule } from "./json-logic";
import { isPlainObject, listOrNone, pointer } from "./json-utils";
import { LIMITS, limitLabel } from "./limits";
import { SchemaBudget, schemaProblems } from "./schema-validator";
import { checkReview } from "./state-review";
import { RESERVED_EVENT_PREFIX } from "./machine-config";
import { checkAfterDelays, checkSla } from "./state-timers";
import { buildStateTree, candidatesOf, resolveTarget, siblingNames, type StateEntry, type StateTree } from "./state-tree";
import type { DefinitionProblem, JsonObject } from "./types";

const OUTCOMES = ["approved", "rejected", "auto_approved", "auto_rejected"];
const STATE_TYPES = ["atomic", "compound", "final"];
const UNSUPPORTED_KEYS = ["entry", "exit", "always", "invoke", "onDone", "history", "output"];

type Report = (pointer: string, code: string, message: string) => void;

/**
 * Checks `definition` (the statechart) and returns the problems plus the flattened state tree (null when
 * there are no usable states). Part of `validateDefinition`.
 *
 * @example
 * validateStatechart({ initial: "a", states: { a: { on: { go: "b" } } } }, "m").problems[0].code // "transition_target_unknown"
 */
export function validateStatechart(definition: unknown, machineId: string, budget = new SchemaBudget()): { problems: DefinitionProblem[]; tree: StateTree | null } {
  const problems: DefinitionProblem[] = [];
  const report: Report = (at, code, message) => problems.push({ pointer: at, code, message });
  const at = "/definition";
  if (!isPlainObject(definition)) {
    report(at, "statechart_missing", "'definition' must be the statechart object: { initial, states: { ... } }");
    return { problems, tree: null };
  }
  if (!isPlainObject(definition.states) || Object.keys(definition.states).length === 0) {
    report(pointer(at, "states"), "states_missing", "'definition.states' must be an object mapping each state name to a state object, e.g. { \"idle\": { \"on\": { \"start\": \"done\" } }, \"done\": { \"type\": \"final\" } }");
    return { problems, tree: null };
  }
  if (definition.context !== undefined && !isPlainObject(definition.context)) {
    report(pointer(at, "context"), "context_invalid", "'definition.context' must be an object of default context values (or be removed)");
  }
  for (const key of ["on", "after", ...UNSUPPORTED_KEYS]) {
    if (key in definition) report(pointer(at, key), "unsupported_key", `'${key}' on the statechart root is not supported; move transitions into a state's 'on' or remove '${key}'`);
  }
  const tree = buildStateTree(machineId, definition.states, pointer(at, "states"));
  if (tree.entries.length > LIMITS.statechartStates) {
    report(pointer(at, "states"), "states_too_many", `the statechart has ${tree.entries.length} states, over the limit ${limitLabel("statechartStates")}; split the workflow`);
    return { problems, tree: null };
  }
  checkStateShapes(definition.states, pointer(at, "states"), report);
  checkInitial(definition.initial, Object.keys(definition.states), pointer(at, "initial"), "the statechart", report);
  for (const entry of tree.entries) checkState(tree, entry, report);
  const initial = typeof definition.initial === "string" ? tree.byPath.get(definition.initial) : undefined;
  if (initial) checkInputSchema(initial, report, budget);
  return { problems, tree };
}

/** `buildStateTree` skips states that are not objects; they are reported here (they would break the machine). */
function checkStateShapes(states: JsonObject, at: string, report: Report): void {
  for (const [name, state] of Object.entries(states)) {
    const stateAt = pointer(at, name);
    if (!isPlainObject(state)) {
      report(stateAt, "state_invalid", `state '${name}' must be an object such as { "on": { "next": "other_state" } } or {} (got ${state === null ? "null" : Array.isArray(state) ? "an array" : typeof state})`);
    } else if (isPlainObject(state.states)) {
      checkStateShapes(state.states, pointer(stateAt, "states"), report);
    }
  }
}

function checkInitial(initial: unknown, names: string[], at: string, owner: string, report: Report): void {
  if (typeof initial !== "string" || initial === "") {
    report(at, "initial_missing", `${owner} needs 'initial' naming its first state; use one of: ${listOrNone(names)}`);
  } else if (!names.includes(initial)) {
    report(at, "initial_unknown", `initial state '${initial}' of ${owner} does not exist; use one of: ${listOrNone(names)}`);
  }
}

function checkState(tree: StateTree, entry: StateEntry, report: Report): void {
  const { json, pointer: at, name } = entry;
  if (name === "" || name.includes(".") || name.startsWith("#")) {
    report(at, "state_name_invalid", `state name '${name}' is not allowed; rename it without '.' or a leading '#' (e.g. '${name.replace(/[.#]/g, "_") || "state"}')`);
  }
  const type = json.type;
  if (type !== undefined && !STATE_TYPES.includes(String(type))) {
    report(pointer(at, "type"), "state_type_invalid", `state type '${String(type)}' is not supported; use 'final', or remove 'type' (parallel and history states are not supported)`);
  }
  for (const key of UNSUPPORTED_KEYS) {
    if (key in json) report(pointer(at, key), "unsupported_key", `'${key}' is not supported by the engine; remove it (effects come from plugins bound through 'stateNames')`);
  }
  if (json.states !== undefined) {
    if (!isPlainObject(json.states)) report(pointer(at, "states"), "states_invalid", `'states' of '${entry.path}' must be an object of child states`);
    else if (entry.childNames.length > 0) checkInitial(json.initial, entry.childNames, pointer(at, "initial"), `compound state '${entry.path}'`, report);
  }
  if (json.tags !== undefined && !(Array.isArray(json.tags) && json.tags.every((t) => typeof t === "string"))) {
    report(pointer(at, "tags"), "tags_invalid", `'tags' of '${entry.path}' must be an array of strings, e.g. ["manual_review"]`);
  }
  checkMeta(entry, report);
  if (json.after !== undefined) checkAfter(tree, entry, report);
  if (type === "final") {
    if (json.on !== undefined) report(pointer(at, "on"), "final_state_has_transitions", `final state '${entry.path}' cannot have 'on' transitions; remove 'on' or remove "type": "final"`);
    if (entry.childNames.length > 0) report(pointer(at, "states"), "final_state_has_children", `final state '${entry.path}' cannot have child states; remove 'states' or "type": "final"`);
    return;
  }
  if (json.on === undefined) return;
  if (!isPlainObject(json.on)) {
    report(pointer(at, "on"), "transitions_invalid", `'on' of '${entry.path}' must map event names to targets, e.g. { "approve": "approved" }`);
    return;
  }
  for (const [event, value] of Object.entries(json.on)) checkTransition(tree, entry, event, value, pointer(at, "on", event), report);
}

function checkMeta(entry: StateEntry, report: Report): void {
  const meta = entry.json.meta;
  if (meta === undefined) return;
  const at = pointer(entry.pointer, "meta");
  if (!isPlainObject(meta)) return report(at, "meta_invalid", `'meta' of '${entry.path}' must be an object`);
  if (meta.sla !== undefined) checkSla(entry, meta.sla, report);
  if (meta.review !== undefined) checkReview(entry, meta.review, report);
  if (meta.outcome === undefined) return;
  if (entry.json.type !== "final") {
    report(pointer(at, "outcome"), "meta_outcome_invalid", `'meta.outcome' only applies to final states; add "type": "final" to '${entry.path}' or remove 'meta.outcome'`);
  } else if (!OUTCOMES.includes(String(meta.outcome))) {
    report(pointer(at, "outcome"), "meta_outcome_invalid", `'meta.outcome' must be one of: ${OUTCOMES.join(", ")}; got '${String(meta.outcome)}'`);
  }
}

/** `after`: each key a delay, each value a transition checked like an `on` entry's. */
function checkAfter(tree: StateTree, entry: StateEntry, report: Report): void {
  checkAfterDelays(entry, report);
  if (!isPlainObject(entry.json.after)) return;
  for (const [delay, value] of Object.entries(entry.json.after)) checkTransition(tree, entry, `after ${delay}`, value, pointer(entry.pointer, "after", delay), report);
}

function checkTransition(tree: StateTree, entry: StateEntry, event: string, value: unknown, at: string, report: Report): void {
  if (event.startsWith(RESERVED_EVENT_PREFIX) || event === "*" || event.endsWith(".*")) {
    report(at, "event_name_invalid", `event name '${event}' is reserved or a wildcard; rename the event (wildcards and the '${RESERVED_EVENT_PREFIX}' prefix are not supported)`);
  }
  for (const candidate of candidatesOf(value, at)) {
    const raw = candidate.value;
    const target = typeof raw === "string" ? raw : isPlainObject(raw) ? raw.target : undefined;
    if (!isPlainObject(raw) && typeof raw !== "string") {
      report(candidate.pointer, "transition_invalid", `transition for '${event}' must be a target state name, { "target", "cond" }, or an array of those`);
      continue;
    }
    if (typeof target !== "string" || target === "") {
      report(pointer(candidate.pointer, "target"), "transition_target_missing", `transition for '${event}' in '${entry.path}' needs a 'target' state; use one of: ${siblingNames(tree, entry.path).join(", ")}`);
    } else if (!resolveTarget(tree, entry.path, target)) {
      const where = typeof raw === "string" ? candidate.pointer : pointer(candidate.pointer, "target");
      report(where, "transition_target_unknown", `target '${target}' of event '${event}' in '${entry.path}' is not a state; use one of: ${siblingNames(tree, entry.path).join(", ")} (or '#id' / '.child')`);
    }
    if (isPlainObject(raw) && raw.cond !== undefined) checkCond(raw.cond, pointer(candidate.pointer, "cond"), report);
  }
}

function checkCond(cond: unknown, at: string, report: Report): void {
  if (!isPlainObject(cond)) return report(at, "cond_invalid", `'cond' must be an object like { "type": "json-logic", "rule": { ... } }`);
  if (cond.type !== "json-logic") {
    report(pointer(at, "type"), "cond_type_unknown", `cond type '${String(cond.type)}' is not supported; set "type": "json-logic"`);
  }
  const options = isPlainObject(cond.options) ? cond.options : {};
  const ruleAt = cond.rule !== undefined ? pointer(at, "rule") : pointer(at, "options", "rule");
  const rule = cond.rule !== undefined ? cond.rule : options.rule;
  if (rule === undefined) {
    report(pointer(at, "rule"), "cond_rule_missing", `cond needs a json-logic rule at 'cond.rule' or 'cond.options.rule', e.g. { ">=": [{ "var": "context.score" }, 0.8] }`);
  } else {
    for (const problem of checkJsonLogicRule(rule, ruleAt)) report(problem.pointer, problem.code, problem.message);
  }
  for (const [holder, holderAt] of [[options, pointer(at, "options")], [cond, at]] as const) {
    const onFailed = holder.onFailed;
    if (onFailed === undefined) continue;
    if (!isPlainObject(onFailed) || (onFailed.manualReviewReason !== undefined && typeof onFailed.manualReviewReason !== "string")) {
      report(pointer(holderAt, "onFailed"), "on_failed_invalid", `'onFailed' must be { "manualReviewReason": "<text shown to the reviewer>" }`);
    }
  }
}

function checkInputSchema(initial: StateEntry, report: Report, budget: SchemaBudget): void {
  const meta = initial.json.meta;
  if (!isPlainObject(meta) || meta.inputSchema === undefined) return;
  const at = pointer(initial.pointer, "meta", "inputSchema");
  if (!isPlainObject(meta.inputSchema)) return report(at, "input_schema_invalid", "'meta.inputSchema' must be { dataSchema, uiSchema }");
  const { dataSchema } = meta.inputSchema;
  if (dataSchema === undefined) return;
  for (const problem of schemaProblems(dataSchema, pointer(at, "dataSchema"), budget)) {
    if (problem.code === "schema_invalid") report(problem.pointer, "input_schema_invalid", `the Create Case form schema is not a valid JSON Schema (${problem.message}); fix it so Ajv can compile it`);
    else report(problem.pointer, problem.code, `the Create Case form schema: ${problem.message}`);
  }
}
