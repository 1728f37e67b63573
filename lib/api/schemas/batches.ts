import { z } from "zod";
import { IDEMPOTENCY_KEY_PATTERN, INT4_MAX } from "./common";
import { problemSchema, runResponseSchema } from "./responses";
import { runRequestSchema } from "./run";
import { runtimeResponseSchema } from "./runtimes";
import { sendEventRequestSchema } from "./send-event";

/** Items per batch request: at least 1, at most 500. */
export const BATCH_MAX_ITEMS = 500;
/** Largest batch body: 4 MiB, about 8 KB per item of a full batch (a typical run item is 0.3 to 3 KB). */
export const BATCH_MAX_BYTES = 4 * 1024 * 1024;

const idempotencyKey = z
  .string()
  .regex(IDEMPOTENCY_KEY_PATTERN, "1 to 255 visible ASCII characters, e.g. a UUID")
  .optional()
  .describe("The item's own Idempotency-Key, shared with the single route: committed with the item's work; a repeat replays the item's answer.");

/** One item of `POST /workflows/run-batch`: a run request, and the key it would have sent as `Idempotency-Key`. */
export const runBatchItemSchema = runRequestSchema.extend({ idempotencyKey });

/** One item of `POST /workflows/send-events`: the runtime, a send-event body, its `If-Match` and its key. */
export const sendEventsItemSchema = sendEventRequestSchema.extend({
  workflowRuntimeId: z.string().min(1).max(200).describe("Runtime id returned by run."),
  ifMatch: z
    .union([z.int().min(0).max(INT4_MAX), z.string().regex(/^\s*(?:W\/)?"?\d{1,9}"?\s*$/, 'a runtime version, e.g. 3 or "3" (the ETag)')])
    .optional()
    .describe("Apply only if the runtime is at this version (what `If-Match` does for one event); else this item's 412."),
  idempotencyKey,
});

export type RunBatchItem = z.output<typeof runBatchItemSchema>;
export type SendEventsItem = z.output<typeof sendEventsItemSchema>;

/** How the batch routes read their body: an `items` array whose entries are read one by one (each has its own answer). */
export const batchEnvelopeSchema = z.strictObject({ items: z.array(z.unknown()) });

const items = <T extends z.ZodType>(item: T) =>
  z.strictObject({ items: z.array(item).min(1).max(BATCH_MAX_ITEMS).describe(`1 to ${BATCH_MAX_ITEMS} items, answered in order.`) });

/** The documented body of `POST /workflows/run-batch` (for the OpenAPI document; items are validated one by one). */
export const runBatchRequestSchema = items(runBatchItemSchema);
/** The documented body of `POST /workflows/send-events`. */
export const sendEventsRequestSchema = items(sendEventsItemSchema);

const answers = <T extends z.ZodType>(success: T, description: string) =>
  z.object({
    items: z
      .array(
        z.object({
          status: z.int().describe("The status the single request would have answered."),
          body: z.union([success, problemSchema]).describe(description),
          replayed: z.literal(true).optional().describe("The answer was stored for the item's idempotency key and is replayed, nothing was done again."),
        }),
      )
      .describe("One answer per item, in the order of the request."),
  });

export const runBatchResponseSchema = answers(runResponseSchema, "201: the run's ids; otherwise the problem (pointers relative to the item).");
export const sendEventsResponseSchema = answers(runtimeResponseSchema, "200: the runtime after the event; otherwise the problem (pointers relative to the item).");
