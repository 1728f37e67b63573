import { Pool } from "undici";

export interface ApiReply {
  status: number;
  json: Record<string, unknown>;
}

/**
 * The load generator's HTTP client: an undici connection pool with one keep-alive connection per simulated
 * client. It costs a fraction of `fetch`'s CPU per request, which matters when the load generator shares the
 * machine's two cores with the app and PostgreSQL.
 */
export function apiClient(baseUrl: string, apiKey: string, connections: number) {
  const pool = new Pool(baseUrl, { connections, pipelining: 1, keepAliveTimeout: 30_000 });
  const send = async (method: "GET" | "POST", path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiReply> => {
    const res = await pool.request({
      method,
      path,
      headers: { authorization: `Bearer ${apiKey}`, ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.statusCode, json: (await res.body.json()) as Record<string, unknown> };
  };
  return {
    post: (path: string, body: unknown, headers?: Record<string, string>) => send("POST", path, body, headers),
    get: (path: string) => send("GET", path),
    close: () => pool.close(),
  };
}
