import { describe, expect, it } from "vitest";
import { clientAddress } from "./client-address";

const from = (xff: string | null, hops: number) => clientAddress(new Headers(xff === null ? {} : { "x-forwarded-for": xff }), hops);

/** [X-Forwarded-For as the app receives it, TRUSTED_PROXY_HOPS, the client address]. */
const CASES: [string, string, number, string][] = [
  ["no proxy: the peer our server appended, not what the client wrote", "6.6.6.6, 198.51.100.7", 0, "198.51.100.7"],
  ["one proxy: the entry it appended", "6.6.6.6, 198.51.100.7, 10.0.0.2", 1, "198.51.100.7"],
  ["two proxies: the entry the outer one wrote", "6.6.6.6, 198.51.100.7, 10.0.0.3, 10.0.0.2", 2, "198.51.100.7"],
  ["spaces around entries", "6.6.6.6,198.51.100.7 , 10.0.0.2", 1, "198.51.100.7"],
  ["more hops than entries: the leftmost is all there is", "198.51.100.7, 10.0.0.2", 3, "198.51.100.7"],
  ["IPv6 by its /64", "2001:db8:1:2:3:4:5:6", 0, "2001:db8:1:2::/64"],
  ["IPv6 with zeros and upper case", "2001:0DB8:0001:0002::9", 0, "2001:db8:1:2::/64"],
  ["IPv6 compressed in its prefix", "2001:db8::1", 0, "2001:db8:0:0::/64"],
  ["IPv4-mapped IPv6 as IPv4", "::ffff:192.0.2.1", 0, "192.0.2.1"],
  ["[IPv6]:port", "[2001:db8:1:2::7]:443, 10.0.0.2", 1, "2001:db8:1:2::/64"],
  ["IPv4:port", "192.0.2.1:5000, 10.0.0.2", 1, "192.0.2.1"],
  ["garbage is one shared 'unknown' key, not a fresh key per request", "not-an-ip", 0, "unknown"],
  ["an empty header", "", 0, "unknown"],
  ["garbage in the trusted entry", "1.2.3.4, <script>, 10.0.0.2", 1, "unknown"],
];

describe("clientAddress", () => {
  it.each(CASES)("%s", (_name, xff, hops, expected) => {
    expect(from(xff, hops)).toBe(expected);
  });

  it("is null without the header (a request made in-process, never through the server)", () => {
    expect(from(null, 0)).toBeNull();
  });
});
