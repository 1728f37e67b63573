import { Pool } from "undici";
import type { Latencies } from "./stats";

export interface ApiReply {
  status: number;
  json: Record<string, unknown>;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * The load generator's HTTP client: an undici connection pool with one keep-alive connection per simulated
 * client. It costs a fraction of `fetch`'s CPU per request, which matters when the load generator shares the
 * machine's two cores with the app and PostgreSQL. A body that is not JSON (a proxy's or a dying server's
 * error page) comes back as `{ text }`, so the caller still sees the status.
 */
export function apiClient(baseUrl: string, apiKey: string, connections: number) {
  const pool = new Pool(baseUrl, { connections, pipelining: 1, keepAliveTimeout: 30_000 });
  const send = async (method: "GET" | "POST" | "DELETE", path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiReply> => {
    const res = await pool.request({
      method,
      path,
      headers: { authorization: `Bearer ${apiKey}`, ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.body.text();
    let json: Record<string, unknown>;
    try {
      json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      json = { text };
    }
    return { status: res.statusCode, json, headers: res.headers };
  };
  return {
    post: (path: string, body: unknown, headers?: Record<string, string>) => send("POST", path, body, headers),
    get: (path: string) => send("GET", path),
    delete: (path: string) => send("DELETE", path),
    close: () => pool.close(),
  };
}

/** The benches' POST: the answer's JSON, its latency added to `into`; throws on a status of 300 or more. */
export type BenchPost = (path: string, body: unknown, into: Latencies, headers?: Record<string, string>) => Promise<Record<string, unknown>>;

/** `BenchPost` over `client`. */
export function timedPost(client: ReturnType<typeof apiClient>): BenchPost {
  return async (path, body, into, headers = {}) => {
    const t0 = performance.now();
    const { status, json } = await client.post(path, body, headers);
    into.add(performance.now() - t0);
    if (status >= 300) throw new Error(`${path}: ${status} ${JSON.stringify(json)}`);
    return json;
  };
}
