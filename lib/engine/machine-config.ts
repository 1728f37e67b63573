import { setup } from "xstate";
import { evaluateRule } from "./json-logic";
import { isPlainObject } from "./json-utils";
import { candidatesOf, resolveTarget, type StateEntry, type StateTree } from "./state-tree";
import type { CondJson, Diagnostic, EventOrigin, JsonObject } from "./types";

/** Collects what guards observe during one step (guards are pure; they only append here). */
export interface StepTrace {
  diagnostics: Diagnostic[];
  failedReasons: string[];
}

/** The event shape the compiled machine receives. */
export interface MachineEvent {
  type: string;
  origin: EventOrigin;
  payload?: unknown;
  /** Transformed plugin response when the event comes from `applyPluginResult`. */
  response?: unknown;
  trace: StepTrace;
}

export interface CondParams {
  rule: unknown;
  state: string;
  event: string;
  candidateIndex: number;
  reason: string | null;
}

/** Params of the `taken` marker action: XState returns it when a transition is selected. */
export interface TakenParams {
  target: string;
}

/** Prefix of the engine's internal "force state" events; definitions may not use it. */
export const RESERVED_EVENT_PREFIX = "@@engine/";

/** Event that forces the machine into `path` (plugin actions naming a state). */
export const gotoEvent = (path: string) => `${RESERVED_EVENT_PREFIX}goto:${path}`;

/** Event that fires the `after` entry `delay` of the state node `path` (a timer that came due). */
export const afterEvent = (path: string, delay: string) => `${RESERVED_EVENT_PREFIX}after:${path}:${delay}`;

/** Evaluates a json-logic cond for the `jsonLogic` guard; rule errors become diagnostics, never throws. */
function evaluateCond(context: JsonObject, event: MachineEvent, params: CondParams): boolean {
  const data = { context, pluginsOutput: context.pluginsOutput ?? {}, response: event.response, event: event.payload };
  const { state, candidateIndex } = params;
  try {
    const passed = evaluateRule(params.rule, data);
    if (!passed && params.reason) {
      event.trace?.failedReasons.push(params.reason);
      event.trace?.diagnostics.push({ kind: "cond_failed_reason", state, event: event.type, candidateIndex, reason: params.reason });
    }
    return passed;
  } catch (error) {
    const message = `json-logic rule of candidate ${candidateIndex} threw: ${error instanceof Error ? error.message : String(error)}; the candidate was skipped — fix the rule or the context it reads`;
    event.trace?.diagnostics.push({ kind: "cond_error", state, event: event.type, candidateIndex, message });
    return false;
  }
}

/** Guards and actions are registered by name; definitions reference them as data (never eval). */
export const engineSetup = setup({
  types: {} as { context: JsonObject; events: MachineEvent; input: JsonObject },
  guards: { jsonLogic: ({ context, event }, params: CondParams) => evaluateCond(context, event, params) },
  // `taken` does nothing when executed; its params tell `machineStep` which transition XState selected.
  actions: { taken: (_args, params: TakenParams) => void params },
});

export type EngineMachine = ReturnType<typeof engineSetup.createMachine>;
type MachineConfig = Parameters<typeof engineSetup.createMachine>[0];

function condParams(cond: CondJson, state: string, event: string, candidateIndex: number): CondParams {
  const options = isPlainObject(cond.options) ? cond.options : {};
  const onFailed = (isPlainObject(options.onFailed) ? options.onFailed : undefined) ?? cond.onFailed;
  const reason = onFailed && typeof onFailed.manualReviewReason === "string" ? onFailed.manualReviewReason : null;
  return { rule: cond.rule !== undefined ? cond.rule : options.rule, state, event, candidateIndex, reason };
}

/** `on` entries, and each `after` entry as the event `afterEvent(path, delay)`, as XState transitions. */
function transitionsOf(tree: StateTree, entry: StateEntry): Record<string, unknown[]> {
  const on: Record<string, unknown[]> = {};
  const json = {
    ...(isPlainObject(entry.json.on) ? entry.json.on : {}),
    ...Object.fromEntries(Object.entries(isPlainObject(entry.json.after) ? entry.json.after : {}).map(([delay, value]) => [afterEvent(entry.path, delay), value])),
  };
  for (const [event, value] of Object.entries(json)) {
    on[event] = candidatesOf(value, "").map(({ value: raw, index }) => {
      const spec = (typeof raw === "string" ? { target: raw } : raw) as { target: string; cond?: CondJson };
      const target = resolveTarget(tree, entry.path, spec.target) as string;
      return {
        target: spec.target,
        ...(spec.cond ? { guard: { type: "jsonLogic" as const, params: condParams(spec.cond, entry.path, event, index) } } : {}),
        actions: [{ type: "taken" as const, params: { target } }],
      };
    });
  }
  return on;
}

function stateConfig(tree: StateTree, entry: StateEntry): JsonObject {
  const { json } = entry;
  const children = tree.entries.filter((e) => e.parentPath === entry.path);
  return {
    ...(typeof json.id === "string" ? { id: json.id } : {}),
    ...(json.type === "final" ? { type: "final" } : {}),
    ...(children.length > 0 ? { initial: json.initial, states: Object.fromEntries(children.map((c) => [c.name, stateConfig(tree, c)])) } : {}),
    on: transitionsOf(tree, entry),
  };
}

/**
 * Builds the XState machine for a validated statechart. Root-level `@@engine/goto:<path>` events let
 * plugin actions force a state; the `taken` action marks which transition XState selected.
 *
 * @example
 * const machine = buildMachine(tree, "idle");
 * transition(machine, machine.resolveState({ value: "idle", context: {} }), { type: "start", origin: "api", trace })
 */
export function buildMachine(tree: StateTree, initial: string): EngineMachine {
  const top = tree.entries.filter((e) => e.parentPath === null);
  const goto = Object.fromEntries(tree.entries.map((e) => [gotoEvent(e.path), { target: `.${e.path}`, actions: [{ type: "taken", params: { target: e.path } }] }]));
  const config = {
    id: tree.machineId,
    initial,
    context: ({ input }: { input: JsonObject }) => input ?? {},
    states: Object.fromEntries(top.map((e) => [e.name, stateConfig(tree, e)])),
    on: goto,
  };
  return engineSetup.createMachine(config as unknown as MachineConfig);
}
