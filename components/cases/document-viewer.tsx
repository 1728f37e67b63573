"use client";

import { useEffect, useRef, useState } from "react";
import { loadPage, type LoadedPage } from "./load-page";

export interface ViewerPage {
  /** The backoffice page route (`/api/backoffice/cases/{id}/documents/{documentId}/pages/{i}`). */
  src: string;
  caption: string;
}

const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];

/** At 100 % a page is drawn as wide as the viewer's stage (less its padding), then zoomed. */
const fitWidth = (stage: HTMLElement | null) => Math.max(160, (stage?.clientWidth ?? 540) - 18);

/**
 * One document's pages: images (JPEG, PNG, WebP) and PDFs (page by page, with pdf.js) drawn on a canvas, with
 * zoom and rotation. A page that cannot be fetched shows the server's reason instead.
 */
export function DocumentViewer({ pages, label }: { pages: ViewerPage[]; label: string }) {
  const [index, setIndex] = useState(0);
  const [zoom, setZoom] = useState(2);
  const [rotation, setRotation] = useState(0);
  const [pdfPage, setPdfPage] = useState(1);
  const [fetched, setFetched] = useState<{ src: string; page: LoadedPage } | null>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const src = pages[index]?.src;
  const loaded = fetched?.src === src ? fetched.page : null;

  useEffect(() => {
    if (!src) return;
    const abort = new AbortController();
    loadPage(src, abort.signal).then((page) => !abort.signal.aborted && setFetched({ src, page }));
    return () => abort.abort();
  }, [src]);

  useEffect(() => {
    const target = canvas.current;
    if (!target || !loaded || loaded.kind === "error") return;
    const scale = ZOOMS[zoom];
    const width = fitWidth(stage.current);
    if (loaded.kind === "image") {
      drawImage(target, loaded.bitmap, width, scale, rotation);
      return;
    }
    let task: { cancel(): void; promise: Promise<void> } | null = null;
    let cancelled = false;
    loaded.pdf.getPage(pdfPage).then((page) => {
      if (cancelled) return;
      const natural = page.getViewport({ scale: 1, rotation });
      const viewport = page.getViewport({ scale: (width / natural.width) * scale * (window.devicePixelRatio || 1), rotation });
      target.width = Math.floor(viewport.width);
      target.height = Math.floor(viewport.height);
      target.style.width = `${Math.floor(viewport.width / (window.devicePixelRatio || 1))}px`;
      task = page.render({ canvas: target, viewport });
      task.promise.catch(() => undefined);
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [loaded, zoom, rotation, pdfPage]);

  if (pages.length === 0) return <p className="hint">This document has no pages.</p>;
  const pdfPages = loaded?.kind === "pdf" ? loaded.pdf.numPages : 0;
  return (
    <div className="viewer" data-testid="document-viewer" aria-label={`Viewer: ${label}`}>
      {pages.length > 1 && (
        <div className="viewer-pages" role="group" aria-label="Pages">
          {pages.map((p, i) => (
            <button key={p.src} type="button" className={`btn btn-small ${i === index ? "" : "btn-secondary"}`} aria-pressed={i === index}
              onClick={() => {
                setIndex(i);
                setPdfPage(1);
                setRotation(0);
              }}
            >
              {p.caption}
            </button>
          ))}
        </div>
      )}
      <div className="viewer-tools" role="toolbar" aria-label="View">
        <button type="button" className="btn btn-small btn-secondary" aria-label="Zoom out" disabled={zoom === 0} onClick={() => setZoom(zoom - 1)}>
          −
        </button>
        <span className="hint" data-testid="viewer-zoom">{Math.round(ZOOMS[zoom] * 100)} %</span>
        <button type="button" className="btn btn-small btn-secondary" aria-label="Zoom in" disabled={zoom === ZOOMS.length - 1} onClick={() => setZoom(zoom + 1)}>
          +
        </button>
        <button type="button" className="btn btn-small btn-secondary" onClick={() => setRotation((rotation + 90) % 360)}>
          Rotate ↻
        </button>
        {pdfPages > 0 && (
          <span className="viewer-pdf-nav">
            <button type="button" className="btn btn-small btn-secondary" disabled={pdfPage <= 1} onClick={() => setPdfPage(pdfPage - 1)}>
              ‹ Previous
            </button>
            <span className="hint" data-testid="pdf-page">
              PDF page {pdfPage} of {pdfPages}
            </span>
            <button type="button" className="btn btn-small btn-secondary" disabled={pdfPage >= pdfPages} onClick={() => setPdfPage(pdfPage + 1)}>
              Next ›
            </button>
          </span>
        )}
      </div>
      <div className="viewer-stage" ref={stage}>
        {!loaded && (
          <p className="hint" role="status">
            Loading {pages[index].caption.toLowerCase()}…
          </p>
        )}
        {loaded?.kind === "error" ? (
          <div className="banner banner-danger" data-testid="viewer-error" data-code={loaded.code}>
            <strong>This page cannot be shown</strong> {loaded.detail}
          </div>
        ) : (
          <canvas ref={canvas} role="img" aria-label={`${label}, ${pages[index].caption}${pdfPages ? `, PDF page ${pdfPage}` : ""}`} data-kind={loaded?.kind} hidden={!loaded} />
        )}
      </div>
    </div>
  );
}

/** Draws the image fitted to `width`, zoomed, and turned by `rotation` degrees (a multiple of 90). */
function drawImage(target: HTMLCanvasElement, bitmap: ImageBitmap, width: number, zoom: number, rotation: number) {
  const turned = rotation % 180 !== 0;
  const fit = width / (turned ? bitmap.height : bitmap.width);
  const ratio = window.devicePixelRatio || 1;
  const w = bitmap.width * fit * zoom;
  const h = bitmap.height * fit * zoom;
  const [cw, ch] = turned ? [h, w] : [w, h];
  target.width = Math.round(cw * ratio);
  target.height = Math.round(ch * ratio);
  target.style.width = `${Math.round(cw)}px`;
  const ctx = target.getContext("2d");
  if (!ctx) return;
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.translate(cw / 2, ch / 2);
  ctx.rotate((rotation * Math.PI) / 180);
  ctx.drawImage(bitmap, -w / 2, -h / 2, w, h);
}
