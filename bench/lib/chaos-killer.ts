import type { ChaosCluster } from "./chaos-cluster";
import type { PlannedKill } from "./chaos-config";

export interface KillRecord {
  /** Kills done, of each kind. */
  workerKills: number;
  appKills: number;
  /** Planned kills not done because the load ended first. */
  skipped: number;
  /** When each app kill happened (`performance.now()`), and how long the app took to answer again, in ms. */
  appKilledAt: number[];
  appRestartMs: number[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Carry out `plan` against the cluster while the load runs: each kill is due once `progress()` (0..1) reaches
 * its `at`. A killed worker is started again after its `downMs`; a killed app at once, and the next kill waits
 * until it answers again. Resolves when every kill is done or skipped (`loadDone()`), with every worker running.
 */
export async function runKills(plan: PlannedKill[], cluster: ChaosCluster, progress: () => number, loadDone: () => boolean, log: (line: string) => void): Promise<KillRecord> {
  const record: KillRecord = { workerKills: 0, appKills: 0, skipped: 0, appKilledAt: [], appRestartMs: [] };
  const restarts: Promise<void>[] = [];
  for (const kill of plan) {
    while (progress() < kill.at && !loadDone()) await sleep(20);
    if (loadDone()) {
      record.skipped++;
      continue;
    }
    await sleep(kill.delayMs);
    if (kill.kind === "app") {
      const at = performance.now();
      await cluster.app.kill("SIGKILL");
      record.appKills++;
      record.appKilledAt.push(at);
      const tookMs = await cluster.startApp(120_000);
      record.appRestartMs.push(performance.now() - at);
      log(`app killed at ${pct(progress())} of the writes; answering again after ${(tookMs / 1000).toFixed(1)} s`);
    } else {
      const worker = cluster.workers[kill.worker];
      while (!worker.running) await sleep(20);
      await worker.kill("SIGKILL");
      record.workerKills++;
      log(`${worker.name} killed at ${pct(progress())} of the writes; starting again in ${(kill.downMs / 1000).toFixed(1)} s`);
      restarts.push(sleep(kill.downMs).then(() => worker.start()));
    }
  }
  await Promise.all(restarts);
  return record;
}

const pct = (x: number) => `${Math.round(x * 100)} %`;
