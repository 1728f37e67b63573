/** Cost units per atom, calibrated on re2-wasm 1.0.2 (about 0.1 ms of compile time per unit). */
const NARROW = 1;
const WIDE = 4; // `.`, `\S`, `\W`, `\D`, negated classes: many UTF-8 byte ranges
const PROPERTY = 500; // `\p{L}`: thousands of ranges
const MAX_COUNT = 100_000;

interface Frame {
  /** Cost of the finished alternatives of this group. */
  done: number;
  /** Cost of the current alternative. */
  sequence: number;
}

/**
 * Estimates what compiling `pattern` costs the linear-time engine, in units of about 0.1 ms. It only has to
 * be an upper-bound-ish estimate: the engine itself decides whether the pattern is valid.
 *
 * @example
 * patternCost("^[a-z]+$")    // 5
 * patternCost("^.{1,255}$")  // 3054
 * patternCost("^\\p{L}+$")   // 503
 */
export function patternCost(pattern: string): number {
  const stack: Frame[] = [{ done: 0, sequence: 0 }];
  let last = 0; // cost of the last atom, for a following quantifier
  for (let i = 0; i < pattern.length; ) {
    const frame = stack[stack.length - 1];
    const c = pattern[i];
    if (c === "\\") {
      const [cost, next] = escapeCost(pattern, i);
      last = cost;
      frame.sequence += cost;
      i = next;
    } else if (c === "[") {
      const [cost, next] = classCost(pattern, i);
      last = cost;
      frame.sequence += cost;
      i = next;
    } else if (c === "(") {
      stack.push({ done: 0, sequence: 0 });
      last = 0;
      i++;
    } else if (c === ")") {
      if (stack.length > 1) {
        const closed = stack.pop()!;
        last = closed.done + closed.sequence + 1;
        stack[stack.length - 1].sequence += last;
      }
      i++;
    } else if (c === "|") {
      frame.done += frame.sequence;
      frame.sequence = 0;
      last = 0;
      i++;
    } else if (c === "*" || c === "+" || c === "?") {
      frame.sequence += 1;
      i++;
      if (pattern[i] === "?") i++;
    } else if (c === "{") {
      const match = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i, i + 24));
      if (!match) {
        last = NARROW;
        frame.sequence += NARROW;
        i++;
        continue;
      }
      const min = Math.min(Number(match[1]), MAX_COUNT);
      const max = match[2] === undefined ? min : match[3] === "" ? min + 1 : Math.min(Number(match[3]), MAX_COUNT);
      const factor = min + 3 * Math.max(0, max - min);
      frame.sequence += last * Math.max(0, factor - 1);
      last *= factor;
      i += match[0].length;
      if (pattern[i] === "?") i++;
    } else {
      last = c === "." ? WIDE : NARROW;
      frame.sequence += last;
      i++;
    }
  }
  return stack.reduce((sum, f) => sum + f.done + f.sequence, 0);
}

function escapeCost(pattern: string, at: number): [number, number] {
  const next = pattern[at + 1];
  if (next === "p" || next === "P") {
    const close = pattern[at + 2] === "{" ? pattern.indexOf("}", at + 3) : -1;
    return [PROPERTY, close > 0 ? close + 1 : at + 3];
  }
  if (next === "D" || next === "W" || next === "S") return [WIDE, at + 2];
  if (next === "u" && pattern[at + 2] === "{") {
    const close = pattern.indexOf("}", at + 3);
    return [NARROW, close > 0 ? close + 1 : at + 3];
  }
  if (next === "u") return [NARROW, at + 6];
  if (next === "x") return [NARROW, at + 4];
  if (next === "c") return [NARROW, at + 3];
  return [NARROW, at + 2];
}

function classCost(pattern: string, at: number): [number, number] {
  let i = at + 1;
  const negated = pattern[i] === "^";
  if (negated) i++;
  let cost = NARROW;
  let items = 0;
  // In `u` mode a class ends at the first unescaped `]` (a leading `]` is an empty class in JavaScript).
  while (i < pattern.length && pattern[i] !== "]") {
    if (pattern[i] === "\\") {
      const [escape, next] = escapeCost(pattern, i);
      if (escape > NARROW) cost += escape;
      i = next;
    } else {
      if (pattern.charCodeAt(i) > 0x7f) cost += NARROW;
      i++;
    }
    items++;
  }
  cost += Math.ceil(items / 8);
  return [negated ? cost + WIDE : cost, i + 1];
}
