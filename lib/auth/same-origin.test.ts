import { afterEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "../config/env";
import { isSameOrigin } from "./same-origin";

const post = (headers: Record<string, string>) => new Request("http://localhost:3000/api/backoffice/x", { method: "POST", headers });

describe("isSameOrigin", () => {
  it("accepts the app's own origin", () => {
    expect(isSameOrigin(post({ host: "localhost:3000", origin: "http://localhost:3000", "sec-fetch-site": "same-origin" }))).toBe(true);
    expect(isSameOrigin(post({ host: "internal:3000", "x-forwarded-host": "cases.example", origin: "https://cases.example" }))).toBe(true);
  });

  it("refuses other origins, a missing Origin and cross-site fetches", () => {
    expect(isSameOrigin(post({ host: "localhost:3000", origin: "http://evil.example" }))).toBe(false);
    expect(isSameOrigin(post({ host: "localhost:3000" }))).toBe(false);
    expect(isSameOrigin(post({ host: "localhost:3000", origin: "null" }))).toBe(false);
    expect(isSameOrigin(post({ host: "localhost:3000", origin: "http://localhost:3000", "sec-fetch-site": "cross-site" }))).toBe(false);
  });

  afterEach(() => {
    delete process.env.PUBLIC_URL;
    delete process.env.NEXTAUTH_URL;
    resetEnvCache();
  });

  it("accepts a browser's same-origin fetch only: same-site and user-initiated (none) fetches are refused", () => {
    const own = { host: "localhost:3000", origin: "http://localhost:3000" };
    expect(isSameOrigin(post(own))).toBe(true);
    expect(isSameOrigin(post({ ...own, "sec-fetch-site": "same-site" }))).toBe(false);
    expect(isSameOrigin(post({ ...own, "sec-fetch-site": "none" }))).toBe(false);
  });

  it("compares hosts without case, port included, and refuses an Origin that is not a URL", () => {
    expect(isSameOrigin(post({ host: "LocalHost:3000", origin: "http://localhost:3000" }))).toBe(true);
    expect(isSameOrigin(post({ host: "localhost:3000", origin: "http://LOCALHOST:3000" }))).toBe(true);
    expect(isSameOrigin(post({ host: "localhost:3000", origin: "http://localhost:3001" }))).toBe(false);
    expect(isSameOrigin(post({ host: "localhost:3000", origin: "localhost:3000" }))).toBe(false);
    expect(isSameOrigin(post({ host: "localhost:3000", origin: "" }))).toBe(false);
  });

  it("trusts the first X-Forwarded-Host only (the proxy nearest the browser), besides Host", () => {
    const behind = (origin: string) => post({ host: "internal:3000", "x-forwarded-host": " Cases.Example , other.example", origin });
    expect(isSameOrigin(behind("https://cases.example"))).toBe(true);
    expect(isSameOrigin(behind("http://internal:3000"))).toBe(true);
    expect(isSameOrigin(behind("https://other.example"))).toBe(false);
  });

  it("also accepts the configured public origins (PUBLIC_URL, NEXTAUTH_URL); an invalid NEXTAUTH_URL adds nothing", () => {
    const from = (origin: string) => post({ host: "internal:3000", origin });
    expect(isSameOrigin(from("https://kyc.example"))).toBe(false);
    process.env.PUBLIC_URL = "https://KYC.example";
    resetEnvCache();
    expect(isSameOrigin(from("https://kyc.example"))).toBe(true);
    expect(isSameOrigin(from("https://auth.example:8443"))).toBe(false);
    process.env.NEXTAUTH_URL = "https://auth.example:8443/api/auth";
    expect(isSameOrigin(from("https://auth.example:8443"))).toBe(true);
    process.env.NEXTAUTH_URL = "not a url";
    expect(isSameOrigin(from("https://kyc.example"))).toBe(true);
    expect(isSameOrigin(from("https://evil.example"))).toBe(false);
  });
});
