import type { z } from "zod";
import type { ApiAuth } from "../api-keys/authenticate-api-key";
import { runBatchItems, type BatchSpec } from "./batch-items";
import { readBatchBody } from "./http/read-batch";
import { batchEnvelopeSchema } from "./schemas/batches";
import { withApiKey, type RouteHandler } from "./with-api-key";

/**
 * A batch route, `POST /api/v1/external/workflows/<name>`: scope `runtimes:write` (as the single writes), the body
 * read by `readBatchBody` (413 over 4 MiB, 422 at `/items` outside 1 to 500 items), every item answered by
 * `runBatchItems` as its single request would have been, and `200 { items: [{ status, body }] }`.
 *
 * With an `Idempotency-Key` header the batch runs in the transaction that key is written in (one chunk, so its
 * rows are locked in one order) and a retry with the key replays the whole answer; without one, in chunks of
 * `BATCH_CHUNK` items, each its own transaction. Either way each item's own key commits with the item's work.
 *
 * @example
 * export const POST = batchWrite("send-events", sendEventsItemSchema, (auth) => ({ single: …, work: … }));
 */
export function batchWrite<S extends z.ZodType>(name: string, item: S, spec: (auth: ApiAuth) => Omit<BatchSpec<S>, "item">): RouteHandler {
  return withApiKey(
    { scope: "runtimes:write", body: batchEnvelopeSchema, readBody: readBatchBody, idempotencyScope: () => `POST /workflows/${name}` },
    async ({ db, auth, body }) => ({ status: 200, body: { items: await runBatchItems(db, auth.projectId, body.items, { item, ...spec(auth) }) } }),
  );
}
