import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

export type StubReply = { status: number; body?: unknown; delayMs?: number; headers?: Record<string, string> };

/**
 * A vendor that finds every company registered under the name asked for (`registrationNumber`, score 1), so the
 * example approves it, and takes every webhook (204).
 */
export const confirmingVendor =
  (registrationNumber: string) =>
  (req: ReceivedRequest): StubReply =>
    req.path.startsWith("/hooks/")
      ? { status: 204 }
      : { status: 200, body: { business_details: { registered_name: req.query.business_name, registration_number: registrationNumber }, name_fuzziness_score: 1 } };

/**
 * A real HTTP server on 127.0.0.1 standing in for a vendor and a webhook receiver. Every request is recorded;
 * `reply` decides the answer (default 200 `{}`).
 */
export async function startVendorStub(reply: (req: ReceivedRequest) => StubReply | Promise<StubReply> = () => ({ status: 200, body: {} })) {
  const received: ReceivedRequest[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    const url = new URL(req.url ?? "/", "http://stub");
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // keep text
    }
    const entry: ReceivedRequest = { method: req.method ?? "", path: url.pathname, query: Object.fromEntries(url.searchParams), headers: req.headers, body };
    received.push(entry);
    const answer = await reply(entry);
    if (answer.delayMs) await new Promise((r) => setTimeout(r, answer.delayMs));
    if (res.destroyed) return;
    res.writeHead(answer.status, { "Content-Type": "application/json", ...(answer.headers ?? {}) });
    res.end(answer.body === undefined ? "" : JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Poll `probe` until it returns a truthy value, or fail after `timeoutMs` with `what`. */
export async function eventually<T>(probe: () => Promise<T | null | undefined | false>, what: string, timeoutMs = 15_000, everyMs = 25): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
