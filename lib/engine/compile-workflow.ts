import type { CompiledState, CompiledWorkflow } from "./compiled-workflow";
import { DefinitionInvalidError } from "./errors";
import { isPlainObject } from "./json-utils";
import { buildMachine } from "./machine-config";
import { splitPlugins } from "./plugin-lists";
import { handledEvents, type StateTree } from "./state-tree";
import { reviewRuleOf } from "./state-review";
import { slaOf, timersOf } from "./state-timers";
import type { PluginConfig, PluginLists, WorkflowDefinitionInput, WorkflowFinalState } from "./types";
import { analyzeDefinition } from "./validate-definition";

/**
 * Validates and compiles a workflow definition into an XState v5 machine plus lookup tables. Throws
 * `DefinitionInvalidError` (code `definition_invalid`, `.problems`) when the definition has problems.
 * The result is immutable and safe to cache per definition id + version.
 *
 * @example
 * const compiled = compileWorkflow(definition);
 * const { snapshot } = startWorkflow(compiled, { entity: { id: "e1", data: {} } });
 */
export function compileWorkflow(def: WorkflowDefinitionInput): CompiledWorkflow {
  const { problems, tree } = analyzeDefinition(def);
  if (problems.length > 0 || !tree) throw new DefinitionInvalidError(problems);
  const plugins = splitPlugins(def.extensions);
  const states = compileStates(tree, plugins);
  const initialState = leafOf(tree, def.definition.initial);
  const pluginsByName = new Map<string, { plugin: PluginConfig; kind: "api" | "webhook" }>();
  for (const plugin of plugins.api) pluginsByName.set(plugin.name, { plugin, kind: "api" });
  for (const plugin of plugins.webhook) pluginsByName.set(plugin.name, { plugin, kind: "webhook" });
  return Object.freeze({
    id: def.id,
    version: typeof def.version === "number" ? def.version : null,
    definition: def,
    machine: buildMachine(tree, def.definition.initial),
    tree,
    initialState,
    contextDefaults: isPlainObject(def.definition.context) ? def.definition.context : {},
    states,
    plugins,
    pluginsByName,
  });
}

/** Follows `initial` through compound states down to a leaf path. */
function leafOf(tree: StateTree, path: string): string {
  let current = path;
  for (;;) {
    const entry = tree.byPath.get(current);
    if (!entry || entry.childNames.length === 0) return current;
    current = `${current}.${String(entry.json.initial)}`;
  }
}

function compileStates(tree: StateTree, plugins: PluginLists): Map<string, CompiledState> {
  const states = new Map<string, CompiledState>();
  for (const entry of tree.entries) {
    const tags = Array.isArray(entry.json.tags) ? (entry.json.tags as string[]) : [];
    const parentTags = entry.parentPath ? (states.get(entry.parentPath)?.activeTags ?? []) : [];
    const meta = isPlainObject(entry.json.meta) ? entry.json.meta : {};
    const bound = (p: PluginConfig) => p.stateNames.includes(entry.name) || p.stateNames.includes(entry.path);
    states.set(entry.path, {
      path: entry.path,
      name: entry.name,
      tags,
      activeTags: [...new Set([...parentTags, ...tags])],
      completes: entry.json.type === "final" && entry.parentPath === null,
      outcome: typeof meta.outcome === "string" ? (meta.outcome as WorkflowFinalState) : null,
      accepted: handledEvents(tree, entry.path),
      plugins: [
        ...plugins.api.filter(bound).map((p) => ({ kind: "api_plugin" as const, pluginName: p.name })),
        ...plugins.webhook.filter(bound).map((p) => ({ kind: "webhook_plugin" as const, pluginName: p.name })),
      ],
      timers: timersOf(entry),
      sla: slaOf(meta),
      review: reviewRuleOf(meta),
    });
  }
  return states;
}

