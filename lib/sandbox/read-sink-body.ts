import { AppError } from "../errors";

/**
 * The request body as text, refusing more than `maxBytes` with 413 `payload_too_large` without buffering the
 * excess (a declared Content-Length is checked first). Returns the text and its size in bytes.
 */
export async function readSinkBody(req: Request, maxBytes: number): Promise<{ text: string; bytes: number }> {
  const tooLarge = () => new AppError("payload_too_large", `The request body exceeds the sandbox webhook sink's limit of ${maxBytes} bytes; send a smaller body.`);
  const declared = Number(req.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
  if (!req.body) return { text: "", bytes: 0 };
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (bytes > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return { text: Buffer.concat(chunks).toString("utf8"), bytes };
}
