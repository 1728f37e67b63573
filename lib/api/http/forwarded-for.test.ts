import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientAddress } from "./client-address";
import { installForwardedFor } from "./forwarded-for";

// A real HTTP server with the hook installed: what a handler sees in X-Forwarded-For.
let server: http.Server;
let port: number;

beforeAll(async () => {
  installForwardedFor();
  installForwardedFor(); // once per process, however often it is called
  server = http.createServer((req, res) => res.end(String(req.headers["x-forwarded-for"])));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function seen(headers: Record<string, string> = {}): Promise<string> {
  return (await fetch(`http://127.0.0.1:${port}/`, { headers })).text();
}

describe("installForwardedFor", () => {
  it("appends the socket's peer to what the client sent, or sets it when the client sent nothing", async () => {
    expect(await seen()).toBe("127.0.0.1");
    expect(await seen({ "x-forwarded-for": "6.6.6.6" })).toBe("6.6.6.6, 127.0.0.1");
    expect(await seen({ "x-forwarded-for": "" })).toBe("127.0.0.1");
  });

  it("so without a proxy a forged header does not change the client address", async () => {
    const forged = await seen({ "x-forwarded-for": "203.0.113.1, 203.0.113.2" });
    expect(clientAddress(new Headers({ "x-forwarded-for": forged }), 0)).toBe("127.0.0.1");
  });
});
