import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { IDEMPOTENCY_KEY_PATTERN } from "../schemas/common";
import { claimKeys, KEY_TTL_MS, keyIdOf, readKeys, requestHashOf, settleKeys } from "./idempotency-keys";

/** Conflicts in a row before giving up: each one means another request's key committed, so this is never hit in practice. */
const MAX_CLAIMS = 5;

export interface IdempotentResult {
  status: number;
  body: unknown;
}

/**
 * Run `work` at most once per `Idempotency-Key` (scoped to project + endpoint), for 24 hours, even across
 * crashes. The key row is written in the work's own transaction (`work` receives it and must do its writes
 * there): a crash before the commit leaves neither the work nor the key, so a retry runs the work at once; a
 * crash after it leaves both, so a retry replays the stored response.
 *
 * The same key with the same body replays the first successful response (`Idempotent-Replayed: true`); with
 * another body it is a 422 `idempotency_key_reused`. A concurrent request with the key waits on the key's
 * uniqueness until the first commits, then replays it (or, if the first failed, does the work itself).
 * Failed requests are not remembered, so the caller may retry them with the same key.
 */
export async function idempotent(
  db: Db,
  req: Request,
  scope: { projectId: string; endpoint: string; bodyText: string },
  work: (tx: Db) => Promise<IdempotentResult>,
): Promise<Response> {
  const key = req.headers.get("idempotency-key");
  if (key === null) return respond(await work(db), false);
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new AppError("invalid_idempotency_key", "Idempotency-Key must be 1 to 255 visible ASCII characters, e.g. a UUID.", { errors: [
      { path: "/headers/idempotency-key", message: "1 to 255 visible ASCII characters" },
    ] });
  }
  const claim = { scope: scope.endpoint, key, requestHash: requestHashOf(scope.bodyText) };

  for (let attempt = 1; ; attempt++) {
    try {
      const result = await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        if ((await claimKeys(tx, scope.projectId, [claim], new Date(Date.now() + KEY_TTL_MS))).size === 0) throw new KeyTaken();
        const result = await work(tx);
        await settleKeys(tx, scope.projectId, [{ ...claim, ...result }], []);
        return result;
      });
      return respond(result, false);
    } catch (error) {
      if (!(error instanceof KeyTaken)) throw error;
    }
    const existing = (await readKeys(db, scope.projectId, [claim])).get(keyIdOf(claim));
    if (existing) {
      if (existing.requestHash !== claim.requestHash) throw keyReused();
      return respond(existing, true);
    }
    // The record expired (or was swept) between the conflict and the read: claim it afresh.
    if (attempt >= MAX_CLAIMS) throw new Error(`Idempotency-Key could not be claimed after ${MAX_CLAIMS} attempts`);
  }
}

/** 422 `idempotency_key_reused`: the key was stored for another body. */
export function keyReused(path = "/headers/idempotency-key"): AppError {
  return new AppError("idempotency_key_reused", "This Idempotency-Key was already used with a different request body. Use a new key for a different request.", { errors: [{ path, message: "already used with another body" }] });
}

class KeyTaken extends Error {}

function respond(result: IdempotentResult, replayed: boolean): Response {
  const headers: Record<string, string> = replayed ? { "Idempotent-Replayed": "true" } : {};
  return Response.json(result.body, { status: result.status, headers });
}
