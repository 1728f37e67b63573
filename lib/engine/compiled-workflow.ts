import { SnapshotStateUnknownError } from "./errors";
import type { EngineMachine } from "./machine-config";
import type { ReviewRule } from "./state-review";
import type { StateTree } from "./state-tree";
import type { JsonObject, PluginConfig, PluginLists, WorkflowDefinitionInput, WorkflowFinalState } from "./types";

/** A state's `after` entry: its key as written and its delay. */
export interface CompiledTimer {
  delay: string;
  delayMs: number;
}

/** Everything the engine precomputes about one state (by dotted path). */
export interface CompiledState {
  path: string;
  name: string;
  /** Own tags (snapshot tags are the union over the active path). */
  tags: readonly string[];
  /** Union of own and ancestors' tags, ancestors first. */
  activeTags: readonly string[];
  /** A top-level `type: "final"` state: entering it completes the workflow. */
  completes: boolean;
  /** `meta.outcome` of a final state. */
  outcome: WorkflowFinalState | null;
  /** Events handled while this state is the active leaf (own first, then ancestors'). */
  accepted: readonly string[];
  /** Plugins that run when this state node is entered (their `stateNames` name it). */
  plugins: ReadonlyArray<{ kind: "api_plugin" | "webhook_plugin"; pluginName: string }>;
  /** Delayed transitions (`after`) started when this state node is entered, in document order. */
  timers: readonly CompiledTimer[];
  /** `meta.sla`: the review deadline set when this state node is entered. */
  sla: { dueMs: number; warnBeforeMs: number | null } | null;
  /** `meta.review`: the four-eyes rule of decisions in this state; null when one reviewer decides. */
  review: ReviewRule | null;
}

/** A compiled, immutable workflow; cache it per definition id + version. */
export interface CompiledWorkflow {
  readonly id: string;
  readonly version: number | null;
  readonly definition: WorkflowDefinitionInput;
  readonly machine: EngineMachine;
  readonly tree: StateTree;
  /** Leaf path of the initial state. */
  readonly initialState: string;
  readonly contextDefaults: JsonObject;
  readonly states: ReadonlyMap<string, CompiledState>;
  readonly plugins: PluginLists;
  readonly pluginsByName: ReadonlyMap<string, { plugin: PluginConfig; kind: "api" | "webhook" }>;
}

/** `'id' v2` — how errors name a compiled workflow. */
export function workflowLabel(compiled: CompiledWorkflow): string {
  return `'${compiled.id}'${compiled.version !== null ? ` v${compiled.version}` : ""}`;
}

/**
 * Returns the compiled state for a snapshot's `state`, or throws `SnapshotStateUnknownError`
 * (`snapshot_state_unknown`: the snapshot was made by another definition version).
 *
 * @example
 * stateOrThrow(compiled, "manual_review").accepted // ["approve", "reject", "revision"]
 */
export function stateOrThrow(compiled: CompiledWorkflow, path: string): CompiledState {
  const state = compiled.states.get(path);
  if (state) return state;
  throw new SnapshotStateUnknownError(path, workflowLabel(compiled), [...compiled.states.keys()]);
}
