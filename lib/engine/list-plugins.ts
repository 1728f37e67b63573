import type { CompiledWorkflow } from "./compiled-workflow";
import type { PluginConfig, PluginLists } from "./types";

/**
 * The definition's plugins split by kind. Webhook plugins come from `extensions.webhookPlugins` and from
 * `extensions.apiPlugins` entries with `pluginKind: "webhook"` or with neither successAction nor errorAction.
 *
 * @example
 * listPlugins(compiled).webhook.map((p) => p.name) // ["finish_webhook", "fail_webhook"]
 */
export function listPlugins(compiled: CompiledWorkflow): PluginLists {
  return { api: [...compiled.plugins.api], webhook: [...compiled.plugins.webhook] };
}

/**
 * Finds a plugin by name (API or webhook), or `null`.
 *
 * @example
 * getPlugin(compiled, "external_request_example")?.method // "GET"
 */
export function getPlugin(compiled: CompiledWorkflow, name: string): PluginConfig | null {
  return compiled.pluginsByName.get(name)?.plugin ?? null;
}
