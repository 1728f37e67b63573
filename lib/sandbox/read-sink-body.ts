import { readBodyLimited } from "../api/http/read-body";

/**
 * The request body as text, refusing more than `maxBytes` with 413 `payload_too_large` without buffering the
 * excess (a declared Content-Length is checked first). Returns the text and its size in bytes.
 */
export async function readSinkBody(req: Request, maxBytes: number): Promise<{ text: string; bytes: number }> {
  const body = await readBodyLimited(req, maxBytes, `The request body exceeds the sandbox webhook sink's limit of ${maxBytes} bytes; send a smaller body.`);
  return { text: Buffer.from(body).toString("utf8"), bytes: body.byteLength };
}
