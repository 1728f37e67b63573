type Json = Record<string, unknown>;

export interface OperationProps {
  method: string;
  path: string;
  op: Json;
  /** The document's `components`: schemas, and the parameters and responses operations share by `$ref`. */
  components: Record<string, Record<string, Json>>;
}

const refName = (schema: unknown) => ((schema as { $ref?: string } | undefined)?.$ref ?? "").split("/").pop() ?? "";

/** One operation of the OpenAPI document: method, path, parameters, request body schema and responses. */
export function OperationCard({ method, path, op, components }: OperationProps) {
  /** `value`, or the component its `#/components/<kind>/<name>` reference names. */
  const deref = (value: Json): Json => {
    const [, , kind, name] = String(value.$ref ?? "").split("/");
    return kind && name ? (components[kind]?.[name] ?? value) : value;
  };
  const schemas = components.schemas ?? {};
  const params = ((op.parameters as Json[] | undefined) ?? []).map(deref);
  const body = ((op.requestBody as Json | undefined)?.content as Json | undefined)?.["application/json"] as Json | undefined;
  const bodyName = body ? refName(body.schema) : "";
  const responses = Object.entries((op.responses as Record<string, Json>) ?? {}).map(([status, r]) => [status, deref(r)] as const);
  const anchor = `${method}-${path}`.replace(/[^a-z0-9]+/gi, "-");
  return (
    <section className="api-op" id={anchor} aria-labelledby={`${anchor}-title`}>
      <h3 id={`${anchor}-title`}>
        <span className={`api-method api-method-${method}`}>{method.toUpperCase()}</span> <code>{path}</code>
      </h3>
      <p>{String(op.summary ?? "")}</p>
      {op.security && (op.security as unknown[]).length === 0 ? <p className="muted">Public: no API key.</p> : null}
      {params.length > 0 && (
        <table className="api-table">
          <caption>Parameters</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">In</th>
              <th scope="col">Required</th>
              <th scope="col">Description</th>
            </tr>
          </thead>
          <tbody>
            {params.map((p) => (
              <tr key={`${String(p.in)}-${String(p.name)}`}>
                <td>
                  <code>{String(p.name)}</code>
                </td>
                <td>{String(p.in)}</td>
                <td>{p.required ? "yes" : "no"}</td>
                <td>{String(p.description ?? "")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {bodyName && (
        <details>
          <summary>
            Request body: <code>{bodyName}</code>
          </summary>
          <pre className="api-schema">{JSON.stringify(schemas[bodyName], null, 2)}</pre>
        </details>
      )}
      <ul className="api-responses">
        {responses.map(([status, r]) => (
          <li key={status}>
            <strong>{status}</strong> {String(r.description ?? "")}
          </li>
        ))}
      </ul>
    </section>
  );
}
