import { DocumentDecisionForm } from "./document-decision-form";

type Json = Record<string, unknown>;
interface Page {
  uri?: unknown;
  type?: unknown;
  provider?: unknown;
  metadata?: { side?: unknown; pageNumber?: unknown };
}

const IMAGE = /^(jpe?g|png|gif|webp|bmp|svg)$/i;

/** Only http(s) page URIs become links or images: a `javascript:` or `data:` URI from the API never renders. */
function safeUrl(uri: unknown): string | null {
  if (typeof uri !== "string") return null;
  try {
    const u = new URL(uri);
    return u.protocol === "https:" || u.protocol === "http:" ? u.href : null;
  } catch {
    return null;
  }
}

function kindOf(page: Page, url: string): "image" | "pdf" | "file" {
  const type = typeof page.type === "string" ? page.type : (new URL(url).pathname.split(".").pop() ?? "");
  if (IMAGE.test(type) || /^image\//.test(type)) return "image";
  return /pdf/i.test(type) ? "pdf" : "file";
}

/** The case's documents (`context.documents`) with their pages (images inline, PDFs as links) and decisions. */
export function DocumentsPanel({ documents, runtimeId, version, canDecide }: { documents: unknown; runtimeId: string; version: number; canDecide: boolean }) {
  const docs = Array.isArray(documents) ? (documents as Json[]) : [];
  return (
    <section className="panel" aria-labelledby="docs-heading">
      <h2 id="docs-heading">Documents ({docs.length})</h2>
      {docs.length === 0 && <p className="hint">No documents were submitted with this case.</p>}
      <div className="docs">
        {docs.map((doc, i) => {
          const id = typeof doc?.id === "string" ? doc.id : `#${i}`;
          const label = `${String(doc?.category ?? "document")}${doc?.type ? ` / ${String(doc.type)}` : ""}`;
          const pages = Array.isArray(doc?.pages) ? (doc.pages as Page[]) : [];
          const decision = (doc?.decision ?? null) as { status?: string; rejectionReason?: string | null; revisionReason?: string | null } | null;
          return (
            <article key={id} className="doc" data-testid="document" aria-label={`Document ${i + 1}: ${label}`}>
              <h3 style={{ marginTop: 0 }}>
                {i + 1}. {label}
                {decision?.status && (
                  <span className={`badge ${decision.status === "approved" ? "badge-ok" : decision.status === "rejected" ? "badge-danger" : "badge-review"}`} style={{ marginLeft: 8 }} data-testid="document-decision">
                    {decision.status}
                  </span>
                )}
              </h3>
              {(decision?.rejectionReason || decision?.revisionReason) && <p className="hint">Reason: {decision.rejectionReason ?? decision.revisionReason}</p>}
              <div className="doc-pages">
                {pages.map((page, p) => {
                  const url = safeUrl(page.uri);
                  const caption = `Page ${String(page.metadata?.pageNumber ?? p + 1)}${page.metadata?.side ? ` (${String(page.metadata.side)})` : ""}`;
                  if (!url) return <span key={p} className="hint">{caption}: no viewable address</span>;
                  const kind = kindOf(page, url);
                  return (
                    <figure key={p}>
                      {kind === "image" ? (
                        <a href={url} target="_blank" rel="noopener noreferrer">
                          {/* eslint-disable-next-line @next/next/no-img-element -- arbitrary vendor hosts, shown as given */}
                          <img src={url} alt={`${label}, ${caption}`} loading="lazy" referrerPolicy="no-referrer" />
                        </a>
                      ) : (
                        <a href={url} target="_blank" rel="noopener noreferrer">
                          Open {kind === "pdf" ? "PDF" : "file"}
                        </a>
                      )}
                      <figcaption>{caption}</figcaption>
                    </figure>
                  );
                })}
              </div>
              {canDecide && <DocumentDecisionForm runtimeId={runtimeId} version={version} documentId={id} label={`${i + 1}. ${label}`} />}
            </article>
          );
        })}
      </div>
    </section>
  );
}
