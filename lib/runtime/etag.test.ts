import { describe, expect, it } from "vitest";
import { CodedError } from "../errors/coded-error";
import { etagHeaders, etagOf, ifMatchVersion } from "./etag";

const withIfMatch = (value?: string) => new Request("http://x/", { headers: value === undefined ? {} : { "if-match": value } });

describe("If-Match and ETag: the runtime version", () => {
  it("reads the version as a number, quoted, bare or weak, with surrounding spaces", () => {
    for (const value of ['"7"', "7", 'W/"7"', '  "7"  ', " W/7 "]) expect(ifMatchVersion(withIfMatch(value)), value).toBe(7);
    expect(ifMatchVersion(withIfMatch("12"))).toBe(12);
    expect(ifMatchVersion(withIfMatch('"123456789"'))).toBe(123456789);
    expect(ifMatchVersion(withIfMatch())).toBeUndefined();
  });

  it("refuses anything else with 400 invalid_if_match at /headers/if-match, so a typo never drops the condition", () => {
    for (const value of ["", "*", '"7', 'x"7"', '"7"x', '"1234567890"', '"seven"', "7 8", 'W/ "7"', "\"7\"\n\"8\"".replace("\n", " ")]) {
      let error: unknown;
      try {
        ifMatchVersion(withIfMatch(value));
      } catch (e) {
        error = e;
      }
      expect(error, JSON.stringify(value)).toBeInstanceOf(CodedError);
      expect((error as CodedError).code).toBe("invalid_if_match");
      expect((error as CodedError).status).toBe(400);
      expect((error as CodedError).message).toContain('If-Match: "3"');
      expect((error as CodedError).errors).toEqual([{ path: "/headers/if-match", message: "a runtime version number" }]);
    }
  });

  it("tags an answer with a numeric version, and no other", () => {
    expect(etagOf(3)).toBe('"3"');
    expect(etagHeaders({ version: 3 })).toEqual({ ETag: '"3"' });
    for (const body of [{ version: "3" }, {}, null, undefined, [1]]) expect(etagHeaders(body), JSON.stringify(body)).toEqual({});
  });
});
