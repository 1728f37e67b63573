// pdf.js's worker, bundled as a module worker of this app (served from its own origin under /_next/static,
// so the CSP needs `worker-src 'self'` and no blob: or eval). Importing it in a worker starts its message handler.
import "pdfjs-dist/build/pdf.worker.min.mjs";
