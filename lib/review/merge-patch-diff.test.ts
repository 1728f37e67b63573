import { describe, expect, it } from "vitest";
import { mergePatch } from "../engine";
import { mergePatchDiff } from "./merge-patch-diff";

describe("mergePatchDiff", () => {
  it("keeps only what changed: values, nested objects, removals as null, arrays whole", () => {
    const before = { entity: { id: "e1", data: { companyName: "Acme", registrationNumber: "20000002", tags: ["a", "b"], note: "x" } }, keep: 1 };
    const after = { entity: { id: "e1", data: { companyName: "Acme", registrationNumber: "12345678", tags: ["a"], note: undefined, country: "GB" } }, keep: 1 };
    const patch = mergePatchDiff(before, after);
    expect(patch).toEqual({ entity: { data: { registrationNumber: "12345678", tags: ["a"], note: null, country: "GB" } } });
    expect(mergePatch(before, patch)).toEqual({ entity: { id: "e1", data: { companyName: "Acme", registrationNumber: "12345678", tags: ["a"], country: "GB" } }, keep: 1 });
  });

  it("is empty when nothing changed, and replaces a value that changes kind", () => {
    expect(mergePatchDiff({ a: { b: [1] } }, { a: { b: [1] } })).toEqual({});
    expect(mergePatchDiff({ a: { b: 1 } }, { a: "flat" })).toEqual({ a: "flat" });
    expect(mergePatchDiff({ a: "flat" }, { a: { b: 1 } })).toEqual({ a: { b: 1 } });
  });
});
