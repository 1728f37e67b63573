import { createRequire } from "node:module";
import path from "node:path";
import { LIMITS, limitLabel } from "./limits";
import { BoundedLru } from "./lru";
import { patternCost } from "./pattern-cost";

/**
 * User regular expressions run on RE2 (re2-wasm), which matches in time linear in the input: no pattern can
 * hold the event loop the way `^(\w+\s?)*$` does on a backtracking engine.
 *
 * re2-wasm has three traits this module contains:
 * - its WebAssembly heap is a fixed 16 MiB; when it is full the module aborts and stays unusable. Every call
 *   goes through `withEngine`, which loads a fresh module once and retries (compiled patterns are recompiled
 *   on demand);
 * - compiled patterns live on that heap until deleted: they are kept in a bounded LRU that deletes them;
 * - compiling is slow (about 0.1 ms per `patternCost` unit), so patterns are capped by estimated cost.
 */

interface Re2Handle {
  test(input: string): boolean;
  /** The embind object holding the compiled program on the WebAssembly heap. */
  wrapper?: { delete?: () => void };
}
type Re2Class = new (pattern: string, flags: string) => Re2Handle;

interface Engine {
  RE2: Re2Class;
  generation: number;
}

let engine: Engine | null = null;
let generation = 0;
let restarts = 0;

function nodeRequire(): NodeJS.Require {
  // Resolved from the app's folder at run time, so bundlers leave the WebAssembly package alone.
  return createRequire(path.join(process.cwd(), "package.json"));
}

