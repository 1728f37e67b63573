import { describe, expect, it } from "vitest";
import { MAX_WAIT_SECONDS, preferredWait } from "./wait-settled";

const prefer = (value?: string) => preferredWait(new Request("http://x/", { headers: value === undefined ? {} : { prefer: value } }));

describe("preferredWait: Prefer: wait=N (RFC 7240)", () => {
  it("reads the seconds alone, among other preferences (comma or semicolon, any spacing or letter case)", () => {
    expect(prefer("wait=5")).toBe(5);
    expect(prefer("respond-async, wait=7")).toBe(7);
    expect(prefer("wait=8,respond-async")).toBe(8);
    expect(prefer("return=minimal; wait=9")).toBe(9);
    expect(prefer("return=minimal;wait=10")).toBe(10);
    expect(prefer("WAIT=3 ")).toBe(3);
    expect(prefer("handling=lenient wait=4")).toBe(4);
  });

  it("caps the wait at 30 seconds", () => {
    expect(MAX_WAIT_SECONDS).toBe(30);
    expect(prefer("wait=30")).toBe(30);
    expect(prefer("wait=31")).toBe(30);
    expect(prefer("wait=999999")).toBe(30);
  });

  it("ignores an absent, malformed or differently named preference", () => {
    for (const value of [undefined, "", "respond-async", "wait=", "wait=abc", "wait=5s", "wait=-1", "wait=1234567", "nowait=5", "await=5", "xwait=5", "wait=5x"]) {
      expect(prefer(value), JSON.stringify(value)).toBeNull();
    }
  });
});
