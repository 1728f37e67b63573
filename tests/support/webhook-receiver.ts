import http from "node:http";
import type { AddressInfo } from "node:net";

/** One request as a webhook receiver saw it: the raw body (what signatures cover) and when it arrived. */
export interface ReceivedWebhook {
  path: string;
  headers: Record<string, string>;
  rawBody: string;
  body: Record<string, unknown>;
  /** `Date.now()` at arrival. */
  at: number;
  /** `performance.now()` at arrival (same-process latency measurements). */
  perfAt: number;
}

export type ReceiverReply = { status: number; headers?: Record<string, string>; delayMs?: number };

/**
 * A real HTTP receiver on 127.0.0.1 for system webhook tests. Unlike the vendor stub it keeps the raw body,
 * so signatures can be verified byte for byte. `reply` decides each answer (default 200).
 */
export async function startWebhookReceiver(reply: (req: ReceivedWebhook, nth: number) => ReceiverReply = () => ({ status: 200 })) {
  const received: ReceivedWebhook[] = [];
  const listeners = new Set<(req: ReceivedWebhook) => void>();
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const rawBody = Buffer.concat(chunks).toString("utf8");
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(rawBody) as Record<string, unknown>;
    } catch {
      // not JSON: keep {}
    }
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : (v ?? "")]));
    const entry: ReceivedWebhook = { path: new URL(req.url ?? "/", "http://receiver").pathname, headers, rawBody, body, at: Date.now(), perfAt: performance.now() };
    received.push(entry);
    for (const listener of listeners) listener(entry);
    const answer = reply(entry, received.filter((r) => r.headers["webhook-id"] === entry.headers["webhook-id"]).length);
    if (answer.delayMs) await new Promise((r) => setTimeout(r, answer.delayMs));
    if (res.destroyed) return;
    res.writeHead(answer.status, { "Content-Type": "application/json", ...(answer.headers ?? {}) });
    res.end("{}");
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  return {
    port,
    origin,
    received,
    /** Calls `fn` for every request from now on; returns the unsubscribe function. */
    onRequest(fn: (req: ReceivedWebhook) => void) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    /** Requests to `path` about `runtimeId`, in arrival order. */
    forRuntime: (runtimeId: string, path?: string) =>
      received.filter((r) => r.body.workflowRuntimeId === runtimeId && (path === undefined || r.path === path)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
