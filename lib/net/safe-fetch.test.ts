import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { safeFetch, type SafeRequest } from "./safe-fetch";
import { eventually, startHttpServer, unusedPort, type TestHttpServer } from "../../tests/support/local-servers";

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

async function server(handler: Parameters<typeof startHttpServer>[0]): Promise<TestHttpServer> {
  const started = await startHttpServer(handler);
  cleanups.push(started.close);
  return started;
}

function allow(port: number) {
  return { allowedHosts: [`127.0.0.1:${port}`] };
}

async function failure(req: SafeRequest, policy: { allowedHosts: string[] }) {
  return safeFetch(req, policy).then(
    () => {
      throw new Error("expected safeFetch to reject");
    },
    (error: unknown) => error as { code: string; retryable: boolean; phase?: string; message: string },
  );
}

describe("safeFetch to an allowed host", () => {
  it("keeps the connection alive between calls under one allow-list, and never shares it with another list", async () => {
    const target = await server((_req, res) => res.end("{}"));
    for (let i = 0; i < 3; i++) expect((await safeFetch({ url: `${target.origin}/v`, method: "GET" }, allow(target.port))).status).toBe(200);
    expect(target.requests).toHaveLength(3);
    expect(target.acceptedConnections()).toBe(1);
    const otherPolicy = { allowedHosts: [`127.0.0.1:${target.port}`, "vendor.internal:8443"] };
    expect((await safeFetch({ url: `${target.origin}/v`, method: "GET" }, otherPolicy)).status).toBe(200);
    expect(target.acceptedConnections()).toBe(2);
  });

  it("sends method, headers and body and returns status, headers, JSON and the peer address", async () => {
    const target = await server((_req, res) => {
      res.writeHead(201, { "content-type": "application/json", "x-request-id": "abc" });
      res.end(JSON.stringify({ ok: true, id: 7 }));
    });
    const res = await safeFetch(
      {
        url: `${target.origin}/v1/checks?ref=42`,
        method: "post",
        headers: { "content-type": "application/json", "X-Api-Key": "k-123" },
        body: JSON.stringify({ name: "Ada" }),
      },
      allow(target.port),
    );
    expect(target.requests).toHaveLength(1);
    expect(target.requests[0]).toMatchObject({
      method: "POST",
      url: "/v1/checks?ref=42",
      headers: { "content-type": "application/json", "x-api-key": "k-123", "content-length": "14" },
      body: '{"name":"Ada"}',
    });
    expect(res.status).toBe(201);
    expect(res.headers["x-request-id"]).toBe("abc");
    expect(res.json()).toEqual({ ok: true, id: 7 });
    expect(res.remoteAddress).toBe("127.0.0.1");
    expect(res.durationMs).toBeGreaterThanOrEqual(0);
  });

  it("resolves 4xx/5xx responses; json() on a non-JSON body throws invalid_json", async () => {
    const target = await server((_req, res) => {
      res.writeHead(503, { "content-type": "text/html" });
      res.end("<h1>down</h1>");
    });
    const res = await safeFetch({ url: target.origin, method: "GET" }, allow(target.port));
    expect(res.status).toBe(503);
    expect(res.bodyText).toBe("<h1>down</h1>");
    expect(() => res.json()).toThrow(expect.objectContaining({ code: "invalid_json", retryable: false }));
  });
});

describe("safeFetch limits", () => {
  it("times out (total) in about timeoutMs when the server never answers", async () => {
    const target = await server(() => {});
    const started = Date.now();
    const error = await failure({ url: target.origin, method: "GET", timeoutMs: 300 }, allow(target.port));
    const elapsed = Date.now() - started;
    expect(error).toMatchObject({ code: "timeout", retryable: true, phase: "total" });
    expect(error.message).toContain("total timeout of 300 ms");
    expect(elapsed).toBeGreaterThanOrEqual(280);
    expect(elapsed).toBeLessThan(1500);
    expect(await eventually(() => target.openConnections() === 0)).toBe(true); // socket closed, not dangling
  });

  it("counts the body read against the total timeout", async () => {
    const target = await server((_req, res) => {
      res.writeHead(200, { "content-length": "100" });
      res.write("partial"); // ...and never finishes
    });
    const error = await failure({ url: target.origin, method: "GET", timeoutMs: 300 }, allow(target.port));
    expect(error).toMatchObject({ code: "timeout", phase: "total" });
    expect(await eventually(() => target.openConnections() === 0)).toBe(true);
  });

  it("times out (connect) when the TLS handshake never completes", async () => {
    const sockets = new Set<net.Socket>();
    let open = 0;
    const silent = net.createServer((socket) => {
      // Accepts TCP and reads the ClientHello, but never answers it.
      sockets.add(socket);
      open += 1;
      socket.on("close", () => (open -= 1));
      socket.resume();
    });
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    cleanups.push(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    });
    const port = (silent.address() as net.AddressInfo).port;
    const error = await failure(
      { url: `https://127.0.0.1:${port}/`, method: "GET", connectTimeoutMs: 200, timeoutMs: 5000 },
      allow(port),
    );
    expect(error).toMatchObject({ code: "timeout", retryable: true, phase: "connect" });
    expect(error.message).toContain("connect timeout of 200 ms");
    expect(await eventually(() => open === 0)).toBe(true); // the client closed its socket
  });

  it("aborts with response_too_large when Content-Length exceeds maxResponseBytes", async () => {
    const target = await server((_req, res) => res.end("x".repeat(2048)));
    const error = await failure({ url: target.origin, method: "GET", maxResponseBytes: 1024 }, allow(target.port));
    expect(error).toMatchObject({ code: "response_too_large", retryable: false });
  });

  it("aborts with response_too_large while streaming a chunked body past the cap", async () => {
    const target = await server((_req, res) => {
      res.writeHead(200, { "content-type": "text/plain" }); // no Content-Length: chunked
      const chunk = "y".repeat(64 * 1024);
      for (let i = 0; i < 32; i++) res.write(chunk); // 2 MiB
      res.end();
    });
    const error = await failure({ url: target.origin, method: "GET" }, allow(target.port)); // default 1 MiB
    expect(error).toMatchObject({ code: "response_too_large" });
    expect(error.message).toContain("1048576");
    expect(await eventually(() => target.openConnections() === 0)).toBe(true);
  });

  it("reports a refused connection as a retryable network_error", async () => {
    const port = await unusedPort();
    const error = await failure({ url: `http://127.0.0.1:${port}/`, method: "GET" }, allow(port));
    expect(error).toMatchObject({ code: "network_error", retryable: true });
    expect(error.message).toContain("ECONNREFUSED");
  });

  it("reports a connection closed mid-body as a retryable network_error", async () => {
    const target = await server((_req, res) => {
      res.writeHead(200, { "content-length": "100" });
      res.write("only part");
      setTimeout(() => res.socket?.destroy(), 20);
    });
    const error = await failure({ url: target.origin, method: "GET" }, allow(target.port));
    expect(error).toMatchObject({ code: "network_error", retryable: true });
  });

  it("rejects an invalid header before sending, with invalid_request", async () => {
    const target = await server((_req, res) => res.end());
    const error = await failure(
      { url: target.origin, method: "GET", headers: { "x-bad": "line\r\nbreak" } },
      allow(target.port),
    );
    expect(error).toMatchObject({ code: "invalid_request", retryable: false });
    expect(target.requests).toHaveLength(0);
  });
});
