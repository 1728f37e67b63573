/**
 * Public types of the pure workflow engine.
 *
 * A workflow definition is data (statechart JSON + plugin configuration). The engine compiles it once
 * (`compileWorkflow`), then computes transitions on plain `RuntimeSnapshot`s and returns the effects the
 * runtime must perform after it has committed the new snapshot.
 */

export type JsonObject = Record<string, unknown>;

export type HttpMethod = "POST" | "PUT" | "PATCH" | "DELETE" | "GET";

export type WorkflowFinalState = "approved" | "rejected" | "auto_approved" | "auto_rejected";

/** `{ type: "json-logic", rule }` or `{ type: "json-logic", options: { rule, onFailed } }`. */
export interface CondJson {
  type: string;
  rule?: unknown;
  onFailed?: { manualReviewReason?: string };
  options?: { rule?: unknown; onFailed?: { manualReviewReason?: string } } & JsonObject;
}

export interface TransitionObjectJson {
  target: string;
  cond?: CondJson;
}

/** An `on` entry: a target name, a transition object, or candidates tried in order. */
export type TransitionJson = string | TransitionObjectJson | Array<string | TransitionObjectJson>;

export interface StateJson {
  type?: "atomic" | "compound" | "final";
  id?: string;
  initial?: string;
  states?: Record<string, StateJson>;
  on?: Record<string, TransitionJson>;
  /** Delayed transitions: a delay (ISO 8601 duration or milliseconds) to the transition taken when it passes. */
  after?: Record<string, TransitionJson>;
  tags?: string[];
  /**
   * `meta.outcome` overrides the final outcome; `meta.inputSchema` drives the Create Case form;
   * `meta.sla: { due, warnBefore? }` is the review deadline of the state.
   */
  meta?: JsonObject;
}

export interface StatechartJson {
  id?: string;
  initial: string;
  predictableActionArguments?: boolean;
  /** Defaults deep-merged UNDER the run's context (the run's values win). */
  context?: JsonObject;
  states: Record<string, StateJson>;
}

export interface PluginTransform {
  transformer?: string;
  mapping: string;
}

export interface PluginSchema {
  validator?: string;
  schema: JsonObject;
}

export interface PluginConfig {
  name: string;
  pluginKind?: string;
  url: string;
  method: HttpMethod;
  headers?: Record<string, string>;
  stateNames: string[];
  request: { transform: PluginTransform; schema?: PluginSchema };
  response?: { transform?: PluginTransform; schema?: PluginSchema };
  successAction?: string;
  errorAction?: string;
  [key: string]: unknown;
}

export interface WorkflowDefinitionInput {
  id: string;
  name?: string;
  version?: number;
  definitionType: "statechart-json";
  definition: StatechartJson;
  extensions?: { apiPlugins?: PluginConfig[]; webhookPlugins?: PluginConfig[] } & JsonObject;
  config?: JsonObject;
  contextSchema?: JsonObject;
  documentsSchema?: JsonObject;
}

export interface RuntimeSnapshot {
  /** Active leaf state; nested states as a dotted path, e.g. `"review.pending"`. */
  state: string;
  context: JsonObject;
  status: "active" | "completed" | "failed" | "canceled";
  tags: string[];
  manualReviewReason: string | null;
  workflowFinalState: WorkflowFinalState | null;
}

export type EventOrigin = "api" | "reviewer" | "plugin" | "system";

export interface EngineEvent {
  type: string;
  payload?: unknown;
  origin: EventOrigin;
}

/** Work for the runtime to do after it has persisted the snapshot. `state` is the snapshot's new state. */
export type Effect =
  | { kind: "api_plugin"; pluginName: string; state: string }
  | { kind: "webhook_plugin"; pluginName: string; state: string };

/**
 * Non-fatal observations made while computing a step:
 * - `cond_error`: a json-logic rule threw; that candidate was skipped.
 * - `cond_failed_reason`: a failing candidate carried `onFailed.manualReviewReason`.
 * - `no_transition`: the state handles the event but no candidate's cond passed; nothing moved.
 * - `stale_plugin_result`: a plugin result arrived after the workflow left `expectedState`; ignored.
 * - `plugin_action_unresolved`: successAction/errorAction is neither a handled event nor a state.
 * - `plugin_result_ignored`: a result for a webhook plugin (webhook responses never move the workflow).
 */
export type Diagnostic =
  | { kind: "cond_error"; state: string; event: string; candidateIndex: number; message: string }
  | { kind: "cond_failed_reason"; state: string; event: string; candidateIndex: number; reason: string }
  | { kind: "no_transition"; state: string; event: string; message: string }
  | { kind: "stale_plugin_result"; pluginName: string; expectedState: string; state: string; message: string }
  | { kind: "plugin_action_unresolved"; pluginName: string; action: string; state: string; message: string }
  | { kind: "plugin_result_ignored"; pluginName: string; message: string };

export interface TransitionResult {
  snapshot: RuntimeSnapshot;
  /** State before the step; `""` for `startWorkflow`. */
  previousState: string;
  /** The state value changed. */
  changed: boolean;
  /** A transition was taken, including an explicit re-entry of the same state (then `changed` is false). */
  transitioned: boolean;
  contextChanged: boolean;
  /** The step entered a top-level final state. */
  completed: boolean;
  effects: Effect[];
  diagnostics: Diagnostic[];
  /** The timers and deadline the step starts, keeps and voids; absent when the step leaves them all as they are. */
  timers?: TimerPlan;
}

/** A delayed transition to start: the `after` entry `delay` of the state node `node`, due in `delayMs`. */
export interface TimerStart {
  node: string;
  delay: string;
  delayMs: number;
}

/** A review deadline (`meta.sla` of `node`): due `dueMs` after entering, warned `warnBeforeMs` before. */
export interface Deadline {
  node: string;
  dueMs: number;
  warnBeforeMs: number | null;
}

/**
 * What a step does to the runtime's timers. Pending `after` timers of the nodes in `keep` (active before and
 * after the step, not re-entered) keep running; all others are void. `deadline`: `"keep"` leaves the deadline
 * and its warning and breach timers as they are; `null` clears them; a `Deadline` replaces them, counted from now.
 */
export interface TimerPlan {
  keep: string[];
  start: TimerStart[];
  deadline: "keep" | Deadline | null;
}

export interface PluginResultInput {
  pluginName: string;
  /** The snapshot state the plugin was called for (the effect's `state`). */
  expectedState: string;
  ok: boolean;
  /** The transformed response (see `transformPluginResponse`). */
  data?: unknown;
  httpStatus?: number;
  error?: string;
}

/** A definition problem: where (JSON pointer), a stable code, and a message saying how to fix it. */
export interface DefinitionProblem {
  pointer: string;
  code: string;
  message: string;
}

export interface PluginLists {
  api: PluginConfig[];
  webhook: PluginConfig[];
}
