import { randomUUID } from "node:crypto";
import { PgTransaction } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { Db } from "../db/client";
import { AppError } from "../errors";
import { errorMessage, logger } from "../observability/logger";
import { currentScope } from "../observability/request-scope";
import type { Outcome } from "../runtime/outcome";
import { keyReused, type IdempotentResult } from "./http/idempotency";
import { claimKeys, KEY_TTL_MS, keyIdOf, readKeys, requestHashOf, settleKeys, type KeyClaim } from "./http/idempotency-keys";
import { problemOf } from "./http/problem";
import { assertSafeJson, DEFAULT_MAX_BYTES, parseWithSchema } from "./http/read-json";

/** Items per transaction of a batch without a batch-wide `Idempotency-Key`: short transactions, few statements. */
export const BATCH_CHUNK = 100;
/** Claims of one chunk's keys in a row before giving up (a record expiring between a conflict and its read). */
const MAX_CLAIMS = 3;

/** One item's answer: the status and body its single request would have had; `replayed` when its key replayed it. */
export interface ItemAnswer {
  status: number;
  body: unknown;
  replayed?: true;
}

export interface BatchSpec<S extends z.ZodType> {
  /** What each item is read with: the single route's body schema plus the item's own fields. */
  item: S;
  /** The single request an item stands for: its body (hashed for its key's record), its key and the key's scope. */
  single: (item: z.output<S>) => { body: unknown; scope: string; key: string | undefined };
  /** The valid items' work in `tx`: one outcome per item, in order; a failed item must have stored nothing. */
  work: (tx: Db, items: z.output<S>[]) => Promise<Outcome<IdempotentResult>[]>;
}

interface Item<T> {
  index: number;
  value: T;
  claim?: KeyClaim;
}

/**
 * Answer every item of a batch as its single request would have been answered, in order. Each item is read on its
 * own (size, forbidden keys, schema: its problem has pointers relative to the item), so one bad item does not fail
 * the others. The valid items are done in chunks of `BATCH_CHUNK`, one transaction each (`db` being the pool); given
 * a transaction (a batch sent with `Idempotency-Key`), all in it as one chunk, under a savepoint.
 *
 * An item's `idempotencyKey` is the key its single request would have sent, in the single route's scope, and commits
 * with the item's work in the chunk's transaction: the chunk claims its keys (in one order, `claimKeys`), replays the
 * items whose keys hold an answer for the same body (`replayed`), answers 422 `idempotency_key_reused` for another
 * body, does the rest (`work`), and stores the successes' answers and releases the failures' keys in one statement.
 * A key repeated within the batch gets the first item's answer (422 if its body differs).
 *
 * A chunk whose statements fail (not an item's refusal: a lost connection, a deadlock) is rolled back and its items
 * are done again one by one, so the failure stays with the item that causes it (a 500 quoting the request id).
 */
export async function runBatchItems<S extends z.ZodType>(db: Db, projectId: string, raw: unknown[], spec: BatchSpec<S>): Promise<ItemAnswer[]> {
  const requestId = currentScope()?.requestId ?? randomUUID();
  const answers: ItemAnswer[] = new Array(raw.length);
  const items: Item<z.output<S>>[] = [];
  const repeats: Item<z.output<S>>[] = [];
  const firstOfKey = new Map<string, Item<z.output<S>>>();
  raw.forEach((entry, index) => {
    try {
      const value = readItem(spec.item, entry);
      const single = spec.single(value);
      const item: Item<z.output<S>> = { index, value };
      if (single.key !== undefined) item.claim = { scope: single.scope, key: single.key, requestHash: requestHashOf(JSON.stringify(single.body)) };
      if (item.claim && firstOfKey.has(keyIdOf(item.claim))) return void repeats.push(item);
      if (item.claim) firstOfKey.set(keyIdOf(item.claim), item);
      items.push(item);
    } catch (error) {
      answers[index] = problemAnswer(error, requestId);
    }
  });
  const size = db instanceof PgTransaction ? Math.max(items.length, 1) : BATCH_CHUNK;
  for (let i = 0; i < items.length; i += size) await runChunk(db, projectId, items.slice(i, i + size), spec, answers, requestId);
  for (const item of repeats) {
    const first = firstOfKey.get(keyIdOf(item.claim!))!;
    const answer = answers[first.index];
    answers[item.index] =
      first.claim!.requestHash !== item.claim!.requestHash ? problemAnswer(keyReused("/idempotencyKey"), requestId) : answer.status < 300 ? { ...answer, replayed: true } : answer;
  }
  return answers;
}

