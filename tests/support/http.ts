type Handler = (req: Request, route?: { params: Promise<Record<string, string>> }) => Promise<Response>;

export interface CallOptions {
  key?: string;
  body?: unknown;
  headers?: Record<string, string>;
  params?: Record<string, string>;
}

/** Call a Next.js route handler export the way Next does: a real Request and a params promise. */
export async function call(handler: Handler, method: string, path: string, options: CallOptions = {}) {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.key) headers.authorization = `Bearer ${options.key}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
    headers["content-type"] ??= "application/json";
  }
  const res = await handler(new Request(`http://localhost${path}`, { method, headers, body }), { params: Promise.resolve(options.params ?? {}) });
  const text = await res.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests assert on response bodies field by field
  let json: any = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { status: res.status, headers: res.headers, json };
}
