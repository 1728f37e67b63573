import { randomUUID } from "node:crypto";

/** The caller's `X-Request-Id` when it is a sane token (for end-to-end tracing), else a new UUID. */
export function requestIdFor(req: Request): string {
  return requestIdFrom(req.headers.get("x-request-id"));
}

/** `given` (an `X-Request-Id` value) when it is a sane token, else a new UUID. */
export function requestIdFrom(given: string | null | undefined): string {
  return given && /^[A-Za-z0-9._:-]{8,128}$/.test(given) ? given : randomUUID();
}

/** Set headers on a response, copying it first when its headers are immutable (e.g. `Response.redirect`). */
export function withHeaders(res: Response, headers: Record<string, string>): Response {
  try {
    for (const [name, value] of Object.entries(headers)) res.headers.set(name, value);
    return res;
  } catch {
    const copy = new Response(res.body, res);
    for (const [name, value] of Object.entries(headers)) copy.headers.set(name, value);
    return copy;
  }
}
