import { isPlainObject } from "./json-utils";
import type { PluginConfig, PluginLists } from "./types";

/** A plugin entry with where it was declared, for validation messages. */
export interface LocatedPlugin {
  plugin: unknown;
  pointer: string;
  kind: "api" | "webhook";
}

/**
 * True when an entry of `extensions.apiPlugins` is really a webhook plugin: `pluginKind: "webhook"`, or
 * neither `successAction` nor `errorAction` (it cannot move the workflow).
 *
 * @example
 * isWebhookPlugin({ name: "notify", pluginKind: "webhook" }) // true
 */
export function isWebhookPlugin(plugin: JsonLike): boolean {
  if (plugin.pluginKind === "webhook") return true;
  if (plugin.pluginKind === "api") return false;
  return plugin.successAction === undefined && plugin.errorAction === undefined;
}

type JsonLike = { pluginKind?: unknown; successAction?: unknown; errorAction?: unknown };

/**
 * Lists plugin entries from `extensions.apiPlugins` and `extensions.webhookPlugins` with their kind and
 * JSON pointer. Non-array containers yield nothing (the validator reports them).
 */
export function locatePlugins(extensions: unknown): LocatedPlugin[] {
  if (!isPlainObject(extensions)) return [];
  const located: LocatedPlugin[] = [];
  for (const key of ["apiPlugins", "webhookPlugins"] as const) {
    const list = extensions[key];
    if (!Array.isArray(list)) continue;
    list.forEach((plugin, i) => {
      const kind = key === "webhookPlugins" || (isPlainObject(plugin) && isWebhookPlugin(plugin)) ? "webhook" : "api";
      located.push({ plugin, pointer: `/extensions/${key}/${i}`, kind });
    });
  }
  return located;
}

/**
 * Splits a (validated) definition's plugins into API and webhook plugins.
 *
 * @example
 * splitPlugins(def.extensions).webhook.map((p) => p.name) // ["finish_webhook", "fail_webhook"]
 */
export function splitPlugins(extensions: unknown): PluginLists {
  const lists: PluginLists = { api: [], webhook: [] };
  for (const { plugin, kind } of locatePlugins(extensions)) lists[kind].push(plugin as PluginConfig);
  return lists;
}
