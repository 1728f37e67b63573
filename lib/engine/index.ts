/**
 * The pure workflow engine: compile statechart-json definitions to XState v5 machines, compute transitions
 * on plain snapshots and return effects; build and check plugin requests/responses. No I/O, no clock,
 * no environment.
 *
 * @example
 * const compiled = compileWorkflow(definition);              // cache per id + version
 * let { snapshot, effects } = startWorkflow(compiled, runContext);
 * ({ snapshot, effects } = applyEvent(compiled, snapshot, { type: "start", origin: "api" }));
 * // runtime: persist snapshot, then perform `effects` (buildPluginRequest -> fetch -> transformPluginResponse -> applyPluginResult)
 */
export type {
  CondJson,
  Diagnostic,
  DefinitionProblem,
  Effect,
  EngineEvent,
  EventOrigin,
  HttpMethod,
  JsonObject,
  PluginConfig,
  PluginLists,
  PluginResultInput,
  PluginSchema,
  PluginTransform,
  RuntimeSnapshot,
  StateJson,
  StatechartJson,
  Deadline,
  TimerPlan,
  TimerStart,
  TransitionJson,
  TransitionObjectJson,
  TransitionResult,
  WorkflowDefinitionInput,
  WorkflowFinalState,
} from "./types";
export type { CompiledState, CompiledWorkflow } from "./compiled-workflow";
export type { PluginRequest } from "./plugin-request";
export type { PluginResponseResult } from "./plugin-response";
export type { FieldError } from "./errors";
export {
  EngineError,
  DefinitionInvalidError,
  EventNotAcceptedError,
  RuntimeNotActiveError,
  TargetStateUnknownError,
  PluginRequestInvalidError,
  SecretMissingError,
  SnapshotStateUnknownError,
  PluginUnknownError,
} from "./errors";
export { compileWorkflow } from "./compile-workflow";
export { validateDefinition } from "./validate-definition";
export { startWorkflow } from "./start-workflow";
export { applyEvent, assertAcceptsEvent } from "./apply-event";
export { applyPluginResult } from "./apply-plugin-result";
export { applyDecision, type ReviewRecord } from "./apply-decision";
export { replaceContext } from "./replace-context";
export { unchanged } from "./unchanged";
export { enterState, stateTargets } from "./enter-state";
export { cancelWorkflow } from "./cancel-workflow";
export { fireTimer, type TimerRef } from "./fire-timer";
export { parseDuration, MAX_DELAY_MS } from "./duration";
export { reviewRuleOf, voteKindOf, type ReviewRule, type VoteKind } from "./state-review";
export { mergePatch, mergePatchPointers } from "./merge-patch";
export { applyContextPatch, type ContextPatchResult } from "./apply-context-patch";
export { acceptedEvents } from "./accepted-events";
export { listPlugins, getPlugin } from "./list-plugins";
export { buildPluginRequest } from "./plugin-request";
export { transformPluginResponse } from "./plugin-response";
export { resolveSecrets, resolveUrlSecrets } from "./resolve-secrets";
export { validateAgainstSchema } from "./schema-validator";
export { JSON_LOGIC_OPERATORS } from "./json-logic";
