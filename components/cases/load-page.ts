import type { PDFDocumentProxy } from "pdfjs-dist";

/** A fetched document page, ready to draw: a decoded image or an open PDF; or why it cannot be shown. */
export type LoadedPage =
  | { kind: "image"; bitmap: ImageBitmap }
  | { kind: "pdf"; pdf: PDFDocumentProxy }
  | { kind: "error"; code: string; detail: string };

let pdfjs: Promise<typeof import("pdfjs-dist")> | undefined;

/** pdf.js, loaded on first use with its worker from this app's origin (see `pdf-worker.ts`). */
function loadPdfjs(): Promise<typeof import("pdfjs-dist")> {
  pdfjs ??= import("pdfjs-dist").then((lib) => {
    lib.GlobalWorkerOptions.workerPort = new Worker(new URL("./pdf-worker.ts", import.meta.url), { type: "module" });
    return lib;
  });
  return pdfjs;
}

/**
 * Fetch a page from the backoffice's page route and decode it. The route has sniffed the type, so the answer is
 * a JPEG, PNG, WebP or PDF, or problem+json whose `detail` says why not (refused address, 404, too large, type).
 * Images are decoded with `createImageBitmap` and PDFs opened from bytes: nothing needs a blob: URL.
 */
export async function loadPage(src: string, signal: AbortSignal): Promise<LoadedPage> {
  let res: Response;
  try {
    res = await fetch(src, { credentials: "same-origin", cache: "no-store", signal });
  } catch {
    return { kind: "error", code: "network_error", detail: "The page could not be loaded: the server did not answer." };
  }
  if (!res.ok) {
    const problem = (await res.json().catch(() => null)) as { code?: string; detail?: string } | null;
    return { kind: "error", code: problem?.code ?? `http_${res.status}`, detail: problem?.detail ?? `The page could not be loaded (HTTP ${res.status}).` };
  }
  const type = res.headers.get("content-type") ?? "";
  const bytes = await res.arrayBuffer();
  try {
    if (type === "application/pdf") {
      const lib = await loadPdfjs();
      const pdf = await lib.getDocument({ data: new Uint8Array(bytes), useWasm: false, enableXfa: false, isOffscreenCanvasSupported: false }).promise;
      return { kind: "pdf", pdf };
    }
    return { kind: "image", bitmap: await createImageBitmap(new Blob([bytes], { type })) };
  } catch (error) {
    return { kind: "error", code: "undecodable", detail: `The file could not be read as ${type === "application/pdf" ? "a PDF" : "an image"}: ${(error as Error).message}` };
  }
}
