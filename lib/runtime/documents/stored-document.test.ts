import { describe, expect, it } from "vitest";
import { documentsOf, indexOfDocument, newDocumentId, versionOf } from "./stored-document";

describe("stored documents", () => {
  it("reads a version from the stored integer or a run request's numeric string; anything else counts as 1", () => {
    expect([3, "2", " 4 ", "12", 1, "1", "v2", 0, -1, 1.5, null, undefined, "99999999999"].map((version) => versionOf({ version }))).toEqual([3, 2, 4, 12, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
  });

  it("finds documents by id in a copied list, whatever else the list holds", () => {
    const context = { documents: [null, { id: "a" }, "x", { id: "b" }] };
    const documents = documentsOf(context);
    expect([indexOfDocument(documents, "b"), indexOfDocument(documents, "c")]).toEqual([3, -1]);
    documents.pop();
    expect(context.documents).toHaveLength(4);
    expect(documentsOf({ documents: "none" })).toEqual([]);
  });

  it("keeps a given id and generates a UUID otherwise", () => {
    expect(newDocumentId("passport-1")).toBe("passport-1");
    expect(newDocumentId(undefined)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
