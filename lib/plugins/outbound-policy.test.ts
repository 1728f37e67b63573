import { afterEach, describe, expect, it } from "vitest";
import { appOrigin } from "../config/app-origin";
import { resetEnvCache } from "../config/env";
import { guardDestination } from "../net/destination-guard";
import { outboundPolicy, resetOutboundPolicy } from "./outbound-policy";

const VARS = ["APP_ENVIRONMENT", "DATABASE_URL", "PUBLIC_URL", "OUTBOUND_ALLOWED_HOSTS"] as const;
const saved = Object.fromEntries(VARS.map((key) => [key, process.env[key]]));

function policyWith(vars: Partial<Record<(typeof VARS)[number], string | undefined>>) {
  for (const [key, value] of Object.entries(vars)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetEnvCache();
  resetOutboundPolicy();
  return outboundPolicy();
}

afterEach(() => {
  policyWith(saved);
});

const ownRegistry = () => new URL(`${appOrigin()}/api/sandbox/registry/12345678`);

describe("outboundPolicy: the app's own origin", () => {
  it("is allow-listed in the sandbox, next to OUTBOUND_ALLOWED_HOSTS, so the example reaches the sandbox vendor", () => {
    const policy = policyWith({ APP_ENVIRONMENT: "sandbox", PUBLIC_URL: "http://127.0.0.1:3999", OUTBOUND_ALLOWED_HOSTS: "127.0.0.1:4010" });
    expect(policy.allowedHosts).toEqual(["127.0.0.1:4010", "127.0.0.1:3999"]);
    expect(guardDestination(ownRegistry(), policy).allowListed).toBe(true);
  });

  it("is not allow-listed in production: a call to it is refused like any loopback address", () => {
    const policy = policyWith({ APP_ENVIRONMENT: "production", PUBLIC_URL: "http://127.0.0.1:3999", OUTBOUND_ALLOWED_HOSTS: "127.0.0.1:4010" });
    expect(policy.allowedHosts).toEqual(["127.0.0.1:4010"]);
    expect(() => guardDestination(ownRegistry(), policy)).toThrow(expect.objectContaining({ code: "destination_not_allowed" }));
  });

  it("is not allow-listed by default when DATABASE_URL is set (production by default)", () => {
    const policy = policyWith({ APP_ENVIRONMENT: undefined, DATABASE_URL: "postgres://db.example/kyc", PUBLIC_URL: "http://127.0.0.1:3999", OUTBOUND_ALLOWED_HOSTS: undefined });
    expect(policy.allowedHosts).toEqual([]);
  });
});
