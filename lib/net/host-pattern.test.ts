import { describe, expect, it } from "vitest";
import { formatHostPattern, matchesHostPattern, parseHostPattern, type HostPattern } from "./host-pattern";

const pattern = (entry: string) => {
  const parsed = parseHostPattern(entry);
  if ("problem" in parsed) throw new Error(`${entry} ${parsed.problem}`);
  return parsed as HostPattern;
};

describe("parseHostPattern", () => {
  it("reads hosts, ports and leading wildcards, normalised as the URL parser spells hosts", () => {
    expect(pattern("API.Example.com.")).toEqual({ host: "api.example.com", port: undefined, subdomains: false });
    expect(pattern("api.example.com:8443")).toEqual({ host: "api.example.com", port: 8443, subdomains: false });
    expect(pattern("*.Example.com")).toEqual({ host: "example.com", port: undefined, subdomains: true });
    expect(pattern("127.1:3000")).toEqual({ host: "127.0.0.1", port: 3000, subdomains: false });
    expect(pattern("[::1]:8080")).toEqual({ host: "[::1]", port: 8080, subdomains: false });
    expect(formatHostPattern(pattern("*.EXAMPLE.com:443"))).toBe("*.example.com:443");
  });

  it.each([
    ["https://api.example.com", "is not a plain host name"],
    ["api.example.com/path", "is not a plain host name"],
    ["user@api.example.com", "is not a plain host name"],
    ["api.example.com:0", "outside 1-65535"],
    ["api.example.com:http", "invalid port"],
    ["*.com", "at least two labels"],
    ["*.127.0.0.1", "at least two labels"],
    ["api.*.example.com", "only as its first label"],
    ["*", "only as its first label"],
    ["a b", "is not a valid host name"],
  ])("refuses %s (%s)", (entry, problem) => {
    expect(parseHostPattern(entry)).toEqual({ problem: expect.stringContaining(problem) });
  });
});

describe("matchesHostPattern", () => {
  it("an exact host matches on any port unless a port is given", () => {
    expect(matchesHostPattern(pattern("api.example.com"), "api.example.com", 443)).toBe(true);
    expect(matchesHostPattern(pattern("api.example.com"), "API.example.com.", 8080)).toBe(true);
    expect(matchesHostPattern(pattern("api.example.com:443"), "api.example.com", 8443)).toBe(false);
    expect(matchesHostPattern(pattern("api.example.com"), "api.example.com.evil.test", 443)).toBe(false);
    expect(matchesHostPattern(pattern("api.example.com"), "evilapi.example.com", 443)).toBe(false);
  });

  it("a wildcard matches subdomains at any depth, never the domain itself or a look-alike", () => {
    const any = pattern("*.example.com");
    expect(matchesHostPattern(any, "api.example.com", 443)).toBe(true);
    expect(matchesHostPattern(any, "eu.api.example.com", 443)).toBe(true);
    expect(matchesHostPattern(any, "example.com", 443)).toBe(false);
    expect(matchesHostPattern(any, "evilexample.com", 443)).toBe(false);
    expect(matchesHostPattern(any, "example.com.evil.test", 443)).toBe(false);
    expect(matchesHostPattern(pattern("*.example.com:8443"), "api.example.com", 443)).toBe(false);
  });
});
