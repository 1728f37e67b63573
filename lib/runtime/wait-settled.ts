import { sql } from "drizzle-orm";
import type { Db, DbHandle } from "../db/client";
import { rowsOf } from "../db/rows";
import { sharedChannel } from "../db/shared-channel";

/** Longest wait honoured for `Prefer: wait=N`. */
export const MAX_WAIT_SECONDS = 30;

/** NOTIFY channel carrying the runtime id when one of its API plugin calls finishes (trigger, migration 0005). */
export const PLUGIN_SETTLED_CHANNEL = "kyc_plugin_settled";

/** Re-check this often even without a notification (a dropped LISTEN connection must not stall a waiter). */
const RECHECK_MS = 1000;
/** Poll interval when this process could not LISTEN at all. */
const POLL_MS = 100;

/** The seconds asked for by `Prefer: wait=N` (RFC 7240), capped at 30; null when absent or invalid. */
export function preferredWait(req: Request): number | null {
  const prefer = req.headers.get("prefer");
  const match = prefer ? /(?:^|[,;\s])wait=(\d{1,6})(?:$|[,;\s])/i.exec(prefer) : null;
  return match ? Math.min(Number(match[1]), MAX_WAIT_SECONDS) : null;
}

/**
 * Wait until the runtime has no pending API plugin calls (it has "settled"), or `seconds` pass.
 * Returns whether it settled. Waiters sleep until the database says one of the runtime's calls finished
 * (whichever process's worker ran it), then check again, so a wait costs a query per finished call rather
 * than a query per poll.
 */
export async function waitUntilSettled(handle: DbHandle, runtimeId: string, seconds: number): Promise<boolean> {
  const deadline = Date.now() + seconds * 1000;
  const signals = await settleSignals(handle).catch(() => null);
  for (;;) {
    const wake = signals ? signals.next(runtimeId) : null;
    try {
      if (!(await hasPendingPluginCall(handle.db, runtimeId))) return true;
      const left = deadline - Date.now();
      if (left <= 0) return false;
      await Promise.race([wake?.promise, sleep(Math.min(left, signals ? RECHECK_MS : POLL_MS))]);
    } finally {
      wake?.cancel();
    }
  }
}

/** Whether an API plugin call of the runtime is still to be made (pending, or leased by a worker). */
export async function hasPendingPluginCall(db: Db, runtimeId: string): Promise<boolean> {
  const [row] = rowsOf<{ pending: boolean }>(
    await db.execute(sql`select exists (select 1 from jobs where runtime_id = ${runtimeId}::uuid and status = 'pending' and kind = 'api_plugin') as pending`),
  );
  return row.pending;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

interface SettleSignals {
  /** A promise resolved by the next notification for `runtimeId`; register before checking, then await. */
  next(runtimeId: string): { promise: Promise<void>; cancel(): void };
}

/** One LISTEN per database (process), fanned out to the waiters of each runtime. */
async function settleSignals(handle: DbHandle): Promise<SettleSignals> {
  const channel = await sharedChannel(handle, PLUGIN_SETTLED_CHANNEL);
  return {
    next(runtimeId: string) {
      let wake!: () => void;
      const promise = new Promise<void>((resolve) => (wake = resolve));
      // A dropped LISTEN connection may have swallowed this runtime's notification: wake up and check again.
      const stopNotify = channel.subscribe(() => wake(), runtimeId);
      const stopGap = channel.onGap(() => wake());
      return {
        promise,
        cancel() {
          stopNotify();
          stopGap();
        },
      };
    },
  };
}
