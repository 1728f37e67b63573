import { isPlainObject, pointer } from "./json-utils";
import { LIMITS, limitLabel } from "./limits";
import { patternCost } from "./pattern-cost";
import { patternLimitProblem } from "./linear-regexp";
import type { DefinitionProblem } from "./types";

// Keywords whose values are data, never schemas (json-schema-traverse's skip list plus annotations).
const DATA_KEYWORDS = new Set([
  "default", "enum", "const", "required", "examples", "type", "format", "pattern", "$ref", "$id", "$schema", "$anchor",
  "$dynamicAnchor", "$comment", "title", "description", "dependentRequired", "$vocabulary", "maximum", "minimum",
  "exclusiveMaximum", "exclusiveMinimum", "multipleOf", "maxLength", "minLength", "maxItems", "minItems",
  "uniqueItems", "maxProperties", "minProperties", "maxContains", "minContains",
]);
// Keywords whose subschemas apply to the instance (or a part of it) during validation.
const SINGLE_APPLICATORS = new Set([
  "not", "if", "then", "else", "items", "additionalItems", "contains", "additionalProperties", "propertyNames",
  "unevaluatedItems", "unevaluatedProperties",
]);
const ARRAY_APPLICATORS = new Set(["allOf", "anyOf", "oneOf", "prefixItems", "items"]);
const MAP_APPLICATORS = new Set(["properties", "patternProperties", "dependencies", "dependentSchemas"]);
const DEFINITIONS = new Set(["definitions", "$defs"]);
const RECURSIVE_REFS = ["$recursiveRef", "$dynamicRef"];
/** Base URI of a schema without `$id`: relative `$ref`s resolve against it. */
export const DEFAULT_BASE = "https://schema.invalid/root.json";

export type Schema = Record<string, unknown> | boolean;

interface Node {
  json: Record<string, unknown>;
  pointer: string;
  base: string;
  /** Subschemas applied to the instance; booleans count one node each. */
  applies: Schema[];
  refs: Array<{ ref: string; pointer: string; target?: Schema }>;
}

/**
 * One pass over a JSON Schema for `checkSchemaLimits`: `visit` records every subschema with its pointer, base URI,
 * the subschemas it applies and its `$ref`s, checking keyword limits (`enum`, `uniqueItems`, patterns) on the way;
 * `resolveRefs` binds each `$ref` inside the schema; `findCycle` and `expandedSize` then read the graph.
 */
export class SchemaWalk {
  readonly nodes = new Map<object, Node>();
  private readonly resources = new Map<string, { json: Schema; pointer: string }>();
  private readonly anchors = new Map<string, Schema>();
  patternCost = 0;
  readonly patterns: Array<[string, string]> = [];

  constructor(private readonly problems: DefinitionProblem[]) {}

  private report(at: string, code: string, message: string): void {
    this.problems.push({ pointer: at, code, message });
  }

  visit(schema: unknown, at: string, parentBase: string): void {
    if (!isPlainObject(schema) || this.nodes.has(schema)) return;
    const base = this.register(schema, at, parentBase);
    const node: Node = { json: schema, pointer: at, base, applies: [], refs: [] };
    this.nodes.set(schema, node);
    this.checkKeywords(schema, at);
    if (typeof schema.$ref === "string") node.refs.push({ ref: schema.$ref, pointer: pointer(at, "$ref") });
    for (const [key, value] of Object.entries(schema)) {
      if (DATA_KEYWORDS.has(key)) continue;
      const keyAt = pointer(at, key);
      const child = (sub: unknown, subAt: string, applied: boolean) => {
        if (typeof sub !== "boolean" && !isPlainObject(sub)) return;
        if (applied) node.applies.push(sub);
        this.visit(sub, subAt, base);
      };
      if ((MAP_APPLICATORS.has(key) || DEFINITIONS.has(key)) && isPlainObject(value)) {
        for (const [name, sub] of Object.entries(value)) child(sub, pointer(keyAt, name), !DEFINITIONS.has(key));
      } else if (ARRAY_APPLICATORS.has(key) && Array.isArray(value)) {
        value.forEach((sub, i) => child(sub, pointer(keyAt, i), true));
      } else if (!Array.isArray(value)) {
        // Ajv (like json-schema-traverse with allKeys) treats objects under unknown keywords as schemas too.
        child(value, keyAt, SINGLE_APPLICATORS.has(key));
      }
    }
  }

