import { DocumentDecisionForm } from "./document-decision-form";
import type { EarlierDocument } from "@/lib/review/earlier-documents";
import { DocumentViewer, type ViewerPage } from "./document-viewer";

type Json = Record<string, unknown>;
interface Page {
  uri?: unknown;
  type?: unknown;
  provider?: unknown;
  metadata?: { side?: unknown; pageNumber?: unknown };
}


const IMAGE = /^(jpe?g|png|gif|webp|bmp|svg)$/i;

/** Only http(s) page URIs become links: a `javascript:` or `data:` URI from the API never renders. */
function safeUrl(uri: unknown): string | null {
  if (typeof uri !== "string") return null;
  try {
    const u = new URL(uri);
    return u.protocol === "https:" || u.protocol === "http:" ? u.href : null;
  } catch {
    return null;
  }
}

function kindOf(page: Page, url: string): "image" | "PDF" | "file" {
  const type = typeof page.type === "string" ? page.type : (new URL(url).pathname.split(".").pop() ?? "");
  if (IMAGE.test(type) || /^image\//.test(type)) return "image";
  return /pdf/i.test(type) ? "PDF" : "file";
}

const pagesOf = (doc: Json | undefined): Page[] => (Array.isArray(doc?.pages) ? (doc.pages as Page[]) : []);
const captionOf = (page: Page, p: number) => `Page ${String(page.metadata?.pageNumber ?? p + 1)}${page.metadata?.side ? ` (${String(page.metadata.side)})` : ""}`;

/** The viewer's pages of one document version, each served by the backoffice page route (never the raw address). */
function viewerPages(runtimeId: string, documentId: string, doc: Json, version?: number): ViewerPage[] {
  const base = `/api/backoffice/cases/${runtimeId}/documents/${encodeURIComponent(documentId)}/pages`;
  return pagesOf(doc).map((page, p) => ({ src: `${base}/${p}${version === undefined ? "" : `?version=${version}`}`, caption: captionOf(page, p) }));
}

interface Props {
  documents: unknown;
  runtimeId: string;
  version: number;
  canDecide: boolean;
  /** Earlier versions by document id, newest first: the latest is shown beside the current one. */
  earlier?: Record<string, EarlierDocument[]>;
}

/** The case's documents (`context.documents`): a viewer per document beside its decision, and its source addresses. */
export function DocumentsPanel({ documents, runtimeId, version, canDecide, earlier = {} }: Props) {
  const docs = Array.isArray(documents) ? (documents as Json[]) : [];
  return (
    <section className="panel" aria-labelledby="docs-heading">
      <h2 id="docs-heading">Documents ({docs.length})</h2>
      {docs.length === 0 && <p className="hint">No documents were submitted with this case.</p>}
      <div className="docs">
        {docs.map((doc, i) => {
          const id = typeof doc?.id === "string" ? doc.id : `#${i}`;
          const label = `${String(doc?.category ?? "document")}${doc?.type ? ` / ${String(doc.type)}` : ""}`;
          const decision = (doc?.decision ?? null) as { status?: string; rejectionReason?: string | null; revisionReason?: string | null } | null;
          const previous = earlier[id]?.[0];
          const current = <DocumentViewer pages={viewerPages(runtimeId, id, doc)} label={`${label}${previous ? ", current version" : ""}`} />;
          return (
            <article key={id} className="doc" data-testid="document" aria-label={`Document ${i + 1}: ${label}`}>
              <h3 style={{ marginTop: 0 }}>
                {i + 1}. {label}
                {doc?.version !== undefined && <span className="hint"> · version {String(doc.version)}</span>}
                {decision?.status && (
                  <span className={`badge ${decision.status === "approved" ? "badge-ok" : decision.status === "rejected" ? "badge-danger" : "badge-review"}`} style={{ marginLeft: 8 }} data-testid="document-decision">
                    {decision.status}
                  </span>
                )}
              </h3>
              {(decision?.rejectionReason || decision?.revisionReason) && <p className="hint">Reason: {decision.rejectionReason ?? decision.revisionReason}</p>}
              <div className={`doc-layout${previous ? " with-versions" : ""}`}>
                {previous ? (
                  <div className="doc-versions" data-testid="document-versions">
                    <div>
                      <h4>Previous: version {previous.version}</h4>
                      <DocumentViewer pages={viewerPages(runtimeId, id, previous.document, previous.version)} label={`${label}, version ${previous.version}`} />
                      {previous.document.decision ? <p className="hint">Was: {describeDecision(previous.document.decision)}</p> : null}
                    </div>
                    <div>
                      <h4>Current: version {String(doc.version ?? "")}</h4>
                      {current}
                    </div>
                  </div>
                ) : (
                  current
                )}
                <div>
                  {canDecide && <DocumentDecisionForm runtimeId={runtimeId} version={version} documentId={id} label={`${i + 1}. ${label}`} />}
                  <h4 className="hint" style={{ margin: "0.75rem 0 0.25rem" }}>
                    Sources
                  </h4>
                  <ul className="doc-sources">
                    {pagesOf(doc).map((page, p) => {
                      const url = safeUrl(page.uri);
                      const caption = captionOf(page, p);
                      return (
                        <li key={p}>
                          {caption}:{" "}
                          {url ? (
                            <a href={url} target="_blank" rel="noopener noreferrer">
                              Open {kindOf(page, url)}
                            </a>
                          ) : (
                            <span className="hint">no viewable address</span>
                          )}
                        </li>
                      );
                    })}
                  </ul>
                </div>
              </div>
            </article>
          );
        })}
      </div>
    </section>
  );
}

function describeDecision(decision: unknown): string {
  const d = decision as { status?: string; revisionReason?: string | null; rejectionReason?: string | null };
  const reason = d.revisionReason ?? d.rejectionReason;
  return `${d.status ?? "pending"}${reason ? ` — ${reason}` : ""}`;
}
