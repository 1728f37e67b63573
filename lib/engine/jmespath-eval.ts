import jmespath from "jmespath";
import { jmespathBoundsProblem, type JmespathNode } from "./jmespath-bounds";
import { isPlainObject, unstorableText } from "./json-utils";
import { LIMITS, limitLabel } from "./limits";
import { BoundedLru } from "./lru";

/** Why a mapping cannot be used: `jmespath_invalid` (it does not parse) or `jmespath_too_complex` (over a limit). */
export interface JmespathProblem {
  code: "jmespath_invalid" | "jmespath_too_complex";
  message: string;
}

// jmespath 0.16 exposes `compile` (parse to AST) but no public way to run an AST, so evaluation goes through
// `search`. Each distinct expression is checked once; the verdicts are cached, bounded in characters.
const verdicts = new BoundedLru<string, JmespathProblem | null>({ maxEntries: 2_000, maxWeight: 2_000_000 });
const compile = (jmespath as unknown as { compile(expression: string): JmespathNode }).compile;

/**
 * Checks a JMESPath mapping the way definition validation needs it: at most `jmespathChars` characters, it
 * compiles, and it is bounded (see `jmespathBoundsProblem`). Returns the problem or `null`. Cached.
 *
 * @example
 * jmespathProblem("{ a: b }")  // null
 * jmespathProblem("{ a: ")     // { code: "jmespath_invalid", message: "Expected ..., got: EOF" }
 * jmespathProblem("foo(@)")    // { code: "jmespath_too_complex", message: "unknown function foo(); use one of: ..." }
 */
export function jmespathProblem(expression: string): JmespathProblem | null {
  if (expression.length > LIMITS.jmespathChars) {
    return { code: "jmespath_too_complex", message: `the expression has ${expression.length} characters, over the limit ${limitLabel("jmespathChars")}` };
  }
  const cached = verdicts.get(expression);
  if (cached !== undefined) return cached;
  let problem: JmespathProblem | null;
  try {
    const bounds = jmespathBoundsProblem(compile(expression));
    problem = bounds ? { code: "jmespath_too_complex", message: bounds } : null;
  } catch (error) {
    const message = error instanceof RangeError ? `the expression nests too deeply (limit ${limitLabel("jmespathDepth")})` : error instanceof Error ? error.message : String(error);
    problem = { code: "jmespath_invalid", message };
  }
  verdicts.set(expression, problem, expression.length + (problem?.message.length ?? 0) + 1);
  return problem;
}

/** For tests and diagnostics: cached verdicts and their weight in characters. */
export function jmespathCacheStats(): { entries: number; chars: number } {
  return { entries: verdicts.size, chars: verdicts.weight };
}

/**
 * Evaluates a JMESPath mapping against `input` (`@` is the whole input). Throws on syntax, type and limit
 * errors: a mapping `jmespathProblem` refuses, a result over `jmespathResultChars`, or a result holding text
 * PostgreSQL cannot store (a NUL character from a literal such as `` `"\u0000"` ``).
 *
 * @example
 * evaluateJmespath("{ name: entity.data.companyName }", { entity: { data: { companyName: "Acme" } } }) // { name: "Acme" }
 */
export function evaluateJmespath(expression: string, input: unknown): unknown {
  const problem = jmespathProblem(expression);
  if (problem) throw new Error(`invalid JMESPath expression: ${problem.message}`);
  // jmespath reads plain JSON; `undefined` input is treated as null.
  const result = jmespath.search(input ?? null, expression);
  const size = jsonSize(result, LIMITS.jmespathResultChars);
  if (size > LIMITS.jmespathResultChars) throw new Error(`the mapping's result is larger than the limit ${limitLabel("jmespathResultChars")} characters; map fewer fields`);
  if (unstorableText(result)) throw new Error("the mapping's result contains a NUL character (\\u0000) or an unpaired surrogate, which cannot be stored; fix the mapping or its input");
  return result;
}

/** Approximate JSON length of `value` (shared references counted each time), stopping once past `limit`. */
function jsonSize(value: unknown, limit: number): number {
  let size = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0 && size <= limit) {
    const item = stack.pop();
    if (typeof item === "string") size += item.length + 2;
    else if (Array.isArray(item)) {
      size += 2 + item.length;
      for (const child of item) stack.push(child);
    } else if (isPlainObject(item)) {
      for (const [key, child] of Object.entries(item)) {
        size += key.length + 4;
        stack.push(child);
      }
      size += 2;
    } else size += String(item).length;
  }
  return size;
}