  /** Registers `$id`/`$anchor` of `schema` and returns its base URI. */
  private register(schema: Record<string, unknown>, at: string, parentBase: string): string {
    let base = parentBase;
    if (typeof schema.$id === "string") {
      const id = resolveUri(schema.$id, parentBase);
      if (id) {
        const [doc, fragment] = splitFragment(id);
        if (schema.$id.startsWith("#")) this.anchors.set(`${parentBase}#${fragment}`, schema);
        else {
          base = doc;
          this.resources.set(doc, { json: schema, pointer: at });
          if (fragment) this.anchors.set(`${doc}#${fragment}`, schema);
        }
      }
    } else if (at === "") {
      this.resources.set(base, { json: schema, pointer: at });
    }
    for (const key of ["$anchor", "$dynamicAnchor"]) {
      if (typeof schema[key] === "string") this.anchors.set(`${base}#${schema[key]}`, schema);
    }
    return base;
  }

  private checkKeywords(schema: Record<string, unknown>, at: string): void {
    if (Array.isArray(schema.enum) && schema.enum.length > LIMITS.enumItems) {
      this.report(pointer(at, "enum"), "enum_too_long", `'enum' has ${schema.enum.length} items, over the limit ${limitLabel("enumItems")}; use a pattern, a format or a shorter list`);
    }
    if (schema.uniqueItems === true && !scalarItems(schema.items)) {
      const max = schema.maxItems;
      if (typeof max !== "number" || max > LIMITS.uniqueItemsMaxItems) {
        this.report(pointer(at, "uniqueItems"), "unique_items_unbounded", `'uniqueItems' compares every pair of items: declare scalar items (e.g. "items": { "type": "string" }) or set "maxItems" to at most ${limitLabel("uniqueItemsMaxItems")}`);
      }
    }
    const patterns: Array<[string, string]> = [];
    if (typeof schema.pattern === "string") patterns.push([schema.pattern, pointer(at, "pattern")]);
    if (isPlainObject(schema.patternProperties)) {
      for (const key of Object.keys(schema.patternProperties)) patterns.push([key, pointer(at, "patternProperties", key)]);
    }
    for (const [pattern, patternAt] of patterns) {
      this.patternCost += patternCost(pattern);
      const problem = patternLimitProblem(pattern);
      if (problem) this.report(patternAt, "pattern_too_complex", problem);
      else this.patterns.push([pattern, patternAt]);
    }
    for (const key of RECURSIVE_REFS) {
      if (key in schema) this.report(pointer(at, key), "schema_recursive", `'${key}' is not supported: recursive schemas are not allowed; spell out a fixed number of levels instead`);
    }
  }

  /** Resolves every `$ref`; targets outside the walked schema positions are walked too. */
  resolveRefs(): void {
    const done = new Set<Node>();
    for (let pending = [...this.nodes.values()]; pending.length > 0; pending = [...this.nodes.values()].filter((n) => !done.has(n))) {
      for (const node of pending) {
        done.add(node);
        for (const entry of node.refs) {
          const { ref, pointer: refAt } = entry;
          const target = this.resolve(ref, node.base);
          if (target === undefined) {
            this.report(refAt, "schema_ref_unresolved", `'$ref' '${ref}' does not resolve inside this schema; refer to '#/definitions/<name>', '#/$defs/<name>', an '$anchor' or a subschema '$id' (other documents are not loaded)`);
            continue;
          }
          entry.target = target.json;
          if (isPlainObject(target.json) && !this.nodes.has(target.json)) this.visit(target.json, target.pointer, target.base);
        }
      }
    }
  }

