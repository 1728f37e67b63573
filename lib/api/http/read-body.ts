import { AppError } from "../../errors";

/**
 * The request body's bytes, refusing more than `maxBytes` with 413 `payload_too_large` (`detail` says whose limit)
 * without buffering the excess: a declared Content-Length is checked first, then the stream as it arrives.
 *
 * @example
 * const bytes = await readBodyLimited(req, 1_048_576, "The request body exceeds the limit of 1048576 bytes.");
 */
export async function readBodyLimited(req: Request, maxBytes: number, detail: string): Promise<Uint8Array> {
  const declared = Number(req.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) throw new AppError("payload_too_large", detail);
  if (!req.body) return new Uint8Array();
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new AppError("payload_too_large", detail);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
