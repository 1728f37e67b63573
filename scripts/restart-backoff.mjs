// How `npm start` restarts a process that died (a server of the cluster, a worker process): 1 s after a crash,
// doubling per consecutive crash, at most 30 s; a process that ran a minute before dying starts afresh.

const RESTART_BASE_MS = 1_000;
const RESTART_MAX_MS = 30_000;
const STABLE_AFTER_MS = 60_000;

/**
 * The delay before restarting `slot`'s process, which died after running `ranMs`; counts the crash in
 * `slot.crashes` (consecutive crashes, 1 after a stable run).
 *
 * @example
 * const slot = { crashes: 0 };
 * restartDelay(slot, 500); // 1000
 * restartDelay(slot, 500); // 2000
 */
export function restartDelay(slot, ranMs) {
  slot.crashes = ranMs >= STABLE_AFTER_MS ? 1 : slot.crashes + 1;
  return Math.min(RESTART_MAX_MS, RESTART_BASE_MS * 2 ** (slot.crashes - 1));
}