  private resolve(ref: string, base: string): { json: Schema; pointer: string; base: string } | undefined {
    const uri = resolveUri(ref, base);
    if (!uri) return undefined;
    const [doc, fragment] = splitFragment(uri);
    const resource = this.resources.get(doc);
    if (!resource) return undefined;
    if (fragment === "") return { ...resource, base: doc };
    if (!fragment.startsWith("/")) {
      const anchored = this.anchors.get(`${doc}#${fragment}`);
      return anchored === undefined ? undefined : { json: anchored, pointer: this.nodes.get(anchored as object)?.pointer ?? resource.pointer, base: doc };
    }
    let current: unknown = resource.json;
    let at = resource.pointer;
    for (const token of fragment.slice(1).split("/").map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~"))) {
      if (current === null || typeof current !== "object" || !Object.hasOwn(current, token)) return undefined;
      current = (current as Record<string, unknown>)[token];
      at = pointer(at, token);
    }
    return typeof current === "boolean" || isPlainObject(current) ? { json: current, pointer: at, base: doc } : undefined;
  }

  private edges(node: Node): Array<{ to: Schema; viaRef?: string; refAt?: string }> {
    const out: Array<{ to: Schema; viaRef?: string; refAt?: string }> = node.applies.map((to) => ({ to }));
    for (const { ref, pointer: refAt, target } of node.refs) if (target !== undefined) out.push({ to: target, viaRef: ref, refAt });
    return out;
  }

  /** The first `$ref` that closes a cycle (a recursive schema), as a problem; `null` when there is none. */
  findCycle(root: Schema): DefinitionProblem | null {
    const state = new Map<object, "open" | "done">();
    const stack: Array<{ node: Node; edges: ReturnType<SchemaWalk["edges"]>; next: number }> = [];
    const push = (json: Schema) => {
      const node = isPlainObject(json) ? this.nodes.get(json) : undefined;
      if (!node) return;
      state.set(node.json, "open");
      stack.push({ node, edges: this.edges(node), next: 0 });
    };
    const starts = [root, ...[...this.nodes.values()].map((n) => n.json)];
    for (const start of starts) {
      if (!isPlainObject(start) || state.has(start)) continue;
      push(start);
      while (stack.length > 0) {
        const top = stack[stack.length - 1];
        if (top.next >= top.edges.length) {
          state.set(top.node.json, "done");
          stack.pop();
          continue;
        }
        const edge = top.edges[top.next++];
        if (!isPlainObject(edge.to)) continue;
        const seen = state.get(edge.to);
        if (seen === "open") {
          const target = this.nodes.get(edge.to)?.pointer ?? "";
          return {
            pointer: edge.refAt ?? top.node.pointer,
            code: "schema_recursive",
            message: `'$ref' '${edge.viaRef ?? ""}' at ${edge.refAt ?? top.node.pointer} refers back to ${target || "/"}, which makes the schema recursive; recursive schemas are not supported — spell out a fixed number of levels instead`,
          };
        }
        if (seen === undefined) push(edge.to);
      }
    }
    return null;
  }

  /** Subschemas plus keywords with every `$ref` expanded (saturates at 2^40); call only when there is no cycle. */
  expandedSize(root: Schema): number {
    const memo = new Map<object, number>();
    const size = (json: Schema): number => {
      if (!isPlainObject(json)) return 1;
      const cached = memo.get(json);
      if (cached !== undefined) return cached;
      const node = this.nodes.get(json);
      let total = 1 + Object.keys(json).length;
      // Depth is bounded: no cycles, and every step goes one level deeper in a schema of bounded depth or
      // through a $ref (each $ref at most once on a path, as there are no cycles).
      if (node) for (const edge of this.edges(node)) total = Math.min(total + size(edge.to), 2 ** 40);
      memo.set(json, total);
      return total;
    };
    return size(root);
  }
}

/** Whether `items` declares only scalar types, which Ajv checks for uniqueness in linear time. */
function scalarItems(items: unknown): boolean {
  if (!isPlainObject(items)) return false;
  const types = typeof items.type === "string" ? [items.type] : Array.isArray(items.type) ? items.type : [];
  return types.length > 0 && types.every((t) => typeof t === "string" && t !== "object" && t !== "array");
}

function resolveUri(ref: string, base: string): string | null {
  try {
    return new URL(ref, base).href;
  } catch {
    return null;
  }
}

function splitFragment(uri: string): [string, string] {
  const hash = uri.indexOf("#");
  if (hash < 0) return [uri, ""];
  let fragment = uri.slice(hash + 1);
  try {
    fragment = decodeURIComponent(fragment);
  } catch {
    // keep it raw: it will simply not resolve
  }
  return [uri.slice(0, hash), fragment];
}
