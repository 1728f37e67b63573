/** Latency samples of one endpoint, in milliseconds. */
export class Latencies {
  private samples: number[] = [];

  add(ms: number): void {
    this.samples.push(ms);
  }

  get count(): number {
    return this.samples.length;
  }

  /** The p-th percentile (0..100), nearest-rank. */
  percentile(p: number): number {
    if (this.samples.length === 0) return NaN;
    const sorted = [...this.samples].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
  }

  summary(): { count: number; p50: number; p95: number; p99: number } {
    return { count: this.count, p50: round(this.percentile(50)), p95: round(this.percentile(95)), p99: round(this.percentile(99)) };
  }
}

const round = (n: number) => Math.round(n * 10) / 10;

/** Run `clients` concurrent loops of `task` for `durationMs` (or until `enough()`); returns completed task count. */
export async function closedLoop(clients: number, durationMs: number, task: (client: number) => Promise<void>, enough: () => boolean = () => false): Promise<number> {
  const deadline = performance.now() + durationMs;
  let done = 0;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      while (performance.now() < deadline && !enough()) {
        await task(client);
        done++;
      }
    }),
  );
  return done;
}

/** Start `task` at a fixed rate (per second) for `durationMs`, regardless of completions (open loop). */
export async function openLoop(ratePerSecond: number, durationMs: number, task: (i: number) => Promise<void>): Promise<number> {
  const started = performance.now();
  const total = Math.floor((ratePerSecond * durationMs) / 1000);
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / ratePerSecond;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    pending.push(task(i));
  }
  await Promise.all(pending);
  return total;
}
