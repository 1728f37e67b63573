import type { RetryCounts, WriteRecord } from "./chaos-client";
import type { ChaosConfig } from "./chaos-config";
import type { KillRecord } from "./chaos-killer";
import { failed, type Verdict } from "./chaos-verify";
import { Latencies } from "./stats";

/**
 * How long retries waited after each app kill: for every client that had a write fail after the kill (and
 * before the next one), the time from the kill to that client's next successful write, in ms.
 */
export function retryWaitsAfterAppKills(killedAt: number[], writes: WriteRecord[]): Latencies {
  const waits = new Latencies();
  for (const [k, at] of killedAt.entries()) {
    const nextKill = killedAt[k + 1] ?? Infinity;
    const firstPerClient = new Map<number, number>();
    for (const w of writes) {
      if (w.doneAt <= at || firstPerClient.has(w.client)) continue;
      if (w.failedAt.some((t) => t >= at && t < nextKill)) firstPerClient.set(w.client, w.doneAt - at);
    }
    for (const ms of firstPerClient.values()) waits.add(ms);
  }
  return waits;
}

export interface RunFigures {
  config: ChaosConfig;
  verdict: Verdict;
  kills: KillRecord;
  counts: RetryCounts;
  waits: Latencies;
  unexpectedExits: number;
  settled: boolean;
  loadMs: number;
  totalMs: number;
}

const s = (ms: number) => (Number.isNaN(ms) ? "n/a" : `${(ms / 1000).toFixed(1)} s`);
const histogram = (m: Map<number, number>) =>
  [...m.entries()]
    .sort(([a], [b]) => a - b)
    .map(([calls, flows]) => `${calls} call${calls === 1 ? "" : "s"}: ${flows} flow${flows === 1 ? "" : "s"}`)
    .join(", ");

/** The report, one figure a line, ending with the one-line summary. */
export function report(f: RunFigures): string[] {
  const { verdict: v, config: c, kills: k, counts } = f;
  const lost = v.missing + v.notFinished.length;
  const pass = !failed(v);
  const lines = [
    `lost runtimes                 ${lost} (given to the client but missing ${v.missing}; not in their flow's final state ${v.notFinished.length})`,
    `duplicate runtimes            ${v.duplicateRuntimes} (runtimes beyond the first for one flow's entity id)`,
    `duplicate transitions         ${v.duplicateTransitions}`,
    `completion webhooks           missing ${v.completion.missing}, duplicate ${v.completion.duplicate}, for runtimes not completed ${v.completion.unexpected} ` +
      `(${v.completion.runtimes} runtimes completed, ${v.completion.events} workflow.completed events, ${v.completion.deliveries} deliveries)`,
    `vendor calls per runtime      ${histogram(v.vendorCalls)}`,
    `webhook plugin calls          ${histogram(v.pluginWebhooks)} (at least once)`,
    `re-executed requests          ${v.reexecuted} (retries answered 409 event_not_accepted: their first attempt had been applied)`,
    `flows not driven to the end   ${v.failedFlows.length}`,
    `retries                       network errors ${counts.networkErrors}, 5xx ${counts.serverErrors}, 409 idempotency_in_progress ${counts.inProgress}, replayed answers ${counts.replayed}`,
    `after an app kill             next success of each retrying client: max ${s(f.waits.percentile(100))}, p50 ${s(f.waits.percentile(50))} (${f.waits.count} clients); ` +
      `app answering again after ${k.appRestartMs.map(s).join(", ") || "n/a"}`,
    `kills                         workers ${k.workerKills}/${c.workerKills}, app ${k.appKills}/${c.appKills}` +
      (k.skipped ? ` (${k.skipped} skipped: the load ended first)` : "") +
      `; processes that exited on their own ${f.unexpectedExits}`,
    `jobs                          ${Object.entries(v.jobs).map(([key, n]) => `${key} ${n}`).join(", ")}${f.settled ? "" : " (did not settle in time)"}`,
    `time                          load ${s(f.loadMs)}, whole run ${s(f.totalMs)}`,
  ];
  for (const flow of v.failedFlows.slice(0, 5)) lines.push(`  flow ${flow.index}: ${flow.error}`);
  for (const n of v.notFinished.slice(0, 5)) lines.push(`  flow ${n.index}: in ${n.state}, expected ${n.expected}`);
  lines.push(
    `chaos: ${pass ? "PASS" : "FAIL"} ${c.flows} flows, ${k.workerKills} worker kills, ${k.appKills} app kills, seed ${c.seed}, ${s(f.totalMs)}: ` +
      `lost ${lost}, duplicate runtimes ${v.duplicateRuntimes}, duplicate transitions ${v.duplicateTransitions}, ` +
      `completion events missing ${v.completion.missing} / duplicate ${v.completion.duplicate}` +
      (v.failedFlows.length ? `, flows failed ${v.failedFlows.length}` : "") +
      (v.reexecuted ? `, re-executed ${v.reexecuted}` : "") +
      `; retry after app kill max ${s(f.waits.percentile(100))} / p50 ${s(f.waits.percentile(50))}, 409 in progress ${counts.inProgress}`,
  );
  return lines;
}
