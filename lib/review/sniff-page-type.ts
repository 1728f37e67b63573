/** The types a document page may be shown as. Anything else (HTML, SVG, scripts, archives) is never served. */
export type PageType = "image/jpeg" | "image/png" | "image/webp" | "application/pdf";

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/**
 * The page's type from its first bytes (its magic number), never from a declared Content-Type or file name:
 * JPEG `FF D8 FF`, PNG `89 50 4E 47 0D 0A 1A 0A`, WebP `RIFF....WEBP`, PDF `%PDF-`. Null for anything else.
 *
 * @example
 * sniffPageType(Buffer.from("%PDF-1.4\n…")) // "application/pdf"
 * sniffPageType(Buffer.from("<svg …")) // null
 */
export function sniffPageType(bytes: Uint8Array): PageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "image/webp";
  if (startsWith(bytes, ascii("%PDF-"))) return "application/pdf";
  return null;
}

/** The file extension a page of `type` is named with in `Content-Disposition`. */
export function pageExtension(type: PageType): string {
  return { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp", "application/pdf": "pdf" }[type];
}