/** An item read as its single request's body would be; throws that request's 413 or 422. */
function readItem<S extends z.ZodType>(schema: S, entry: unknown): z.output<S> {
  const bytes = Buffer.byteLength(JSON.stringify(entry) ?? "");
  if (bytes > DEFAULT_MAX_BYTES) throw new AppError("payload_too_large", `The item exceeds the limit of ${DEFAULT_MAX_BYTES} bytes of a single request (it has ${bytes}).`);
  return parseWithSchema(schema, assertSafeJson(entry));
}

async function runChunk<S extends z.ZodType>(db: Db, projectId: string, chunk: Item<z.output<S>>[], spec: BatchSpec<S>, answers: ItemAnswer[], requestId: string): Promise<void> {
  try {
    await db.transaction((tx) => chunkWork(tx as unknown as Db, projectId, chunk, spec, answers, requestId));
  } catch (error) {
    if (chunk.length === 1) {
      answers[chunk[0].index] = problemAnswer(error, requestId);
      return;
    }
    logger().warn({ requestId, items: chunk.length, error: errorMessage(error) }, "batch chunk failed; doing its items one by one");
    for (const item of chunk) await runChunk(db, projectId, [item], spec, answers, requestId);
  }
}

async function chunkWork<S extends z.ZodType>(tx: Db, projectId: string, chunk: Item<z.output<S>>[], spec: BatchSpec<S>, answers: ItemAnswer[], requestId: string): Promise<void> {
  const owned = new Set<string>();
  let unclaimed = chunk.filter((item) => item.claim);
  for (let attempt = 1; unclaimed.length > 0; attempt++) {
    if (attempt > MAX_CLAIMS) throw new Error(`Idempotency keys could not be claimed after ${MAX_CLAIMS} attempts`);
    const claimed = await claimKeys(tx, projectId, unclaimed.map((item) => item.claim!), new Date(Date.now() + KEY_TTL_MS));
    for (const id of claimed) owned.add(id);
    const taken = unclaimed.filter((item) => !claimed.has(keyIdOf(item.claim!)));
    const stored = await readKeys(tx, projectId, taken.map((item) => item.claim!));
    unclaimed = [];
    for (const item of taken) {
      const record = stored.get(keyIdOf(item.claim!));
      // No record: it expired (or was swept) between the conflict and the read; claim it afresh.
      if (!record) unclaimed.push(item);
      else if (record.requestHash !== item.claim!.requestHash) answers[item.index] = problemAnswer(keyReused("/idempotencyKey"), requestId);
      else answers[item.index] = { status: record.status, body: record.body, replayed: true };
    }
  }
  const todo = chunk.filter((item) => !item.claim || owned.has(keyIdOf(item.claim)));
  const outcomes = todo.length ? await spec.work(tx, todo.map((item) => item.value)) : [];
  const completed: (KeyClaim & IdempotentResult)[] = [];
  const failed: KeyClaim[] = [];
  outcomes.forEach((outcome, k) => {
    const item = todo[k];
    answers[item.index] = outcome.ok ? outcome.value : problemAnswer(outcome.error, requestId);
    if (item.claim && outcome.ok) completed.push({ ...item.claim, ...outcome.value });
    else if (item.claim) failed.push(item.claim);
  });
  await settleKeys(tx, projectId, completed, failed);
}

function problemAnswer(error: unknown, requestId: string): ItemAnswer {
  const { status, body } = problemOf(error, requestId);
  return { status, body };
}
