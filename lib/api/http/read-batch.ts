import { validationFailed } from "../../errors";
import { BATCH_MAX_BYTES, BATCH_MAX_ITEMS, batchEnvelopeSchema } from "../schemas/batches";
import { assertSafeJson, parseWithSchema, readJsonValue } from "./read-json";

/** A single body may nest 64 levels; in a batch it sits two levels down (`{ "items": [ … ] }`). */
const BATCH_MAX_DEPTH = 64 + 2;

/**
 * Read a batch route's body: JSON of at most `BATCH_MAX_BYTES` (else 413 `payload_too_large`), an object with only
 * `items`, holding 1 to `BATCH_MAX_ITEMS` entries (else 422 `validation_failed` at `/items`, naming the limit).
 * The entries are not checked here: each is read as a single request's body when the batch runs (`runBatchItems`),
 * so a bad item gets its own answer and the others are done.
 */
export async function readBatchBody(req: Request): Promise<{ items: unknown[] }> {
  const value = await readJsonValue(req, { maxBytes: BATCH_MAX_BYTES, maxDepth: BATCH_MAX_DEPTH });
  // The envelope's own keys are checked here; each item's when it is read.
  assertSafeJson(value !== null && typeof value === "object" && !Array.isArray(value) ? { ...value, items: [] } : value);
  const { items } = parseWithSchema(batchEnvelopeSchema, value);
  if (items.length === 0 || items.length > BATCH_MAX_ITEMS) {
    const fix = items.length === 0 ? "Send at least one." : `Split it into batches of at most ${BATCH_MAX_ITEMS}.`;
    throw validationFailed(`A batch holds 1 to ${BATCH_MAX_ITEMS} items; this one has ${items.length}. ${fix}`, [
      { path: "/items", message: `1 to ${BATCH_MAX_ITEMS} items (got ${items.length})` },
    ]);
  }
  return { items };
}
