import { describe, expect, it } from "vitest";
import { patchedFields } from "./patched-fields";

describe("patchedFields: the pointers a context patch's audit row names", () => {
  it("names each leaf of a nested patch, never a value", () => {
    expect(patchedFields({ entity: { data: { companyName: "Acme", registrationNumber: "0700" } }, tier: 2 })).toEqual([
      "/entity/data/companyName",
      "/entity/data/registrationNumber",
      "/tier",
    ]);
  });

  it("counts a removal (null) and an array (replaced whole) as leaves", () => {
    expect(patchedFields({ tags: null, owners: [{ name: "A" }], flags: [] })).toEqual(["/tags", "/owners", "/flags"]);
  });

  it("escapes ~ and / in keys as JSON pointers do (RFC 6901)", () => {
    expect(patchedFields({ "a/b": { "c~d": 1, "~/": 2 } })).toEqual(["/a~1b/c~0d", "/a~1b/~0~1"]);
  });

  it("names the whole document for a patch that is not an object, and nothing for an empty one", () => {
    for (const patch of [null, "x", 3, [1], true, false, 0, ""]) expect(patchedFields(patch), JSON.stringify(patch)).toEqual(["/"]);
    expect(patchedFields({})).toEqual([]);
    expect(patchedFields({ a: {} })).toEqual([]);
  });
});
