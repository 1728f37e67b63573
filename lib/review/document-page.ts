import { and, eq } from "drizzle-orm";
import { env } from "../config/env";
import type { Db } from "../db/client";
import { runtimeDocumentVersions } from "../db/schema";
import { AppError, notFound } from "../errors";
import { OutboundError, safeFetch } from "../net/safe-fetch";
import { outboundPolicy } from "../plugins/outbound-policy";
import { getRuntimeOrThrow } from "../runtime/get-runtime";
import { sniffPageType, type PageType } from "./sniff-page-type";

export interface DocumentPageRef {
  runtimeId: string;
  /** The document's `id`, or `#<index>` for a document without one. */
  documentId: string;
  /** The page's index in `pages` (0-based). */
  page: number;
  /** An earlier version of the document (kept when it was replaced); the current one when absent. */
  version?: number;
}

type Doc = { id?: unknown; version?: unknown; pages?: unknown };

/** The page's address as stored on the project's case (current document or an earlier version); 404 otherwise. */
export async function findDocumentPageUri(db: Db, projectId: string, ref: DocumentPageRef): Promise<string> {
  const runtime = await getRuntimeOrThrow(db, projectId, ref.runtimeId);
  const documents = Array.isArray(runtime.context.documents) ? (runtime.context.documents as Doc[]) : [];
  let doc = documents.find((d, i) => (typeof d?.id === "string" ? d.id === ref.documentId : ref.documentId === `#${i}`));
  if (ref.version !== undefined && Number(doc?.version) !== ref.version) {
    const [earlier] = await db
      .select({ document: runtimeDocumentVersions.document })
      .from(runtimeDocumentVersions)
      .where(and(eq(runtimeDocumentVersions.projectId, projectId), eq(runtimeDocumentVersions.runtimeId, runtime.id), eq(runtimeDocumentVersions.documentId, ref.documentId), eq(runtimeDocumentVersions.version, ref.version)))
      .limit(1);
    doc = earlier?.document as Doc | undefined;
  }
  if (!doc) throw notFound("Document", ref.version === undefined ? ref.documentId : `${ref.documentId}' version '${ref.version}`);
  const page = Array.isArray(doc.pages) ? (doc.pages[ref.page] as { uri?: unknown } | undefined) : undefined;
  if (!page) throw notFound("Document page", `${ref.documentId}/${ref.page + 1}`);
  if (typeof page.uri !== "string" || !page.uri) throw new AppError("document_page_unavailable", `Page ${ref.page + 1} of this document has no address (uri).`);
  return page.uri;
}

export interface FetchedPage {
  bytes: Buffer;
  type: PageType;
}

/**
 * Fetch a page through the outgoing-request guard (private addresses refused unless allow-listed, redirects
 * re-checked), at most `DOCUMENT_PAGE_MAX_BYTES`, and sniff its type from the bytes: only JPEG, PNG, WebP and
 * PDF are ever returned. Refusals are errors with a stable code whose detail the viewer shows.
 */
export async function fetchDocumentPage(uri: string): Promise<FetchedPage> {
  const maxBytes = env().DOCUMENT_PAGE_MAX_BYTES;
  const res = await safeFetch({ url: uri, method: "GET", headers: { accept: "image/jpeg, image/png, image/webp, application/pdf" }, maxResponseBytes: maxBytes, followRedirects: 3, timeoutMs: 20_000 }, outboundPolicy()).catch(
    (error: unknown) => {
      if (error instanceof OutboundError && error.code === "response_too_large") {
        throw new AppError("response_too_large", `The page is larger than the viewer's limit of ${formatBytes(maxBytes)} (DOCUMENT_PAGE_MAX_BYTES); download it from its source instead.`);
      }
      throw error;
    },
  );
  if (res.status < 200 || res.status > 299) {
    throw new AppError("document_page_unavailable", `The page's address answered HTTP ${res.status}${res.status === 404 ? " (not found)" : ""}; ask the integrator to send the document again.`);
  }
  const type = sniffPageType(res.body);
  if (!type) {
    const declared = res.headers["content-type"] ?? "no content type";
    throw new AppError("document_page_unsupported", `The page is not a JPEG, PNG, WebP or PDF file (it was sent as ${declared.slice(0, 100)}), so it is not shown here.`);
  }
  return { bytes: res.body, type };
}

function formatBytes(n: number): string {
  return n % (1024 * 1024) === 0 ? `${n / (1024 * 1024)} MiB` : `${n} bytes`;
}
