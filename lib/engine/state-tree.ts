import { isPlainObject, pointer } from "./json-utils";
import type { JsonObject } from "./types";

/** One state of the statechart, flattened. `path` is dotted (`review.pending`). */
export interface StateEntry {
  path: string;
  name: string;
  parentPath: string | null;
  /** JSON pointer to the state object inside the workflow definition. */
  pointer: string;
  json: JsonObject;
  childNames: string[];
}

export interface StateTree {
  machineId: string;
  /** Depth-first, document order. */
  entries: StateEntry[];
  byPath: Map<string, StateEntry>;
  /** Explicit state `id`s to paths. */
  byId: Map<string, string>;
}

/** A raw transition candidate of an `on` entry with its JSON pointer. */
export interface RawCandidate {
  value: unknown;
  pointer: string;
  index: number;
}

/**
 * Flattens `definition.states` (recursively through `states` of compound states). Non-object states are
 * skipped here; the validator reports them.
 *
 * @example
 * buildStateTree("m", { a: {}, b: { initial: "x", states: { x: {} } } }, "/definition/states").entries.map((e) => e.path)
 * // ["a", "b", "b.x"]
 */
export function buildStateTree(machineId: string, states: unknown, statesPointer: string): StateTree {
  const tree: StateTree = { machineId, entries: [], byPath: new Map(), byId: new Map() };
  const visit = (map: unknown, parentPath: string | null, at: string) => {
    if (!isPlainObject(map)) return;
    for (const [name, json] of Object.entries(map)) {
      if (!isPlainObject(json)) continue;
      const path = parentPath ? `${parentPath}.${name}` : name;
      const entry: StateEntry = {
        path,
        name,
        parentPath,
        pointer: pointer(at, name),
        json,
        childNames: isPlainObject(json.states) ? Object.keys(json.states) : [],
      };
      tree.entries.push(entry);
      tree.byPath.set(path, entry);
      if (typeof json.id === "string") tree.byId.set(json.id, path);
      visit(json.states, path, pointer(entry.pointer, "states"));
    }
  };
  visit(states, null, statesPointer);
  return tree;
}

/**
 * Resolves a transition target written in `sourcePath` to a dotted state path, or `null` when unknown.
 * Forms: `"sibling"` (or `"sibling.child"`), `".child"` (a child of the source), `"#id"` (an explicit
 * state `id`, or XState's default id `<machineId>.<path>`).
 *
 * @example
 * resolveTarget(tree, "review.pending", "done") // "review.done"
 */
export function resolveTarget(tree: StateTree, sourcePath: string, target: string): string | null {
  let path: string;
  if (target.startsWith("#")) {
    const id = target.slice(1);
    const byId = tree.byId.get(id);
    if (byId) return byId;
    if (!id.startsWith(`${tree.machineId}.`)) return null;
    path = id.slice(tree.machineId.length + 1);
  } else if (target.startsWith(".")) {
    path = sourcePath + target;
  } else {
    const parent = tree.byPath.get(sourcePath)?.parentPath ?? null;
    path = parent ? `${parent}.${target}` : target;
  }
  return tree.byPath.has(path) ? path : null;
}

/** Names a state may use as a target from `sourcePath` (its siblings), for "use one of" messages. */
export function siblingNames(tree: StateTree, sourcePath: string): string[] {
  const parent = tree.byPath.get(sourcePath)?.parentPath ?? null;
  return tree.entries.filter((e) => e.parentPath === parent).map((e) => e.name);
}

/**
 * Splits an `on` entry into candidates: a string, an object, or an array of either.
 *
 * @example
 * candidatesOf(["a", { target: "b" }], "/on/go").map((c) => c.pointer) // ["/on/go/0", "/on/go/1"]
 */
export function candidatesOf(entry: unknown, at: string): RawCandidate[] {
  if (Array.isArray(entry)) return entry.map((value, index) => ({ value, pointer: pointer(at, index), index }));
  return [{ value: entry, pointer: at, index: 0 }];
}

/** Ancestors-first list of the paths active when `leafPath` is: `a.b.c` -> `a`, `a.b`, `a.b.c`. */
export function activePaths(leafPath: string): string[] {
  const parts = leafPath.split(".");
  return parts.map((_, i) => parts.slice(0, i + 1).join("."));
}

/**
 * Paths a plugin `stateNames` entry or a plugin action refers to: the exact dotted path, else every state
 * whose own name matches (nested states may be named by their leaf name).
 *
 * @example
 * statePathsNamed(tree, "pending") // ["review.pending"]
 */
export function statePathsNamed(tree: StateTree, name: string): string[] {
  if (tree.byPath.has(name)) return [name];
  return tree.entries.filter((e) => e.name === name).map((e) => e.path);
}

/**
 * Events handled while `leafPath` is active: its own `on` keys first, then its ancestors'.
 *
 * @example
 * handledEvents(tree, "manual_review") // ["approve", "reject", "revision"]
 */
export function handledEvents(tree: StateTree, leafPath: string): string[] {
  const events: string[] = [];
  for (const path of activePaths(leafPath).reverse()) {
    const on = tree.byPath.get(path)?.json.on;
    if (!isPlainObject(on)) continue;
    for (const event of Object.keys(on)) if (!events.includes(event)) events.push(event);
  }
  return events;
}
