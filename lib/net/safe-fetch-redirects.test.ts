import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { safeFetch } from "./safe-fetch";
import { startCanary, startHttpServer, type Canary, type TestHttpServer } from "../../tests/support/local-servers";

let canary: Canary;
let origin: TestHttpServer;
let target: TestHttpServer;
let redirectTo = "";
let redirectStatus = 302;

beforeAll(async () => {
  canary = await startCanary();
  target = await startHttpServer((req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ at: "target", method: req.method, body: req.body }));
  });
  origin = await startHttpServer((req, res) => {
    if (req.url === "/loop") {
      res.writeHead(302, { location: "/loop" });
      return res.end();
    }
    res.writeHead(redirectStatus, { location: redirectTo });
    res.end("moved");
  });
});
afterAll(async () => {
  await Promise.all([canary.close(), origin.close(), target.close()]);
});

function policy() {
  return { allowedHosts: [`127.0.0.1:${origin.port}`, `127.0.0.1:${target.port}`] };
}

describe("safeFetch redirects", () => {
  it("returns a 302 as-is by default (followRedirects 0)", async () => {
    redirectStatus = 302;
    redirectTo = `${target.origin}/final`;
    const res = await safeFetch({ url: `${origin.origin}/start`, method: "GET" }, policy());
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(`${target.origin}/final`);
    expect(res.bodyText).toBe("moved");
  });

  it("refuses a followed redirect to a non-allowed loopback port; the canary sees nothing", async () => {
    redirectStatus = 302;
    redirectTo = `http://127.0.0.1:${canary.port}/`;
    const error = await safeFetch({ url: `${origin.origin}/start`, method: "GET", followRedirects: 3 }, policy()).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({ code: "destination_not_allowed", retryable: false });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(canary.connections()).toBe(0);
  });

  it("refuses a followed redirect to a private address before connecting", async () => {
    redirectStatus = 307;
    redirectTo = "http://169.254.169.254/latest/meta-data/";
    await expect(
      safeFetch({ url: `${origin.origin}/start`, method: "GET", followRedirects: 3, connectTimeoutMs: 50 }, policy()),
    ).rejects.toMatchObject({ code: "destination_not_allowed" });
  });

  it("follows a redirect to another allowed host, dropping credential headers cross-origin", async () => {
    redirectStatus = 307;
    redirectTo = `${target.origin}/final`;
    const before = target.requests.length;
    const res = await safeFetch(
      {
        url: `${origin.origin}/start`,
        method: "POST",
        headers: { accept: "application/json", "x-api-key": "secret", authorization: "Bearer t" },
        body: "payload",
        followRedirects: 3,
      },
      policy(),
    );
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ at: "target", method: "POST", body: "payload" });
    const received = target.requests[before];
    expect(received.headers.accept).toBe("application/json");
    expect(received.headers["x-api-key"]).toBeUndefined();
    expect(received.headers.authorization).toBeUndefined();
  });

  it("turns POST into GET without body on 303", async () => {
    redirectStatus = 303;
    redirectTo = `${target.origin}/result`;
    const res = await safeFetch(
      { url: `${origin.origin}/start`, method: "POST", body: "payload", followRedirects: 1 },
      policy(),
    );
    expect(res.json()).toEqual({ at: "target", method: "GET", body: "" });
  });

  it("stops after followRedirects hops and returns the last 3xx", async () => {
    const before = origin.requests.length;
    const res = await safeFetch({ url: `${origin.origin}/loop`, method: "GET", followRedirects: 2 }, policy());
    expect(res.status).toBe(302);
    expect(origin.requests.length - before).toBe(3);
  });

  it("rejects a Location with a non-http(s) scheme as invalid_url", async () => {
    redirectStatus = 302;
    redirectTo = "file:///etc/passwd";
    await expect(
      safeFetch({ url: `${origin.origin}/start`, method: "GET", followRedirects: 1 }, policy()),
    ).rejects.toMatchObject({ code: "invalid_url" });
  });
});
