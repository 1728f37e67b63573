import http from "node:http";
import net from "node:net";

/**
 * Real loopback servers for the lib/net tests (no network mocks). Everything listens on 127.0.0.1 with
 * an ephemeral port; `close()` destroys open connections so a hanging test server cannot keep vitest
 * alive.
 */

export interface Canary {
  port: number;
  /** TCP connections accepted so far. */
  connections(): number;
  /** Bytes received over all connections. */
  bytes(): number;
  close(): Promise<void>;
}

function listen(server: net.Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve((server.address() as net.AddressInfo).port));
  });
}

function closeServer(server: net.Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

/** A TCP listener that counts connections and bytes: any non-zero count means the guard leaked. */
export async function startCanary(): Promise<Canary> {
  let connections = 0;
  let bytes = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on("data", (chunk: Buffer) => (bytes += chunk.length));
    socket.on("error", () => {});
    socket.on("close", () => sockets.delete(socket));
  });
  const port = await listen(server);
  // Best effort: the same port on ::1 too, so [::1] and ::ffff: variants would be counted if they leaked.
  const v6 = net.createServer((socket) => server.emit("connection", socket));
  const v6Listening = await new Promise<boolean>((resolve) => {
    v6.once("error", () => resolve(false));
    v6.listen(port, "::1", () => resolve(true));
  });
  return {
    port,
    connections: () => connections,
    bytes: () => bytes,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await Promise.all([closeServer(server), v6Listening ? closeServer(v6) : undefined]);
    },
  };
}

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface TestHttpServer {
  port: number;
  origin: string;
  requests: ReceivedRequest[];
  /** Server-side sockets still open: 0 shortly after a failed exchange means nothing was left dangling. */
  openConnections(): number;
  /** Connections accepted so far (kept-alive sockets reused by a client count once). */
  acceptedConnections(): number;
  close(): Promise<void>;
}

/**
 * An HTTP server whose handler runs after the request body has been read (and recorded in `requests`).
 */
export async function startHttpServer(
  handler: (req: ReceivedRequest, res: http.ServerResponse) => void,
): Promise<TestHttpServer> {
  const requests: ReceivedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const received = {
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      requests.push(received);
      handler(received, res);
    });
  });
  let open = 0;
  let accepted = 0;
  server.on("connection", (socket: net.Socket) => {
    open += 1;
    accepted += 1;
    socket.on("close", () => (open -= 1));
  });
  const port = await listen(server);
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    requests,
    openConnections: () => open,
    acceptedConnections: () => accepted,
    close: () => {
      server.closeAllConnections();
      return closeServer(server);
    },
  };
}

/** A port on 127.0.0.1 that nothing listens on (bound, then released). */
export async function unusedPort(): Promise<number> {
  const server = net.createServer();
  const port = await listen(server);
  await closeServer(server);
  return port;
}

/** Polls `condition` every 10 ms; resolves false if it is still not true after `timeoutMs`. */
export async function eventually(condition: () => boolean, timeoutMs = 500): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return true;
}
