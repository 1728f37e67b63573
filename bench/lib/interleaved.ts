import { cpuSnapshot, type CpuScope } from "./cpu-accounting";
import { closedLoop } from "./stats";

/**
 * App CPU per request of each kind, measured in short slices taken in turn (`rounds` × each kind for `sliceMs`,
 * `clients` at a time), so a drift of the machine's speed within the run weighs on every kind alike. Returns each
 * kind's milliseconds (total app CPU over total requests); a kind's slice ends early once its `enough` says so (its
runtimes ran out).
 */
export async function interleavedAppCpu(
  scope: CpuScope,
  kinds: Record<string, { task: () => Promise<void>; enough?: () => boolean }>,
  options: { rounds: number; sliceMs: number; clients: number },
): Promise<Record<string, number>> {
  const totals = Object.fromEntries(Object.keys(kinds).map((k) => [k, { cpu: 0, requests: 0 }]));
  for (let round = 0; round < options.rounds; round++) {
    for (const [name, { task, enough }] of Object.entries(kinds)) {
      const before = cpuSnapshot(scope);
      const requests = await closedLoop(options.clients, options.sliceMs, task, enough);
      const after = cpuSnapshot(scope);
      if (!before || !after) continue;
      totals[name].cpu += after.app - before.app;
      totals[name].requests += requests;
    }
  }
  return Object.fromEntries(Object.entries(totals).map(([k, t]) => [k, t.requests ? Math.round((t.cpu / t.requests) * 1000) / 1000 : NaN]));
}
