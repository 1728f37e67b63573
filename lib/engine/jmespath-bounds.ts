import { LIMITS, limitLabel } from "./limits";
import { unstorableText } from "./json-utils";

/** A node of jmespath 0.16's AST (`jmespath.compile`). */
export interface JmespathNode {
  type: string;
  name?: string;
  value?: unknown;
  children?: Array<JmespathNode | number | null>;
}

/**
 * `[a, b]`: a size bound `a·n + b`, where `n` is the size of the mapping's input: its JSON length, counting
 * one separator after every value (so an array's size is 3 plus the sizes of its elements). The
 * analysis computes such a bound for every value the expression builds and for the number of times each
 * node runs; a mapping is accepted when every coefficient stays within `jmespathGrowth`, so evaluating it
 * costs time and memory linear in its input.
 */
type Bound = [number, number];

const add = (...bounds: Bound[]): Bound => bounds.reduce<Bound>((s, b) => [s[0] + b[0], s[1] + b[1]], [0, 0]);
const scale = (k: number, b: Bound): Bound => [k * b[0], k * b[1]];

/** jmespath 0.16's functions: [minimum arguments, maximum arguments (Infinity: variadic), expref argument]. */
const FUNCTIONS: Record<string, [number, number, number | null]> = {
  abs: [1, 1, null], avg: [1, 1, null], ceil: [1, 1, null], contains: [2, 2, null], ends_with: [2, 2, null],
  floor: [1, 1, null], join: [2, 2, null], keys: [1, 1, null], length: [1, 1, null], map: [2, 2, 0],
  max: [1, 1, null], max_by: [2, 2, 1], merge: [1, Infinity, null], min: [1, 1, null], min_by: [2, 2, 1],
  not_null: [1, Infinity, null], reverse: [1, 1, null], sort: [1, 1, null], sort_by: [2, 2, 1],
  starts_with: [2, 2, null], sum: [1, 1, null], to_array: [1, 1, null], to_number: [1, 1, null],
  to_string: [1, 1, null], type: [1, 1, null], values: [1, 1, null],
};
const SCALAR_FUNCTIONS = new Set(["abs", "avg", "ceil", "contains", "ends_with", "floor", "length", "starts_with", "sum", "to_number", "type"]);
/** Longest JSON text of a number or boolean result (`-1.2345678901234567e-308`) and its separator. */
const SCALAR = 25;

class Analysis {
  nodes = 0;
  maxGrowth = 0;
  maxConstant = 0;
  problem: string | null = null;

  private fail(message: string): Bound {
    this.problem ??= message;
    return [0, 0];
  }

  private track(b: Bound): Bound {
    this.maxGrowth = Math.max(this.maxGrowth, b[0]);
    this.maxConstant = Math.max(this.maxConstant, b[1]);
    return b;
  }

  /** Total size of what `node` returns over all its runs, given the total size of its inputs and its run count. */
  visit(node: JmespathNode | number | null | undefined, input: Bound, runs: Bound, depth: number): Bound {
    if (this.problem) return [0, 0];
    if (node === null || node === undefined || typeof node !== "object") return [0, 0];
    if (++this.nodes > LIMITS.jmespathNodes) return this.fail(`the expression has more than ${limitLabel("jmespathNodes")} nodes; split the mapping or simplify it`);
    if (depth > LIMITS.jmespathDepth) return this.fail(`the expression nests deeper than ${limitLabel("jmespathDepth")} levels; simplify it`);
    const c = node.children ?? [];
    const next = depth + 1;
    const sub = (child: JmespathNode | number | null | undefined, i: Bound = input, r: Bound = runs) => this.visit(child, i, r, next);
    this.track(input);
    this.track(runs);
    switch (node.type) {
      case "Field":
      case "Index":
      case "Identity":
      case "Current":
        return input;
      case "Slice":
        if (c[2] === 0) return this.fail("a slice step cannot be 0; use [::1] or remove the step");
        return input;
      case "Literal": {
        if (unstorableText(node.value)) return this.fail("a literal contains a NUL character (\\u0000) or an unpaired surrogate, which cannot be stored; remove it");
        return this.track(scale(JSON.stringify(node.value ?? null).length + 1, runs));
      }
      case "Subexpression":
      case "Pipe":
      case "IndexExpression":
        return this.track(sub(c[1], sub(c[0])));
      case "Projection":
      case "ValueProjection":
      case "FilterProjection": {
        const base = sub(c[0]);
        if (node.type === "FilterProjection") sub(c[2], base, base);
        return this.track(add(sub(c[1], base, base), scale(3, runs)));
      }
      case "Flatten":
        return this.track(sub(c[0]));
      case "MultiSelectList":
        return this.track(add(...c.map((child) => sub(child)), scale(3, runs)));
      case "MultiSelectHash": {
        const pairs = c as JmespathNode[];
        for (const pair of pairs) if (unstorableText(pair.name)) return this.fail("a key contains a NUL character (\\u0000) or an unpaired surrogate, which cannot be stored; rename it");
        const keys = pairs.reduce((sum, pair) => sum + String(pair.name).length + 3, 3);
        return this.track(add(...pairs.map((pair) => sub(pair.value as JmespathNode)), scale(keys, runs)));
      }
      case "OrExpression":
      case "AndExpression":
        return this.track(add(sub(c[0]), sub(c[1])));
      case "NotExpression":
      case "Comparator":
        c.forEach((child) => sub(child));
        return this.track(scale(6, runs));
      case "Function":
        return this.track(this.call(node, c as JmespathNode[], input, runs, next));
      case "ExpressionReference":
        return this.fail("'&expression' is only allowed as the expression argument of map, sort_by, max_by and min_by");
      default:
        return this.fail(`unsupported JMESPath node '${node.type}'`);
    }
  }

