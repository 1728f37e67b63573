import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { jobs } from "../db/schema";

/** Longest wait honoured for `Prefer: wait=N`. */
export const MAX_WAIT_SECONDS = 30;

/** The seconds asked for by `Prefer: wait=N` (RFC 7240), capped at 30; null when absent or invalid. */
export function preferredWait(req: Request): number | null {
  const prefer = req.headers.get("prefer");
  const match = prefer ? /(?:^|[,;\s])wait=(\d{1,6})(?:$|[,;\s])/i.exec(prefer) : null;
  return match ? Math.min(Number(match[1]), MAX_WAIT_SECONDS) : null;
}

/**
 * Wait until the runtime has no pending API plugin calls (it has "settled"), or `seconds` pass.
 * Returns whether it settled.
 */
export async function waitUntilSettled(db: Db, runtimeId: string, seconds: number): Promise<boolean> {
  const deadline = Date.now() + seconds * 1000;
  let delay = 5;
  for (;;) {
    const [pending] = await db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.runtimeId, runtimeId), eq(jobs.status, "pending"), inArray(jobs.kind, ["api_plugin"])))
      .limit(1);
    if (!pending) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((r) => setTimeout(r, Math.min(delay, deadline - Date.now())));
    delay = Math.min(delay * 2, 100);
  }
}
