/** The delay before restarting a slot's process that died after `ranMs`; counts the crash (see restart-backoff.mjs). */
export function restartDelay(slot: { crashes: number }, ranMs: number): number;