  private call(node: JmespathNode, args: JmespathNode[], input: Bound, runs: Bound, depth: number): Bound {
    const name = String(node.name);
    const signature = FUNCTIONS[name];
    if (!signature) return this.fail(`unknown function ${name}(); use one of: ${Object.keys(FUNCTIONS).join(", ")}`);
    const [min, max, exprefAt] = signature;
    if (args.length < min || args.length > max) {
      return this.fail(`${name}() takes ${min === max ? min : max === Infinity ? `at least ${min}` : `${min} to ${max}`} argument${max === 1 ? "" : "s"}, got ${args.length}`);
    }
    const sizes = args.map((arg, i): Bound => {
      if (i === exprefAt) return [0, 0];
      return this.visit(arg, input, runs, depth);
    });
    // The expression argument runs once per element of the array argument.
    const element = (arrayAt: number): Bound => {
      const ref = args[exprefAt!];
      if (ref?.type !== "ExpressionReference") return this.fail(`${name}() needs '&expression' as argument ${exprefAt! + 1}`);
      return this.visit(ref.children?.[0] as JmespathNode, sizes[arrayAt], sizes[arrayAt], depth + 1);
    };
    if (SCALAR_FUNCTIONS.has(name)) return scale(SCALAR, runs);
    switch (name) {
      case "map":
        // An element the expression maps to null ("null," is 5) weighs at least 2 ("1,").
        return add(element(1), scale(3, sizes[1]), scale(3, runs));
      case "sort_by":
      case "max_by":
      case "min_by":
        element(0);
        return sizes[0];
      case "max":
      case "min":
      case "sort":
      case "reverse":
      case "keys":
      case "values":
        return sizes[0];
      case "to_array":
        return add(sizes[0], scale(3, runs));
      case "to_string":
        // Quoting escapes each character of the JSON text at most once more (`\n` becomes `\\n`).
        return add(scale(2, sizes[0]), scale(3, runs));
      case "not_null":
        return add(...sizes);
      case "merge":
        return add(...sizes, scale(3, runs));
      case "join": {
        const separator = args[0];
        if (separator.type !== "Literal" || typeof separator.value !== "string") {
          return this.fail("join() needs a literal separator such as join(', ', names), so the result size stays bounded");
        }
        return add(scale(1 + separator.value.length, sizes[1]), scale(3, runs));
      }
      default:
        return this.fail(`unsupported function ${name}()`);
    }
  }
}

/**
 * Checks a compiled JMESPath expression for what would make it costly or unsafe to run: unknown functions
 * or wrong argument counts, literals PostgreSQL cannot store, more than `jmespathNodes` nodes or
 * `jmespathDepth` levels, and results that may grow more than `jmespathGrowth` times the input (e.g. a
 * chain of `[@, @][]` doubling the input at each step). Returns the problem, or `null`.
 *
 * @example
 * jmespathBoundsProblem(jmespath.compile("{ name: entity.data.companyName }")) // null
 * jmespathBoundsProblem(jmespath.compile("@ | [@,@][] | [@,@][] | [@,@][] | [@,@][] | [@,@][] | [@,@][] | [@,@][]"))
 * // "the result may grow to 128 times the size of the input, over the limit jmespathGrowth (64); ..."
 */
export function jmespathBoundsProblem(ast: JmespathNode): string | null {
  const analysis = new Analysis();
  const result = analysis.visit(ast, [1, 0], [0, 1], 0);
  if (analysis.problem) return analysis.problem;
  analysis.maxGrowth = Math.max(analysis.maxGrowth, result[0]);
  analysis.maxConstant = Math.max(analysis.maxConstant, result[1]);
  if (analysis.maxGrowth > LIMITS.jmespathGrowth) {
    const growth = analysis.maxGrowth > 1e9 ? "more than 1,000,000,000" : String(Math.ceil(analysis.maxGrowth));
    return `the result (or a value built on the way) may grow to ${growth} times the size of the input, over the limit ${limitLabel("jmespathGrowth")}; avoid repeating '@' in lists that are flattened or piped again`;
  }
  if (analysis.maxConstant > LIMITS.jmespathResultChars) {
    return `the expression may build values of more than ${limitLabel("jmespathResultChars")} characters from its literals; use smaller literals`;
  }
  return null;
}
