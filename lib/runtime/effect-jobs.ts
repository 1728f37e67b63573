import { buildPluginRequest, getPlugin, type CompiledWorkflow, type Effect, type JsonObject } from "../engine";
import type { NewJob, NewRuntimeHistoryRow, WorkflowRuntime } from "../db/schema";
import { pluginRetryPolicy, pluginTimeoutMs } from "../plugins/plugin-options";

/** Payload of an `api_plugin` job: call the plugin for the runtime if it is still in `state`. */
export interface ApiPluginJobPayload {
  runtimeId: string;
  pluginName: string;
  state: string;
  definitionId: string;
  definitionVersion: number;
  leaseMs: number;
}

/** Payload of a `webhook_plugin` job: the request, built when the state was entered; secrets resolved at send time. */
export interface WebhookPluginJobPayload {
  runtimeId: string;
  pluginName: string;
  state: string;
  request: { method: string; url: string; headers: Record<string, string>; body?: unknown };
  timeoutMs: number;
  retry: { initialDelayMs: number; maxDelayMs: number };
  leaseMs: number;
}

/**
 * Outbox rows for the effects of one step. Webhook plugin requests are built now, from the context the state
 * was entered with; a request that cannot be built is reported as a history row instead of a job.
 */
export function effectJobs(
  runtime: Pick<WorkflowRuntime, "id" | "projectId" | "workflowDefinitionId" | "workflowDefinitionVersion">,
  compiled: CompiledWorkflow,
  effects: Effect[],
  context: JsonObject,
): { jobs: NewJob[]; history: Omit<NewRuntimeHistoryRow, "projectId" | "runtimeId">[] } {
  const jobs: NewJob[] = [];
  const history: Omit<NewRuntimeHistoryRow, "projectId" | "runtimeId">[] = [];
  for (const effect of effects) {
    const plugin = getPlugin(compiled, effect.pluginName);
    if (!plugin) continue;
    const timeoutMs = pluginTimeoutMs(plugin);
    const retry = pluginRetryPolicy(plugin, effect.kind);
    const base = { projectId: runtime.projectId, runtimeId: runtime.id, maxAttempts: retry.maxAttempts };
    if (effect.kind === "api_plugin") {
      const payload: ApiPluginJobPayload = {
        runtimeId: runtime.id,
        pluginName: effect.pluginName,
        state: effect.state,
        definitionId: runtime.workflowDefinitionId,
        definitionVersion: runtime.workflowDefinitionVersion,
        leaseMs: timeoutMs + 5_000,
      };
      jobs.push({ ...base, kind: "api_plugin", payload: { ...payload } });
      continue;
    }
    try {
      const built = buildPluginRequest(plugin, context);
      const payload: WebhookPluginJobPayload = {
        runtimeId: runtime.id,
        pluginName: effect.pluginName,
        state: effect.state,
        request: { method: built.method, url: built.url, headers: built.headers, body: built.body },
        timeoutMs,
        retry: { initialDelayMs: retry.initialDelayMs, maxDelayMs: retry.maxDelayMs },
        leaseMs: timeoutMs + 5_000,
      };
      jobs.push({ ...base, kind: "webhook_plugin", payload: { ...payload } });
    } catch (error) {
      history.push({
        kind: "plugin_call",
        eventName: effect.pluginName,
        payload: { plugin: effect.pluginName, kind: "webhook", ok: false, error: error instanceof Error ? error.message : String(error) },
        fromState: effect.state,
        toState: effect.state,
        actorType: "system",
      });
    }
  }
  return { jobs, history };
}