/** re2-wasm could not be loaded at all (e.g. missing from a deployment); nothing is cached on this error. */
export class RegexEngineUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`the linear-time regex engine (re2-wasm) could not be loaded: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = "RegexEngineUnavailableError";
  }
}

function load(fresh: boolean): Engine {
  try {
    return loadOrThrow(fresh);
  } catch (error) {
    throw new RegexEngineUnavailableError(error);
  }
}

function loadOrThrow(fresh: boolean): Engine {
  const req = nodeRequire();
  if (fresh) {
    // The package's entry captures its WebAssembly module when first required: forget both to get a new heap.
    const entry = req.resolve("re2-wasm");
    delete req.cache[entry];
    delete req.cache[path.join(path.dirname(entry), "..", "wasm", "re2.js")];
  }
  const { RE2 } = req("re2-wasm") as { RE2: Re2Class };
  generation++;
  // The first match on a new module is slow while the WebAssembly code warms up; pay that here, not in a request.
  const warm = new RE2("^(\\w+\\s?)*$", "u");
  warm.test(`${"a".repeat(100)}!`);
  warm.wrapper?.delete?.();
  return { RE2, generation };
}

function current(): Engine {
  engine ??= load(false);
  return engine;
}

/** Runs `run` with the engine; if the module aborted (heap full), starts a fresh one and runs `run` once more. */
function withEngine<T>(run: (RE2: Re2Class) => T): T {
  try {
    return run(current().RE2);
  } catch (error) {
    if (error instanceof SyntaxError || error instanceof RegexEngineUnavailableError) throw error;
    restarts++;
    compiled.clear(false);
    pinned.clear();
    engine = load(true);
    return run(engine.RE2);
  }
}

function dispose(entry: { re: Re2Handle; generation: number }): void {
  // Objects of an aborted module are gone with its heap; deleting them would throw.
  if (entry.generation === engine?.generation) entry.re.wrapper?.delete?.();
}

/** Compiled patterns of the current module, least recently used deleted first. Weight: estimated cost. */
const compiled = new BoundedLru<string, { re: Re2Handle; generation: number }>({
  maxEntries: 256,
  maxWeight: 100_000,
  onEvict: dispose,
});
/** Patterns of the built-in formats: few and fixed, kept for the life of the module. */
const pinned = new Map<string, { re: Re2Handle; generation: number }>();

/** What RE2 said about each pattern it was asked to compile: `null` (fine) or why it refused it. */
const verdicts = new BoundedLru<string, string | null>({ maxEntries: 4_096, maxWeight: 4_000_000 });

function compile(source: string, flags: string, keep: "lru" | "pinned"): Re2Handle {
  return withEngine((RE2) => {
    const key = `/${source}/${flags}`;
    const hit = keep === "pinned" ? pinned.get(key) : compiled.get(key);
    if (hit && hit.generation === engine!.generation) return hit.re;
    const entry = { re: new RE2(source, flags), generation: engine!.generation };
    if (keep === "pinned") pinned.set(key, entry);
    else compiled.set(key, entry, patternCost(source) + 1);
    return entry.re;
  });
}

/**
 * A pattern compiled on demand by RE2; what Ajv's `code.regExp` option hands to `pattern` and
 * `patternProperties`, and what the built-in formats use. `toString` is what Ajv deduplicates patterns by.
 *
 * @example
 * new LinearRegExp("^(\\w+\\s?)*$").test("a".repeat(70) + "!") // false, in well under a millisecond
 */
export class LinearRegExp {
  readonly flags: string;

  /** `flags`: "i" for case-insensitive ("u" is always on); `keep`: "pinned" for the fixed format patterns. */
  constructor(
    readonly source: string,
    flags = "",
    private readonly keep: "lru" | "pinned" = "lru",
  ) {
    this.flags = `${flags.replace(/u/g, "")}u`;
  }

  test(input: string): boolean {
    if (input.length > LIMITS.patternSubjectChars) return false;
    return withEngine(() => compile(this.source, this.flags, this.keep).test(input));
  }

  toString(): string {
    return `/${this.source}/${this.flags}`;
  }
}

/**
 * Why `pattern` is over the length or compile-cost limit, or `null`. Cheap: nothing is compiled.
 *
 * @example
 * patternLimitProblem("^.{1,255}$") // "pattern '^.{1,255}$' is too costly to compile (estimated 3054 units, ..."
 */
export function patternLimitProblem(pattern: string): string | null {
  if (pattern.length > LIMITS.patternChars) {
    return `pattern has ${pattern.length} characters, over the limit ${limitLabel("patternChars")}; shorten it`;
  }
  const cost = patternCost(pattern);
  if (cost > LIMITS.patternCost) {
    return `pattern '${pattern.slice(0, 80)}' is too costly to compile (estimated ${cost} units, over the limit ${limitLabel("patternCost")}); use fewer or smaller {n,m} repetitions, fewer \\p{...} classes, or minLength/maxLength for lengths`;
  }
  return null;
}

/**
 * Why `pattern` cannot run on the linear-time engine (over a limit of `patternLimitProblem`, or a construct
 * RE2 does not have such as a backreference or lookaround), or `null` when it can. Compiles the pattern once
 * and frees it; verdicts are cached.
 *
 * @example
 * patternProblem("^[a-z]+$")  // null
 * patternProblem("(a)\\1")    // "pattern '(a)\\1' is not supported by the linear-time regex engine (invalid escape sequence: \\1); ..."
 */
export function patternProblem(pattern: string): string | null {
  const overLimit = patternLimitProblem(pattern);
  if (overLimit) return overLimit;
  const cached = verdicts.get(pattern);
  if (cached !== undefined) return cached;
  let verdict: string | null = null;
  try {
    withEngine((RE2) => new RE2(pattern, "u").wrapper?.delete?.());
  } catch (error) {
    if (error instanceof RegexEngineUnavailableError) return `pattern '${pattern.slice(0, 80)}' cannot be checked now: ${error.message}`;
    // A SyntaxError is RE2 refusing the pattern; anything else is the module running out of its fixed heap.
    const reason = error instanceof SyntaxError ? error.message.replace(/^Invalid regular expression: \/.*\/u: /s, "") : "it needs more memory than the engine has";
    verdict = `pattern '${pattern.slice(0, 80)}' is not supported by the linear-time regex engine (${reason}); backreferences (\\1) and lookaround ((?=, (?!, (?<=, (?<!) are not available — rewrite the pattern without them`;
  }
  verdicts.set(pattern, verdict, pattern.length + 1);
  return verdict;
}

/**
 * Ajv's `code.regExp` engine: every `pattern` and `patternProperties` key compiles to a `LinearRegExp`.
 * Throws (failing the schema's compilation) for a pattern `patternProblem` refuses.
 */
export const linearRegExpEngine = Object.assign(
  (pattern: string): LinearRegExp => {
    const problem = patternProblem(pattern);
    if (problem) throw new SyntaxError(problem);
    return new LinearRegExp(pattern);
  },
  { code: "linearRegExp" },
);

/** Test hook: makes the loaded module fail the way an aborted one does (its heap full), to exercise the restart. */
export function breakEngineForTests(): void {
  current().RE2 = class {
    constructor() {
      throw new WebAssembly.RuntimeError("abort(simulated for a test)");
    }
  } as unknown as Re2Class;
}

/** For tests and diagnostics: compiled patterns held, module restarts since start. */
export function linearRegExpStats(): { compiled: number; restarts: number; generation: number } {
  return { compiled: compiled.size, restarts, generation };
}
