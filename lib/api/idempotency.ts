import { createHash } from "node:crypto";
import { and, eq, lt, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { idempotencyKeys } from "../db/schema";
import { AppError } from "./errors";

const TTL_MS = 24 * 60 * 60 * 1000;
/** An `in_progress` key older than this belongs to a request that died; a retry may take it over. */
const ABANDONED_MS = 60_000;
const WAIT_FOR_FIRST_MS = 15_000;

export interface IdempotentResult {
  status: number;
  body: unknown;
}

/**
 * Run `work` at most once per `Idempotency-Key` (scoped to project + endpoint), for 24 hours. The same key
 * with the same body replays the first successful response (`Idempotent-Replayed: true`); with another body it
 * is a 422 `idempotency_key_reused`. Concurrent requests with one key wait for the first and replay it.
 * Failed requests are not remembered, so the caller may retry them with the same key.
 */
export async function idempotent(
  db: Db,
  req: Request,
  scope: { projectId: string; endpoint: string; bodyText: string },
  work: () => Promise<IdempotentResult>,
): Promise<Response> {
  const key = req.headers.get("idempotency-key");
  if (key === null) return respond(await work(), false);
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) {
    throw new AppError("invalid_idempotency_key", 400, "Idempotency-Key must be 1 to 255 visible ASCII characters, e.g. a UUID.", [
      { path: "/headers/idempotency-key", message: "1 to 255 visible ASCII characters" },
    ]);
  }
  const id = { projectId: scope.projectId, scope: scope.endpoint, key };
  const where = and(eq(idempotencyKeys.projectId, id.projectId), eq(idempotencyKeys.scope, id.scope), eq(idempotencyKeys.key, key));
  const requestHash = createHash("sha256").update(scope.bodyText).digest("hex");
  const deadline = Date.now() + WAIT_FOR_FIRST_MS;

  for (;;) {
    // Drop an expired record, or take over one abandoned mid-flight, then try to claim the key.
    await db
      .delete(idempotencyKeys)
      .where(
        and(
          where,
          or(
            lt(idempotencyKeys.expiresAt, sql`now()`),
            and(eq(idempotencyKeys.status, "in_progress"), lt(idempotencyKeys.createdAt, new Date(Date.now() - ABANDONED_MS))),
          ),
        ),
      );
    const claimed = await db
      .insert(idempotencyKeys)
      .values({ ...id, requestHash, status: "in_progress", expiresAt: new Date(Date.now() + TTL_MS) })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length) {
      let result: IdempotentResult;
      try {
        result = await work();
      } catch (error) {
        await db.delete(idempotencyKeys).where(where);
        throw error;
      }
      await db
        .update(idempotencyKeys)
        .set({ status: "completed", responseStatus: result.status, responseBody: result.body })
        .where(where);
      return respond(result, false);
    }
    const [existing] = await db.select().from(idempotencyKeys).where(where);
    if (!existing) continue;
    if (existing.requestHash !== requestHash) {
      throw new AppError(
        "idempotency_key_reused",
        422,
        "This Idempotency-Key was already used with a different request body. Use a new key for a different request.",
        [{ path: "/headers/idempotency-key", message: "already used with another body" }],
      );
    }
    if (existing.status === "completed") return respond({ status: existing.responseStatus ?? 200, body: existing.responseBody }, true);
    if (Date.now() > deadline) {
      throw new AppError("idempotency_in_progress", 409, "A request with this Idempotency-Key is still being processed; retry shortly.", [], { "Retry-After": "1" });
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

function respond(result: IdempotentResult, replayed: boolean): Response {
  const headers: Record<string, string> = replayed ? { "Idempotent-Replayed": "true" } : {};
  return Response.json(result.body, { status: result.status, headers });
}
