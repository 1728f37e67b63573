/** A definition version as formatted JSON, scrollable by keyboard. */
export function DefinitionJson({ document, version }: { document: Record<string, unknown>; version: number }) {
  return (
    <section className="panel" aria-labelledby="json-heading">
      <h2 id="json-heading">JSON of version {version}</h2>
      <pre className="json-view" tabIndex={0} aria-labelledby="json-heading" data-testid="definition-json">
        {JSON.stringify(document, null, 2)}
      </pre>
    </section>
  );
}
