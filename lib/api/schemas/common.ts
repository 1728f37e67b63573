import { z } from "zod";

/** Free JSON object (no shape imposed here; validated elsewhere when a schema is known). */
export const jsonObject = () => z.record(z.string(), z.unknown());

/** `limit` query parameter: 1..100, default 20. */
export const limitParam = z.coerce.number().int().min(1).max(100).default(20).describe("Page size, 1 to 100 (default 20).");

/**
 * `limit` of lists whose rows are small (names, versions): 1..1000, default 1000, so a project's whole list
 * still comes in one answer unless it is very long.
 */
export const longLimitParam = z.coerce.number().int().min(1).max(1000).default(1000).describe("Page size, 1 to 1000 (default 1000).");

/** Opaque cursor returned as `nextCursor` by the previous page. */
export const cursorParam = z.string().min(1).max(500).optional().describe("Opaque `nextCursor` from the previous page.");

/** One query parameter that may be repeated (`?tag=a&tag=b`), normalised to an array. */
export const repeatableParam = (item: z.ZodString) =>
  z
    .union([item, z.array(item).max(50)])
    .optional()
    .transform((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]));

/** Largest PostgreSQL `integer`: versions are stored as int4, so larger numbers are refused, not sent to SQL. */
export const INT4_MAX = 2_147_483_647;

/** Identifiers chosen by callers (definition ids): letters, digits, `_`, `-`, `.`; used in URLs. */
export const identifier = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, "use letters, digits, '_', '-' and '.', starting with a letter or digit");

/** What an `Idempotency-Key` (or a batch item's `idempotencyKey`) may be: 1 to 255 visible ASCII characters. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
