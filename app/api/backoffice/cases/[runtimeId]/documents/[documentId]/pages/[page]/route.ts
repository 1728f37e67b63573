import { withSession } from "@/lib/auth/with-session";
import { getDb } from "@/lib/db/client";
import { validationFailed } from "@/lib/errors";
import { fetchDocumentPage, findDocumentPageUri } from "@/lib/review/document-page";
import { pageExtension } from "@/lib/review/sniff-page-type";

export const dynamic = "force-dynamic";

const INDEX = /^(0|[1-9]\d{0,3})$/;

// GET /api/backoffice/cases/{runtimeId}/documents/{documentId}/pages/{page}?version=N – one page of a case's
// document, fetched server-side through the outgoing-request guard and served only as JPEG, PNG, WebP or PDF
export const GET = withSession<{ runtimeId: string; documentId: string; page: string }>(async (req, { user, params }) => {
  const version = new URL(req.url).searchParams.get("version");
  if (!INDEX.test(params.page)) throw validationFailed("The page is its 0-based index in the document's pages.", [{ path: "/page", message: "a whole number from 0" }]);
  if (version !== null && !INDEX.test(version)) throw validationFailed("version is a document version number.", [{ path: "/version", message: "a whole number" }]);
  const ref = { runtimeId: params.runtimeId, documentId: params.documentId, page: Number(params.page), version: version === null ? undefined : Number(version) };
  const uri = await findDocumentPageUri(await getDb(), user.projectId, ref);
  const { bytes, type } = await fetchDocumentPage(uri);
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": type,
      "Content-Length": String(bytes.byteLength),
      "Content-Disposition": `inline; filename="page-${ref.page + 1}.${pageExtension(type)}"`,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "sandbox; default-src 'none'",
      "Cross-Origin-Resource-Policy": "same-origin",
    },
  });
});
