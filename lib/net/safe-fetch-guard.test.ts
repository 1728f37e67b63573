import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { guardDestination } from "./destination-guard";
import { safeFetch } from "./safe-fetch";
import { startCanary, startHttpServer, type Canary, type TestHttpServer } from "../../tests/support/local-servers";

// No request in this file may reach a non-loopback address: private addresses below are IP literals
// that the guard refuses before any socket exists (a tiny connect timeout is a second safety net).
let canary: Canary;
let server: TestHttpServer;
let other: TestHttpServer;

beforeAll(async () => {
  canary = await startCanary();
  server = await startHttpServer((_req, res) => res.end("ok"));
  other = await startHttpServer((_req, res) => res.end("other"));
});
afterAll(async () => {
  await Promise.all([canary.close(), server.close(), other.close()]);
});

const noAllowList = { allowedHosts: [] };

async function refusal(url: string, allowedHosts: string[] = []) {
  const error = await safeFetch({ url, method: "GET", connectTimeoutMs: 50, timeoutMs: 500 }, { allowedHosts }).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toMatchObject({ name: "OutboundError", code: "destination_not_allowed", retryable: false });
  return error as Error;
}

describe("safeFetch destination guard", () => {
  it.each([
    "http://127.0.0.1:PORT/",
    "http://localhost:PORT/",
    "http://[::1]:PORT/",
    "http://[::ffff:127.0.0.1]:PORT/",
    "http://0.0.0.0:PORT/",
    "http://2130706433:PORT/",
    "http://0x7f000001:PORT/",
    "http://0177.0.0.1:PORT/",
    "http://127.1:PORT/",
    "https://127.0.0.1:PORT/",
  ])("refuses loopback/unspecified %s and the canary sees no connection", async (template) => {
    const before = canary.connections();
    await refusal(template.replace("PORT", String(canary.port)));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(canary.connections() - before).toBe(0);
  });

  it.each([
    "http://169.254.169.254/latest/meta-data/",
    "http://10.0.0.1/",
    "http://172.16.0.1/",
    "http://192.168.1.1/",
    "http://100.64.0.1/",
    "http://[fd00::1]/",
    "http://[fe80::1]/",
    "http://[::ffff:10.0.0.1]/",
    "http://[64:ff9b::a9fe:a9fe]/",
  ])("refuses private/link-local %s before connecting", async (url) => {
    await refusal(url);
  });

  it("the canary saw no connection over the whole file", () => {
    expect(canary.connections()).toBe(0);
    expect(canary.bytes()).toBe(0);
  });

  it("names the host, the resolved address and the OUTBOUND_ALLOWED_HOSTS fix", async () => {
    const error = await refusal(`http://localhost:${canary.port}/`);
    expect(error.message).toContain(`localhost:${canary.port}`);
    expect(error.message).toContain("127.0.0.1");
    expect(error.message).toContain("OUTBOUND_ALLOWED_HOSTS");
  });

  it("lets public IP literals through the up-front check (DNS names are checked at connect)", () => {
    expect(guardDestination(new URL("https://93.184.216.34/"), noAllowList).allowListed).toBe(false);
    expect(guardDestination(new URL("https://[2606:4700::1]/"), noAllowList).allowListed).toBe(false);
  });
});

describe("safeFetch allow-list", () => {
  it("allowing 127.0.0.1:<port> does not allow another port of 127.0.0.1", async () => {
    const policy = [`127.0.0.1:${server.port}`];
    expect((await safeFetch({ url: `${server.origin}/`, method: "GET" }, { allowedHosts: policy })).bodyText).toBe("ok");
    await refusal(`${other.origin}/`, policy);
    expect(other.requests).toHaveLength(0);
  });

  it("allowing plain host localhost allows any port of localhost, but not 127.0.0.1", async () => {
    const policy = ["LOCALHOST"];
    for (const target of [server, other]) {
      const res = await safeFetch({ url: `http://localhost:${target.port}/`, method: "GET" }, { allowedHosts: policy });
      expect(res.status).toBe(200);
    }
    await refusal(`${server.origin}/`, policy);
  });
});

describe("safeFetch URL validation", () => {
  it.each(["ftp://example.com/file", "file:///etc/passwd", "gopher://127.0.0.1:70/", "not a url", "/relative"])(
    "rejects %s with invalid_url",
    async (url) => {
      await expect(safeFetch({ url, method: "GET" }, noAllowList)).rejects.toMatchObject({
        code: "invalid_url",
        retryable: false,
      });
    },
  );
});
