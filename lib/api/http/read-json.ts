import type { z } from "zod";
import { readBodyLimited } from "./read-body";
import { AppError, validationFailed } from "../../errors";
import { jsonDepth, unsafeJsonErrors } from "./json-guards";
import { zodFieldErrors } from "./zod-problems";

export interface ReadJsonOptions {
  /** Largest accepted body in bytes (default 1 MB); larger bodies get 413 `payload_too_large`. */
  maxBytes?: number;
  /** Deepest accepted nesting of objects/arrays (default 64); deeper bodies get 422 `too_deeply_nested`. */
  maxDepth?: number;
  /**
   * Only these media types (parameters aside), named by a 415's `Accept-Patch` header: a PATCH's. By default any
   * JSON type (`application/json`, `application/*+json`), named by `Accept-Post: application/json`.
   */
  patchMediaTypes?: readonly string[];
}

/** Largest body of a single request (a batch item is held to it too). */
export const DEFAULT_MAX_BYTES = 1_000_000;
const DEFAULT_MAX_DEPTH = 64;

/**
 * Read, parse and validate a JSON request body. Every bad input becomes a 4xx `AppError`, checked in order:
 * 415 `unsupported_media_type` (not `application/json`), 413 `payload_too_large`, 400 `malformed_json`
 * (empty, not UTF-8, not JSON), 422 `too_deeply_nested`, 422 `forbidden_key` (`__proto__`, `constructor`,
 * `prototype` anywhere), 422 `validation_failed` for NUL characters and unpaired surrogates (unstorable in PostgreSQL) and for every
 * schema issue, each with a JSON pointer.
 *
 * @example
 * const body = await readJsonBody(req, sendEventRequestSchema); // { name: "start", payload?: {...} }
 */
export async function readJsonBody<S extends z.ZodType>(req: Request, schema: S, options: ReadJsonOptions = {}): Promise<z.output<S>> {
  return parseWithSchema(schema, assertSafeJson(await readJsonValue(req, options)));
}

/**
 * The steps of `readJsonBody` before any check of the value: 415, 413, 400 (empty, not UTF-8, not JSON) and 422
 * `too_deeply_nested`. The parsed value still needs `assertSafeJson` before it is used.
 */
export async function readJsonValue(req: Request, options: ReadJsonOptions = {}): Promise<unknown> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
  assertJsonContentType(req.headers.get("content-type"), options.patchMediaTypes);
  const text = decodeUtf8(await readBodyLimited(req, maxBytes, `The request body exceeds the limit of ${maxBytes} bytes.`));
  if (text.trim() === "") throw new AppError("malformed_json", "The request body is empty; send a JSON object.");
  if (jsonDepth(text, maxDepth) > maxDepth) {
    throw new AppError("too_deeply_nested", `The request body nests objects/arrays deeper than ${maxDepth} levels; flatten it.`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new AppError("malformed_json", `The request body is not valid JSON: ${(error as Error).message}.`);
  }
}

/** `value` when it holds no forbidden key (422 `forbidden_key`) and no unstorable text (422 `validation_failed`). */
export function assertSafeJson<T>(value: T): T {
  const unsafe = unsafeJsonErrors(value);
  if (unsafe.length === 0) return value;
  const errors = unsafe.map(({ path, message }) => ({ path, message }));
  if (unsafe.some((e) => e.kind === "forbidden_key")) throw new AppError("forbidden_key", "The request body contains keys that are never accepted.", { errors: errors });
  throw validationFailed("The request body contains text that cannot be stored (NUL characters or unpaired surrogates).", errors);
}

/** Validate an already-parsed value; 422 `validation_failed` with one `{ path, message }` per issue. */
export function parseWithSchema<S extends z.ZodType>(schema: S, value: unknown, prefix = ""): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors = zodFieldErrors(schema, result.error, prefix);
  const summary = errors.length === 1 ? `${errors[0].path || "/"}: ${errors[0].message}` : `${errors.length} problems; see errors`;
  throw validationFailed(`The request is invalid: ${summary}.`, errors);
}

function assertJsonContentType(header: string | null, patchTypes: readonly string[] | undefined): void {
  const mediaType = (header ?? "").split(";")[0].trim().toLowerCase();
  if (patchTypes) {
    if (patchTypes.includes(mediaType)) return;
    const send = patchTypes.map((t) => `'Content-Type: ${t}'`).join(" or ");
    throw new AppError("unsupported_media_type", header ? `Content-Type '${header}' is not supported here; send ${send}.` : `Send ${send} with a JSON body.`, { headers: { "Accept-Patch": patchTypes.join(", ") } });
  }
  if (mediaType === "application/json" || /^application\/[a-z0-9.+-]+\+json$/.test(mediaType)) return;
  throw new AppError("unsupported_media_type", header ? `Content-Type '${header}' is not supported; send 'Content-Type: application/json'.` : "Send 'Content-Type: application/json' with a JSON body.", { headers: { "Accept-Post": "application/json" } });
}


function decodeUtf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new AppError("malformed_json", "The request body is not valid UTF-8 text.");
  }
}
