/** A route module's exports, as Next.js calls them. */
export type RouteModule = Record<string, unknown>;
type Handler = (req: Request, route: { params: Promise<Record<string, string>> }) => Promise<Response>;

/**
 * A `fetch` that answers from the route handlers in this process, the way Next.js would call them: the path is
 * matched against the document's path templates (literal segments before parameters, as Next.js routes), the
 * template's module export for the method gets the request and its params. `onAnswer` sees every answer.
 */
export function inProcessFetch(routes: Record<string, RouteModule>, onAnswer: (method: string, template: string, res: Response) => Promise<void>) {
  const templates = Object.keys(routes)
    .map((template) => ({ template, names: [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]), re: new RegExp(`^${template.replace(/[.]/g, "\\.").replace(/\{\w+\}/g, "([^/]+)")}$`) }))
    .sort((a, b) => a.names.length - b.names.length);
  return async (request: Request): Promise<Response> => {
    const { pathname } = new URL(request.url);
    for (const { template, names, re } of templates) {
      const match = re.exec(pathname);
      if (!match) continue;
      const handler = routes[template][request.method] as Handler | undefined;
      if (!handler) throw new Error(`no ${request.method} export for ${template}`);
      const params = Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1])]));
      const res = await handler(request, { params: Promise.resolve(params) });
      await onAnswer(request.method, template, res.clone());
      return res;
    }
    throw new Error(`no route for ${request.method} ${pathname}`);
  };
}
