import http from "node:http";
import type dns from "node:dns";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isOutboundError } from "./errors";
import { createGuardedLookup, guardedAgentFor } from "./guarded-agent";
import { startCanary, type Canary } from "../../tests/support/local-servers";

/** A resolver that answers from a fixed table, standing in for DNS (including a rebinding DNS). */
function fixedResolver(addresses: dns.LookupAddress[]) {
  return (
    _hostname: string,
    _options: dns.LookupAllOptions,
    callback: (err: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void,
  ) => callback(null, addresses);
}

function runLookup(addresses: dns.LookupAddress[], all: boolean) {
  const lookup = createGuardedLookup(443, fixedResolver(addresses));
  return new Promise<{ err: unknown; result: unknown; family?: number }>((resolve) =>
    lookup("api.vendor.example", { all }, (err, result, family) => resolve({ err, result, family })),
  );
}

describe("createGuardedLookup", () => {
  it("passes public addresses through, in the shape node:net asked for", async () => {
    const addresses = [
      { address: "93.184.216.34", family: 4 },
      { address: "2606:4700::1", family: 6 },
    ];
    expect(await runLookup(addresses, true)).toMatchObject({ err: null, result: addresses });
    expect(await runLookup(addresses, false)).toMatchObject({ err: null, result: "93.184.216.34", family: 4 });
  });

  it("refuses when ANY resolved address is forbidden, naming host, port and address", async () => {
    const { err } = await runLookup(
      [
        { address: "93.184.216.34", family: 4 },
        { address: "169.254.169.254", family: 4 },
      ],
      true,
    );
    expect(isOutboundError(err, "destination_not_allowed")).toBe(true);
    expect((err as Error).message).toContain("api.vendor.example:443");
    expect((err as Error).message).toContain("169.254.169.254");
    expect((err as Error).message).toContain("OUTBOUND_ALLOWED_HOSTS");
  });

  it("refuses IPv4-mapped IPv6 answers by their embedded address", async () => {
    const { err } = await runLookup([{ address: "::ffff:10.1.2.3", family: 6 }], false);
    expect(isOutboundError(err, "destination_not_allowed")).toBe(true);
  });
});

describe("guarded agent connect-time check", () => {
  let canary: Canary;
  beforeEach(async () => (canary = await startCanary()));
  afterEach(() => canary.close());

  it("destroys a socket whose peer is forbidden before any request byte is written", async () => {
    // An IP literal bypasses DNS (and so the lookup): only the connect-time check stands in the way.
    const error = await new Promise<unknown>((resolve) => {
      const req = http.request({ host: "127.0.0.1", port: canary.port, agent: guardedAgentFor("http:") });
      req.on("error", resolve);
      req.on("response", () => resolve(new Error("unexpected response")));
      req.end("secret payload");
    });
    expect(isOutboundError(error, "destination_not_allowed")).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(canary.bytes()).toBe(0);
  });
});
