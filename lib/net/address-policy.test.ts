import { describe, expect, it } from "vitest";
import { checkAddress, isForbiddenAddress, parseIpLiteral } from "./address-policy";

describe("isForbiddenAddress", () => {
  it.each([
    "93.184.216.34",
    "8.8.8.8",
    "1.1.1.1",
    "2606:4700::1",
    "2a00:1450:4001:82a::200e",
    "::ffff:93.184.216.34", // IPv4-mapped public
    "64:ff9b::8.8.8.8", // NAT64 of a public address
    "2002:5db8:d822::1", // 6to4 of 93.184.216.34
  ])("allows public %s", (ip) => {
    expect(isForbiddenAddress(ip)).toBe(false);
  });

  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.0.9", "loopback"],
    ["10.0.0.1", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["169.254.169.254", "linkLocal"],
    ["100.64.0.1", "carrierGradeNat"],
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "unspecified"],
    ["255.255.255.255", "broadcast"],
    ["224.0.0.1", "multicast"],
    ["240.0.0.1", "reserved"],
    ["192.0.2.1", "reserved"],
    ["198.18.0.1", "reserved"],
    ["::1", "loopback"],
    ["::", "unspecified"],
    ["fe80::1", "linkLocal"],
    ["fe80::1%eth0", "linkLocal"],
    ["fd00::1", "uniqueLocal"],
    ["fc00::1", "uniqueLocal"],
    ["ff02::1", "multicast"],
    ["2001:db8::1", "reserved"],
    ["::ffff:127.0.0.1", "ipv4Mapped(loopback)"],
    ["::ffff:7f00:1", "ipv4Mapped(loopback)"],
    ["::ffff:10.0.0.1", "ipv4Mapped(private)"],
    ["::ffff:169.254.169.254", "ipv4Mapped(linkLocal)"],
    ["::ffff:0:127.0.0.1", "rfc6145(loopback)"],
    ["64:ff9b::10.0.0.1", "rfc6052(private)"],
    ["64:ff9b:1::1", "rfc6052"],
    ["2002:7f00:1::1", "6to4(loopback)"],
    ["2002:c0a8:101::1", "6to4(private)"],
    ["::7f00:1", "ipv4Compatible(loopback)"], // what new URL() makes of [::127.0.0.1]
    ["::a00:1", "ipv4Compatible(private)"],
    ["::10.0.0.1", "ipv4Mapped(private)"], // ipaddr.js reads the dotted ::a.b.c.d form as mapped
    ["::0.0.0.2", "ipv4Mapped(unspecified)"],
    ["2001::1", "teredo"],
  ])("refuses %s (%s)", (ip, range) => {
    expect(checkAddress(ip)).toEqual({ forbidden: true, range });
    expect(isForbiddenAddress(ip)).toBe(true);
  });

  it("accepts bracketed IPv6 and judges odd IPv4 spellings by their value", () => {
    expect(isForbiddenAddress("[::1]")).toBe(true);
    expect(isForbiddenAddress("2130706433")).toBe(true);
    expect(isForbiddenAddress("0x7f000001")).toBe(true);
  });

  it("fails closed on anything that is not an IP address", () => {
    for (const value of ["", "localhost", "example.com", "1.2.3.4.5", "::g", "[]"]) {
      expect(checkAddress(value)).toEqual({ forbidden: true, range: "invalid" });
    }
  });
});

describe("parseIpLiteral", () => {
  it("returns the canonical address for IP literals as URL.hostname spells them", () => {
    expect(parseIpLiteral("127.0.0.1")).toBe("127.0.0.1");
    expect(parseIpLiteral("[::1]")).toBe("::1");
    expect(parseIpLiteral("[::ffff:7f00:1]")).toBe("::ffff:7f00:1");
    expect(parseIpLiteral(new URL("http://[::ffff:127.0.0.1]/").hostname)).not.toBeNull();
  });

  it("returns null for DNS names", () => {
    expect(parseIpLiteral("localhost")).toBeNull();
    expect(parseIpLiteral("api.vendor.example")).toBeNull();
  });

  it("relies on the WHATWG URL parser to normalise numeric IPv4 hosts", () => {
    for (const host of ["2130706433", "0x7f000001", "0177.0.0.1", "127.1", "0x7f.1"]) {
      expect(new URL(`http://${host}/`).hostname).toBe("127.0.0.1");
    }
  });
});
