import { CodedError, type ErrorCode, type FieldError } from "../errors";
import type { DefinitionProblem } from "./types";

export type { FieldError };

/**
 * Base of every error the engine throws: a stable snake_case `code` from the one vocabulary (lib/errors),
 * which also gives its HTTP status; the engine itself knows nothing of HTTP.
 *
 * @example
 * try { applyEvent(compiled, snapshot, event) } catch (e) {
 *   if (e instanceof EngineError) return problemResponse(e); // 409 for event_not_accepted
 *   throw e;
 * }
 */
export class EngineError extends CodedError {
  constructor(code: ErrorCode, message: string, errors: FieldError[] = []) {
    super(code, message, errors);
  }
}

/** The definition cannot be compiled; `problems` lists each issue with a JSON pointer and a fix. */
export class DefinitionInvalidError extends EngineError {
  readonly problems: DefinitionProblem[];

  constructor(problems: DefinitionProblem[]) {
    const first = problems.slice(0, 3).map((p) => `${p.pointer || "/"}: ${p.message}`);
    const more = problems.length > 3 ? ` (and ${problems.length - 3} more)` : "";
    super(
      "definition_invalid",
      `workflow definition is invalid: ${first.join("; ")}${more}`,
      problems.map((p) => ({ path: p.pointer, message: p.message })),
    );
    this.problems = problems;
  }
}

/** The current state does not handle the event (or the workflow has completed). */
export class EventNotAcceptedError extends EngineError {
  readonly state: string;
  readonly event: string;
  readonly accepted: string[];

  constructor(state: string, event: string, accepted: string[], completed = false) {
    const why = completed
      ? `the workflow has completed in state '${state}' and accepts no more events; start a new workflow run instead`
      : accepted.length > 0
        ? `state '${state}' does not accept event '${event}'; it accepts: ${accepted.join(", ")}`
        : `state '${state}' does not accept event '${event}'; it accepts no events (it waits for a plugin result)`;
    super("event_not_accepted", completed ? `event '${event}' rejected: ${why}` : why);
    this.state = state;
    this.event = event;
    this.accepted = accepted;
  }
}

/**
 * The runtime is no longer active (canceled or failed): it takes no events, moves or context changes. A completed
 * runtime refuses events with `EventNotAcceptedError` (its documented answer); other changes refuse it with this.
 */
export class RuntimeNotActiveError extends EngineError {
  readonly state: string;
  readonly runtimeStatus: string;

  constructor(state: string, runtimeStatus: string) {
    super("runtime_not_active", `the workflow is ${runtimeStatus} (in state '${state}') and accepts no more changes; start a new workflow run instead`);
    this.state = state;
    this.runtimeStatus = runtimeStatus;
  }
}

/**
 * A forced transition names a state the definition does not have (or a name several nested states share);
 * `errors` points at the state and lists the valid ones.
 */
export class TargetStateUnknownError extends EngineError {
  constructor(target: string, known: readonly string[], ambiguous = false) {
    const message = ambiguous
      ? `several states are named '${target}'; use the path of one: ${known.join(", ")}`
      : `state '${target}' does not exist in this workflow definition; use one of: ${known.join(", ")}`;
    super("validation_failed", message, [{ path: "/state", message }]);
  }
}

/** The plugin request could not be built or failed its `request.schema`. */
export class PluginRequestInvalidError extends EngineError {
  readonly pluginName: string;

  constructor(pluginName: string, message: string, errors: FieldError[] = []) {
    super("plugin_request_invalid", `plugin '${pluginName}': ${message}`, errors);
    this.pluginName = pluginName;
  }
}

/** A header references a secret the lookup does not know. */
export class SecretMissingError extends EngineError {
  readonly secretName: string;

  constructor(secretName: string) {
    super(
      "secret_missing",
      `secret '${secretName}' is referenced by a plugin but is not configured; store a secret named '${secretName}' or remove the reference`,
    );
    this.secretName = secretName;
  }
}

/** A snapshot names a state the compiled definition does not have (made by another definition version). */
export class SnapshotStateUnknownError extends EngineError {
  readonly state: string;

  constructor(state: string, workflow: string, known: string[]) {
    super("snapshot_state_unknown", `state '${state}' does not exist in workflow ${workflow}; known states: ${known.join(", ")} — apply events with the definition version that created the snapshot`);
    this.state = state;
  }
}

/** `applyPluginResult` was called with a plugin name the definition does not declare. */
export class PluginUnknownError extends EngineError {
  readonly pluginName: string;

  constructor(pluginName: string, workflow: string, known: string[]) {
    super("plugin_unknown", `plugin '${pluginName}' is not defined in workflow ${workflow}; use one of: ${known.join(", ") || "(none)"}`);
    this.pluginName = pluginName;
  }
}
