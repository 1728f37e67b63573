import { cpuSnapshot, type CpuScope } from "./cpu-accounting";
import { closedLoop } from "./stats";

/** One kind's app CPU per request: over the whole measurement, and in each round. */
export interface InterleavedCost {
  /** Total app CPU over total requests, in ms. */
  ms: number;
  /** App CPU per request in each round (NaN where a round served none of this kind). */
  rounds: number[];
}

/**
 * App CPU per request of each kind, measured in short slices taken in turn (`rounds` × each kind for `sliceMs`,
 * `clients` at a time), so a drift of the machine's speed within the run weighs on every kind alike. A kind's slice
 * ends early once its `enough` says so (its runtimes ran out).
 */
export async function interleavedAppCpu(
  scope: CpuScope,
  kinds: Record<string, { task: () => Promise<void>; enough?: () => boolean }>,
  options: { rounds: number; sliceMs: number; clients: number },
): Promise<Record<string, InterleavedCost>> {
  const totals = Object.fromEntries(Object.keys(kinds).map((k) => [k, { cpu: 0, requests: 0, rounds: [] as number[] }]));
  for (let round = 0; round < options.rounds; round++) {
    for (const [name, { task, enough }] of Object.entries(kinds)) {
      const before = cpuSnapshot(scope);
      const requests = await closedLoop(options.clients, options.sliceMs, task, enough);
      const after = cpuSnapshot(scope);
      if (!before || !after) continue;
      totals[name].cpu += after.app - before.app;
      totals[name].requests += requests;
      totals[name].rounds.push(requests ? (after.app - before.app) / requests : NaN);
    }
  }
  const round3 = (ms: number) => Math.round(ms * 1000) / 1000;
  return Object.fromEntries(Object.entries(totals).map(([k, t]) => [k, { ms: t.requests ? round3(t.cpu / t.requests) : NaN, rounds: t.rounds.map(round3) }]));
}

/**
 * Each kind's cost as a multiple of `floor`'s: the ratio of the totals, and the median, lowest and highest of the
 * per-round ratios (a round's kind against the same round's floor), which say how far one round's reading can be
 * trusted. Rounds where either served nothing are left out.
 */
export function ratiosTo(costs: Record<string, InterleavedCost>, floor: string): Record<string, string> {
  const base = costs[floor];
  return Object.fromEntries(
    Object.entries(costs).map(([k, c]) => {
      const perRound = c.rounds.map((ms, i) => ms / base.rounds[i]).filter(Number.isFinite).sort((a, b) => a - b);
      const median = perRound.length ? perRound[Math.floor((perRound.length - 1) / 2)] : NaN;
      const spread = perRound.length ? `, rounds median ×${median.toFixed(2)} (×${perRound[0].toFixed(2)}–×${perRound[perRound.length - 1].toFixed(2)})` : "";
      return [k, `${c.ms} ms ×${(c.ms / base.ms).toFixed(2)}${spread}`];
    }),
  );
}
