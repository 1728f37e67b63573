import { stateOrThrow, type CompiledState, type CompiledWorkflow } from "./compiled-workflow";
import type { StepTrace, TakenParams } from "./machine-config";
import { enteredPaths, timerPlan } from "./timer-plan";
import type { Effect, EventOrigin, JsonObject, RuntimeSnapshot, TransitionResult, WorkflowFinalState } from "./types";

export interface StepInput {
  /** Snapshot before the step; `null` for `startWorkflow`. */
  prev: RuntimeSnapshot | null;
  leaf: string;
  context: JsonObject;
  taken: TakenParams | null;
  origin: EventOrigin;
  trace: StepTrace;
  contextChanged: boolean;
  /** Set when a failed plugin call drives the step (reason recorded on entering manual review). */
  failureReason?: string | null;
}

const MANUAL_REVIEW_TAG = "manual_review";

/**
 * Turns the outcome of a machine step into a `TransitionResult`: snapshot (tags, status, final outcome,
 * manual review reason) and the effects of the states entered.
 *
 * @example
 * finishStep(compiled, { prev, leaf: "auto_approve", context, taken: { target: "auto_approve" }, origin: "plugin", trace, contextChanged: true })
 * // snapshot.workflowFinalState === "auto_approved", effects: [{ kind: "webhook_plugin", pluginName: "finish_webhook", ... }]
 */
export function finishStep(compiled: CompiledWorkflow, input: StepInput): TransitionResult {
  const { prev, leaf, context, taken, trace, contextChanged } = input;
  if (prev && !taken) {
    const snapshot = contextChanged ? { ...prev, context } : prev;
    return { snapshot, previousState: prev.state, changed: false, transitioned: false, contextChanged, completed: false, effects: [], diagnostics: trace.diagnostics };
  }
  const state = stateOrThrow(compiled, leaf);
  const tags = [...state.activeTags];
  const completed = state.completes;
  const snapshot: RuntimeSnapshot = {
    state: leaf,
    context,
    status: completed ? "completed" : "active",
    tags,
    manualReviewReason: reasonAfter(prev, tags, trace, input.failureReason ?? null),
    workflowFinalState: completed ? outcomeOf(state, input.origin) : null,
  };
  return {
    snapshot,
    previousState: prev?.state ?? "",
    changed: leaf !== prev?.state,
    transitioned: true,
    contextChanged,
    completed,
    effects: effectsOf(compiled, prev?.state ?? null, leaf, taken?.target ?? null),
    diagnostics: trace.diagnostics,
    timers: timerPlan(compiled, prev?.state ?? null, leaf, taken?.target ?? null),
  };
}

/** The plugins of the state nodes entered (`enteredPaths`). */
function effectsOf(compiled: CompiledWorkflow, prevLeaf: string | null, leaf: string, target: string | null): Effect[] {
  const effects: Effect[] = [];
  const seen = new Set<string>();
  for (const path of enteredPaths(prevLeaf, leaf, target)) {
    for (const { kind, pluginName } of compiled.states.get(path)?.plugins ?? []) {
      const key = `${kind}:${pluginName}`;
      if (seen.has(key)) continue;
      seen.add(key);
      effects.push({ kind, pluginName, state: leaf });
    }
  }
  return effects;
}

function reasonAfter(prev: RuntimeSnapshot | null, tags: string[], trace: StepTrace, failureReason: string | null): string | null {
  const previous = prev?.manualReviewReason ?? null;
  if (!tags.includes(MANUAL_REVIEW_TAG)) return previous; // leaving (or not in) manual review keeps the reason
  const reason = failureReason ?? (trace.failedReasons.length > 0 ? [...new Set(trace.failedReasons)].join("; ") : null);
  if (reason) return reason;
  return prev?.tags.includes(MANUAL_REVIEW_TAG) ? previous : null;
}

/** `meta.outcome` wins; else approved/rejected tags, "auto_" unless a person (api/reviewer) decided. */
function outcomeOf(state: CompiledState, origin: EventOrigin): WorkflowFinalState | null {
  if (state.outcome) return state.outcome;
  const human = origin === "api" || origin === "reviewer";
  if (state.activeTags.includes("approved")) return human ? "approved" : "auto_approved";
  if (state.activeTags.includes("rejected")) return human ? "rejected" : "auto_rejected";
  return null;
}
