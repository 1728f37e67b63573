import { createHash } from "node:crypto";
import { and, eq, gte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { idempotencyKeys } from "../../db/schema";
import { AppError } from "../../errors";

const TTL_MS = 24 * 60 * 60 * 1000;
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
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) {
    throw new AppError("invalid_idempotency_key", "Idempotency-Key must be 1 to 255 visible ASCII characters, e.g. a UUID.", { errors: [
      { path: "/headers/idempotency-key", message: "1 to 255 visible ASCII characters" },
    ] });
  }
  const id = { projectId: scope.projectId, scope: scope.endpoint, key };
  const requestHash = createHash("sha256").update(scope.bodyText).digest("hex");

  for (let attempt = 1; ; attempt++) {
    try {
      const result = await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        if (!(await claimKey(tx, id, requestHash))) throw new KeyTaken();
        const result = await work(tx);
        await tx
          .update(idempotencyKeys)
          .set({ status: "completed", responseStatus: result.status, responseBody: result.body })
          .where(whereKey(id));
        return result;
      });
      return respond(result, false);
    } catch (error) {
      if (!(error instanceof KeyTaken)) throw error;
    }
    const [existing] = await db.select().from(idempotencyKeys).where(and(whereKey(id), gte(idempotencyKeys.expiresAt, sql`now()`)));
    if (existing) {
      if (existing.requestHash !== requestHash) {
        throw new AppError("idempotency_key_reused", "This Idempotency-Key was already used with a different request body. Use a new key for a different request.", { errors: [{ path: "/headers/idempotency-key", message: "already used with another body" }] });
      }
      return respond({ status: existing.responseStatus ?? 200, body: existing.responseBody }, true);
    }
    // The record expired (or was swept) between the conflict and the read: claim it afresh.
    if (attempt >= MAX_CLAIMS) throw new Error(`Idempotency-Key could not be claimed after ${MAX_CLAIMS} attempts`);
  }
}

class KeyTaken extends Error {}

type KeyId = { projectId: string; scope: string; key: string };

function whereKey(id: KeyId) {
  return and(eq(idempotencyKeys.projectId, id.projectId), eq(idempotencyKeys.scope, id.scope), eq(idempotencyKeys.key, id.key));
}

/**
 * Insert the key's row in the caller's transaction; true when this request owns the key. A row another
 * transaction has inserted but not committed blocks here until it ends: committed, this request replays it;
 * rolled back, this request owns the key. An expired row is taken over. So is an `in_progress` row: only the
 * claim-then-complete protocol of earlier releases could leave one committed, for a request that died mid-way.
 */
async function claimKey(tx: Db, id: KeyId, requestHash: string): Promise<boolean> {
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ ...id, requestHash, status: "in_progress", expiresAt: new Date(Date.now() + TTL_MS) })
    .onConflictDoUpdate({
      target: [idempotencyKeys.projectId, idempotencyKeys.scope, idempotencyKeys.key],
      set: {
        requestHash: sql`excluded.request_hash`,
        status: "in_progress",
        responseStatus: null,
        responseBody: null,
        createdAt: sql`now()`,
        expiresAt: sql`excluded.expires_at`,
      },
      setWhere: sql`${idempotencyKeys.expiresAt} < now() or ${idempotencyKeys.status} = 'in_progress'`,
    })
    .returning({ key: idempotencyKeys.key });
  return claimed.length > 0;
}

function respond(result: IdempotentResult, replayed: boolean): Response {
  const headers: Record<string, string> = replayed ? { "Idempotent-Replayed": "true" } : {};
  return Response.json(result.body, { status: result.status, headers });
}
