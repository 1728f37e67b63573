import http from "node:http";
import { problemResponse } from "../api/http/problem";
import { logger } from "../observability/logger";
import { metricsExposition } from "./metrics-endpoint";

/**
 * A worker process's own metrics endpoint (it has no Next.js server): `GET /metrics` on `port`, behind the same
 * bearer token as the app's `/api/metrics`. Every process keeps its own registry, so Prometheus scrapes each.
 */
export function serveMetrics(port: number, token: string | undefined): http.Server {
  const server = http.createServer((req, res) => {
    req.resume();
    void answer(req, token).then(async (answered) => {
      res.writeHead(answered.status, Object.fromEntries(answered.headers));
      res.end(await answered.text());
    });
  });
  server.listen(port, () => logger().info({ port }, "metrics served at /metrics"));
  return server;
}

async function answer(req: http.IncomingMessage, token: string | undefined): Promise<Response> {
  if (req.method !== "GET" || (req.url ?? "").split("?")[0] !== "/metrics") return new Response("", { status: 404 });
  try {
    const { contentType, body } = await metricsExposition(req.headers.authorization ?? null, token);
    return new Response(body, { headers: { "Content-Type": contentType } });
  } catch (error) {
    return problemResponse(error);
  }
}
