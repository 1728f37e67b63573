import { describe, expect, it } from "vitest";
import { isAllowedHost, parseAllowedHosts } from "./allowed-hosts";

describe("parseAllowedHosts", () => {
  it("splits on commas and whitespace and drops empty entries", () => {
    expect(parseAllowedHosts(" localhost:3000, 127.0.0.1:4010\n[::1]:8080  mock-vendor ,,")).toEqual([
      "localhost:3000",
      "127.0.0.1:4010",
      "[::1]:8080",
      "mock-vendor",
    ]);
  });

  it("returns [] when the variable is unset or blank", () => {
    expect(parseAllowedHosts(undefined)).toEqual([]);
    expect(parseAllowedHosts("  ")).toEqual([]);
  });

  it.each(["http://localhost:3000", "localhost:", "localhost:99999", "localhost:0", "host/path", "user@host"])(
    "rejects the malformed entry %s with a message naming it",
    (entry) => {
      expect(() => parseAllowedHosts(`ok-host ${entry}`)).toThrow(
        expect.objectContaining({ code: "invalid_url", message: expect.stringContaining(`"${entry}"`) }),
      );
    },
  );
});

describe("isAllowedHost", () => {
  it("host:port entries allow exactly that port", () => {
    expect(isAllowedHost(["127.0.0.1:3000"], "127.0.0.1", 3000)).toBe(true);
    expect(isAllowedHost(["127.0.0.1:3000"], "127.0.0.1", 3001)).toBe(false);
  });

  it("plain host entries allow any port of that host only", () => {
    expect(isAllowedHost(["localhost"], "localhost", 80)).toBe(true);
    expect(isAllowedHost(["localhost"], "localhost", 54321)).toBe(true);
    expect(isAllowedHost(["localhost"], "127.0.0.1", 80)).toBe(false);
    expect(isAllowedHost(["localhost"], "localhost.evil.example", 80)).toBe(false);
  });

  it("compares case-insensitively and after URL normalisation", () => {
    expect(isAllowedHost(["LocalHost:3000"], "localhost", 3000)).toBe(true);
    expect(isAllowedHost(["localhost"], "localhost.", 3000)).toBe(true);
    expect(isAllowedHost(["127.1"], "127.0.0.1", 80)).toBe(true);
    expect(isAllowedHost(["::1"], "[::1]", 80)).toBe(true);
    expect(isAllowedHost(["[::1]:8080"], "[::1]", 8080)).toBe(true);
    expect(isAllowedHost(["[::1]:8080"], "[::1]", 8081)).toBe(false);
  });

  it("allows nothing with an empty list", () => {
    expect(isAllowedHost([], "localhost", 3000)).toBe(false);
  });
});
