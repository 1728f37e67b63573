import type { Metadata } from "next";
import Link from "next/link";
import { openApiDocument } from "@/lib/api/openapi/openapi";
import { OperationCard } from "@/components/api-reference/operation-card";
import "./api-reference.css";

export const metadata: Metadata = { title: "API reference" };

type Json = Record<string, unknown>;

/** The API reference, rendered from the same OpenAPI document served at /api/v1/openapi.json. */
export default function ApiReferencePage() {
  const doc = openApiDocument() as { info: Json; paths: Record<string, Record<string, Json>>; components: Record<string, Record<string, Json>> };
  const operations = Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })));
  const tags = [...new Set(operations.map((o) => String((o.op.tags as string[] | undefined)?.[0] ?? "Other")))];
  return (
    <main className="api-ref">
      <h1>{String(doc.info.title)}</h1>
      <p>
        Version {String(doc.info.version)}. Send <code>Authorization: Bearer &lt;API_KEY&gt;</code> on every <code>/api/v1/external</code> route.
        Errors are <code>application/problem+json</code> with a stable <code>code</code> and an <code>errors</code> list of{" "}
        <code>{"{ path, message }"}</code>. The machine-readable document is at <Link href="/api/v1/openapi.json">/api/v1/openapi.json</Link>.
      </p>
      <nav aria-label="Sections">
        <ul className="api-toc">
          {tags.map((tag) => (
            <li key={tag}>
              <a href={`#tag-${tag.replace(/\W+/g, "-")}`}>{tag}</a>
            </li>
          ))}
        </ul>
      </nav>
      {tags.map((tag) => (
        <section key={tag} id={`tag-${tag.replace(/\W+/g, "-")}`}>
          <h2>{tag}</h2>
          {operations
            .filter((o) => ((o.op.tags as string[] | undefined)?.[0] ?? "Other") === tag)
            .map((o) => (
              <OperationCard key={`${o.method} ${o.path}`} method={o.method} path={o.path} op={o.op} components={doc.components} />
            ))}
        </section>
      ))}
    </main>
  );
}
