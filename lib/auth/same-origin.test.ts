import { describe, expect, it } from "vitest";
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
});
