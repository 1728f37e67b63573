import type { DefinitionProblem } from "./types";

/** A `{ path, message }` pair from schema validation (JSON pointer into the validated value). */
export interface FieldError {
  path: string;
  message: string;
}

/**
 * Base of every error the engine throws. `code` is stable snake_case, `status` the HTTP status the API
 * layer should answer with.
 *
 * @example
 * try { applyEvent(compiled, snapshot, event) } catch (e) {
 *   if (e instanceof EngineError) return problem(e.status, e.code, e.message);
 *   throw e;
 * }
 */
export class EngineError extends Error {
  readonly code: string;
  readonly status: number;

  constructor(code: string, status: number, message: string) {
    super(message);
    this.name = new.target.name;
    this.code = code;
    this.status = status;
  }
}

/** The definition cannot be compiled; `problems` lists each issue with a JSON pointer and a fix. */
export class DefinitionInvalidError extends EngineError {
  readonly problems: DefinitionProblem[];

  constructor(problems: DefinitionProblem[]) {
    const first = problems.slice(0, 3).map((p) => `${p.pointer || "/"}: ${p.message}`);
    const more = problems.length > 3 ? ` (and ${problems.length - 3} more)` : "";
    super("definition_invalid", 422, `workflow definition is invalid: ${first.join("; ")}${more}`);
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
    super("event_not_accepted", 409, completed ? `event '${event}' rejected: ${why}` : why);
    this.state = state;
    this.event = event;
    this.accepted = accepted;
  }
}

/** The plugin request could not be built or failed its `request.schema`. */
export class PluginRequestInvalidError extends EngineError {
  readonly pluginName: string;
  readonly errors: FieldError[];

  constructor(pluginName: string, message: string, errors: FieldError[] = []) {
    super("plugin_request_invalid", 422, `plugin '${pluginName}': ${message}`);
    this.pluginName = pluginName;
    this.errors = errors;
  }
}

/** A header references a secret the lookup does not know. */
export class SecretMissingError extends EngineError {
  readonly secretName: string;

  constructor(secretName: string) {
    super(
      "secret_missing",
      422,
      `secret '${secretName}' is referenced by a plugin but is not configured; store a secret named '${secretName}' or remove the reference`,
    );
    this.secretName = secretName;
  }
}

/** A snapshot names a state the compiled definition does not have (made by another definition version). */
export class SnapshotStateUnknownError extends EngineError {
  readonly state: string;

  constructor(state: string, workflow: string, known: string[]) {
    super("snapshot_state_unknown", 409, `state '${state}' does not exist in workflow ${workflow}; known states: ${known.join(", ")} — apply events with the definition version that created the snapshot`);
    this.state = state;
  }
}

/** `applyPluginResult` was called with a plugin name the definition does not declare. */
export class PluginUnknownError extends EngineError {
  readonly pluginName: string;

  constructor(pluginName: string, workflow: string, known: string[]) {
    super("plugin_unknown", 422, `plugin '${pluginName}' is not defined in workflow ${workflow}; use one of: ${known.join(", ") || "(none)"}`);
    this.pluginName = pluginName;
  }
}
