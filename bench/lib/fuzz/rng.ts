/**
 * A small seeded random source. Every generated request draws from its own `Rng`, made from the run's seed and
 * the request's index, so request 4711 of seed 42 is the same whichever requests ran before it (and whether it is
 * sent in a full run or replayed alone with `FUZZ_REPLAY=4711`).
 *
 * @example
 * const r = rngFor(42, 4711);
 * r.pick(["GET", "POST"]); // always the same answer for (42, 4711)
 */
export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Pick by weight: `[[weight, value], ...]`. */
  weighted<T>(items: ReadonlyArray<readonly [number, T]>): T;
  /** `n` characters from `alphabet`. */
  string(n: number, alphabet?: string): string;
}

export function rngFor(seed: number, index: number): Rng {
  // cyrb128-style mixing of (seed, index) into four 32-bit words, then sfc32.
  let h1 = 1779033703 ^ seed, h2 = 3144134277 ^ index, h3 = 1013904242 ^ (seed * 31 + index), h4 = 2773480762;
  for (let i = 0; i < 4; i++) {
    h1 = h2 ^ Math.imul(h1 ^ (i + 0x9e3779b9), 597399067);
    h2 = h3 ^ Math.imul(h2 ^ (seed >>> i), 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ (index >>> i), 951274213);
    h4 = h1 ^ Math.imul(h4 ^ i, 2716044179);
  }
  let a = h1 >>> 0, b = h2 >>> 0, c = h3 >>> 0, d = h4 >>> 0;
  const next = () => {
    a >>>= 0; b >>>= 0; c >>>= 0; d >>>= 0;
    const t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    const r = (t + d) | 0;
    c = (c + r) | 0;
    return (r >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: (items) => items[int(0, items.length - 1)],
    weighted(items) {
      const total = items.reduce((s, [w]) => s + w, 0);
      let x = next() * total;
      for (const [w, v] of items) {
        x -= w;
        if (x < 0) return v;
      }
      return items[items.length - 1][1];
    },
    string(n, alphabet = "abcdefghijklmnopqrstuvwxyz0123456789_") {
      let s = "";
      for (let i = 0; i < n; i++) s += alphabet[Math.floor(next() * alphabet.length)];
      return s;
    },
  };
}
