import { stateOrThrow, workflowLabel, type CompiledWorkflow } from "./compiled-workflow";
import { PluginUnknownError } from "./errors";
import { finishStep } from "./finish-step";
import { gotoEvent, type MachineEvent } from "./machine-config";
import { machineStep, newTrace } from "./machine-step";
import { statePathsNamed } from "./state-tree";
import type { Diagnostic, JsonObject, PluginResultInput, RuntimeSnapshot, TransitionResult } from "./types";

/**
 * Records an API plugin call's outcome and moves the workflow by the plugin's `successAction` (ok) or
 * `errorAction` (not ok). Stores `context.pluginsOutput[name] = data` (ok only) and
 * `context[name] = { data, status: "success" | "error", httpStatus, error }`.
 *
 * The action may name an event the current state handles (applied with origin "plugin"; rules read the
 * data as `response.<path>`) or a state (forced transition, re-entry included). When the snapshot is no
 * longer in `expectedState` or no longer active (completed, canceled, failed), nothing is stored and a
 * `stale_plugin_result` diagnostic is returned.
 * Entering a `manual_review` state after a failure records `Plugin '<name>' failed: <error>`.
 *
 * @example
 * applyPluginResult(compiled, snapshot, { pluginName: "external_request_example", expectedState: "check_business_details", ok: true, data: { registered_name: "Acme", name_fuzziness_score: 0.7 } })
 * // snapshot.state === "manual_review"
 */
export function applyPluginResult(compiled: CompiledWorkflow, snapshot: RuntimeSnapshot, result: PluginResultInput): TransitionResult {
  const { pluginName, expectedState, ok } = result;
  const found = compiled.pluginsByName.get(pluginName);
  if (!found) {
    throw new PluginUnknownError(pluginName, workflowLabel(compiled), [...compiled.pluginsByName.keys()]);
  }
  if (found.kind === "webhook") {
    return unchanged(snapshot, { kind: "plugin_result_ignored", pluginName, message: `'${pluginName}' is a webhook plugin; its response is ignored and does not move the workflow` });
  }
  const current = snapshot.state;
  if (snapshot.status !== "active" || (current !== expectedState && current.split(".").pop() !== expectedState)) {
    const message = `result of plugin '${pluginName}' was for state '${expectedState}' but the workflow is now in '${current}'${snapshot.status !== "active" ? ` (${snapshot.status})` : ""}; the result was ignored`;
    return unchanged(snapshot, { kind: "stale_plugin_result", pluginName, expectedState, state: current, message });
  }
  const context = storeResult(snapshot.context, result);
  const trace = newTrace();
  const failureReason = ok ? null : `Plugin '${pluginName}' failed: ${result.error ?? (result.httpStatus !== undefined ? `HTTP ${result.httpStatus}` : "unknown error")}`;
  const action = ok ? found.plugin.successAction : found.plugin.errorAction;
  const base = { prev: snapshot, context, origin: "plugin" as const, trace, contextChanged: true, failureReason };
  const eventType = action ? resolveAction(compiled, current, action) : null;
  if (!action || !eventType) {
    trace.diagnostics.push({
      kind: "plugin_action_unresolved",
      pluginName,
      action: action ?? "",
      state: current,
      message: `plugin '${pluginName}' has ${action ? `action '${action}', which is neither an event '${current}' handles nor a state` : `no ${ok ? "successAction" : "errorAction"}`}; the result was stored but the workflow did not move`,
    });
    return finishStep(compiled, { ...base, leaf: current, taken: null });
  }
  const event: MachineEvent = { type: eventType, origin: "plugin", payload: { pluginName, ok, httpStatus: result.httpStatus, error: result.error }, response: result.data, trace };
  const { leaf, taken } = machineStep(compiled, current, context, event);
  return finishStep(compiled, { ...base, leaf, taken });
}

/** Handled event name first, else the internal "go to state" event; `null` when neither. */
function resolveAction(compiled: CompiledWorkflow, current: string, action: string): string | null {
  if (stateOrThrow(compiled, current).accepted.includes(action)) return action;
  const [path] = statePathsNamed(compiled.tree, action);
  return path ? gotoEvent(path) : null;
}

function storeResult(context: JsonObject, result: PluginResultInput): JsonObject {
  const record: JsonObject = { status: result.ok ? "success" : "error" };
  if (result.data !== undefined) record.data = result.data;
  if (result.httpStatus !== undefined) record.httpStatus = result.httpStatus;
  if (result.error !== undefined) record.error = result.error;
  const next: JsonObject = { ...context, [result.pluginName]: record };
  if (result.ok) {
    const outputs = typeof context.pluginsOutput === "object" && context.pluginsOutput !== null ? (context.pluginsOutput as JsonObject) : {};
    next.pluginsOutput = { ...outputs, [result.pluginName]: result.data };
  }
  return next;
}

function unchanged(snapshot: RuntimeSnapshot, diagnostic: Diagnostic): TransitionResult {
  return { snapshot, previousState: snapshot.state, changed: false, transitioned: false, contextChanged: false, completed: false, effects: [], diagnostics: [diagnostic] };
}
