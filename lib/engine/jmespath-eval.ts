import jmespath from "jmespath";

// jmespath 0.16 exposes `compile` (parse to AST) but no public way to run an AST, so evaluation goes through
// `search`. We still parse each distinct expression once to report syntax errors early and cheaply.
const syntaxChecked = new Map<string, string | null>();

/**
 * Returns the JMESPath syntax error of `expression`, or `null` when it parses. Cached per expression.
 *
 * @example
 * jmespathSyntaxError("{ a: b }") // null
 * jmespathSyntaxError("{ a: ")    // "Expected ..., got: EOF"
 */
export function jmespathSyntaxError(expression: string): string | null {
  const cached = syntaxChecked.get(expression);
  if (cached !== undefined) return cached;
  let problem: string | null = null;
  try {
    (jmespath as unknown as { compile(e: string): unknown }).compile(expression);
  } catch (error) {
    problem = error instanceof Error ? error.message : String(error);
  }
  if (syntaxChecked.size > 5000) syntaxChecked.clear();
  syntaxChecked.set(expression, problem);
  return problem;
}

/**
 * Evaluates a JMESPath mapping against `input` (`@` is the whole input). Throws on syntax or type errors.
 *
 * @example
 * evaluateJmespath("{ name: entity.data.companyName }", { entity: { data: { companyName: "Acme" } } }) // { name: "Acme" }
 */
export function evaluateJmespath(expression: string, input: unknown): unknown {
  const problem = jmespathSyntaxError(expression);
  if (problem) throw new Error(`invalid JMESPath expression: ${problem}`);
  // jmespath reads plain JSON; `undefined` input is treated as null.
  return jmespath.search(input ?? null, expression);
}
